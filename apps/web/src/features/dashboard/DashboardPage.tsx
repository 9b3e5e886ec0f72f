import { Card, Text } from "@mantine/core";
import { PageHeader } from "../../components/PageHeader";
import { useCurrentUser } from "../../lib/auth";
import { trpc } from "../../lib/trpc";

/** Placeholder until the dashboard issue: proves the web app reads from the API. */
export function DashboardPage() {
  const user = useCurrentUser();
  const ping = trpc.ping.useQuery();
  return (
    <>
      <PageHeader title={`Welcome, ${user?.firstName ?? user?.username ?? ""}`} subtitle="Your site safety at a glance" />
      <Card withBorder>
        <Text data-testid="api-status">{ping.data?.message ?? "Connecting..."}</Text>
      </Card>
    </>
  );
}
