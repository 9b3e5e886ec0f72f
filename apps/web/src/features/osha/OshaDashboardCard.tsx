import { canKeepOshaRecords, isPostingPeriod, localToday } from "@sitesafe/domain";
import { Alert, Group, Stack, Text } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { SectionCard } from "../dashboard/SectionCard";

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xl" fw={700} data-testid={`osha-card-${label.toLowerCase()}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** This year's company TRIR and DART, and from February 1 to April 30 the reminder to post the 300A. */
export function OshaDashboardCard() {
  const actor = useActor();
  const keeper = canKeepOshaRecords(actor);
  const today = localToday();
  const year = Number(today.slice(0, 4));
  const rates = trpc.osha.rates.useQuery({ year }, { enabled: keeper });
  if (!keeper) return null;
  const company = rates.data?.company;
  const value = (v: number | null | undefined) => (v == null ? "–" : v.toFixed(2));
  return (
    <SectionCard title={`OSHA rates ${year}`} link={{ label: "Recordkeeping", to: "/recordkeeping" }} testId="osha-card">
      <Stack gap="xs">
        {isPostingPeriod(today) ? (
          <Alert color="orange" icon={<IconSpeakerphone size={18} />} p="xs">
            Post the signed {year - 1} Form 300A summary where notices are posted, from February 1 to April 30.
          </Alert>
        ) : null}
        <Group grow>
          <Figure label="TRIR" value={value(company?.rates.trir.value)} />
          <Figure label="DART" value={value(company?.rates.dart.value)} />
        </Group>
        <Text size="xs" c="dimmed">
          {company ? `${company.recordableCases} recordable ${company.recordableCases === 1 ? "case" : "cases"} in ${company.totalHoursWorked.toLocaleString("en-US")} hours` : rates.isError ? "Could not load the rates." : "Loading..."}
        </Text>
      </Stack>
    </SectionCard>
  );
}
