import { Alert, Group, Stack, Text } from "@mantine/core";
import { canKeepOshaRecords, isPostingPeriod, localToday } from "@sitesafe/domain";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { SectionCard } from "../dashboard/SectionCard";

function Figure({ rate, value }: { rate: "trir" | "dart"; value: string }) {
  const { t } = useTranslation("osha");
  return (
    <Stack gap={0} align="center">
      <Text size="xl" fw={700} data-testid={`osha-card-${rate}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`labels.rate.${rate}`)}
      </Text>
    </Stack>
  );
}

/** This year's company TRIR and DART, and from February 1 to April 30 the reminder to post the 300A. */
export function OshaDashboardCard() {
  const { t } = useTranslation("osha");
  const actor = useActor();
  const keeper = canKeepOshaRecords(actor);
  const today = localToday();
  const year = Number(today.slice(0, 4));
  const rates = trpc.osha.rates.useQuery({ year }, { enabled: keeper });
  if (!keeper) return null;
  const company = rates.data?.company;
  const value = (v: number | null | undefined) => (v == null ? "–" : v.toFixed(2));
  return (
    <SectionCard title={t("card.title", { year })} link={{ label: t("card.link"), to: "/recordkeeping" }} testId="osha-card">
      <Stack gap="xs">
        {isPostingPeriod(today) ? (
          <Alert color="orange" icon={<IconSpeakerphone size={18} />} p="xs">
            {t("card.posting", { year: year - 1 })}
          </Alert>
        ) : null}
        <Group grow>
          <Figure rate="trir" value={value(company?.rates.trir.value)} />
          <Figure rate="dart" value={value(company?.rates.dart.value)} />
        </Group>
        <Text size="xs" c="dimmed">
          {company
            ? t("card.cases", { count: company.recordableCases, hours: company.totalHoursWorked.toLocaleString("en-US") })
            : rates.isError
              ? t("card.loadFailed")
              : t("card.loading")}
        </Text>
      </Stack>
    </SectionCard>
  );
}
