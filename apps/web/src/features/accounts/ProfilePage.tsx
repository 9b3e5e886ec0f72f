import { Button, Card, Grid, Skeleton, Tabs } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../../components/PageHeader";
import { useCurrentUser } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { MyServiceTokens } from "./ServiceTokens";
import { AccountDetails, SummaryCard, WorkerDetails } from "./UserProfilePage";

/** /profile: the signed-in user's own account and, when they have one, their worker profile. */
export function ProfilePage() {
  const user = useCurrentUser();
  const worker = trpc.users.workerProfile.useQuery();
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="My Profile"
        subtitle="Your account details and worker profile"
        actions={
          <Button component={Link} to="/account/password" variant="light" leftSection={<IconKey size={16} />}>
            Change Password
          </Button>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SummaryCard user={user} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="md" padding="lg">
            {worker.isPending ? (
              <Skeleton height={200} />
            ) : (
              <Tabs defaultValue="account">
                <Tabs.List mb="md">
                  <Tabs.Tab value="account">Account Details</Tabs.Tab>
                  {worker.data ? <Tabs.Tab value="worker">Worker Profile</Tabs.Tab> : null}
                </Tabs.List>
                <Tabs.Panel value="account">
                  <AccountDetails user={user} />
                </Tabs.Panel>
                {worker.data ? (
                  <Tabs.Panel value="worker">
                    <WorkerDetails worker={worker.data} />
                  </Tabs.Panel>
                ) : null}
              </Tabs>
            )}
          </Card>
          <MyServiceTokens />
        </Grid.Col>
      </Grid>
    </>
  );
}
