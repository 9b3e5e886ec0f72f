import { Card, Group, Stack, Text } from "@mantine/core";
import type { Rate } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { ErrorState, ListSkeleton } from "../../components/States";
import { type RouterOutputs, trpc } from "../../lib/trpc";

const shown = (r: Rate) => (r.value === null ? "–" : r.value.toFixed(2));

type RateName = "trir" | "dart" | "ltir";
const RATE_NAMES: readonly RateName[] = ["trir", "dart", "ltir"];
type Establishment = RouterOutputs["osha"]["rates"]["establishments"][number];

/** The formula with the period's figures, in the reader's language ("TRIR = 3 x 200,000 / 180,000 hours = 3.33"). */
function useFormula(): (name: RateName, rate: Rate) => string {
  const { t } = useTranslation("osha");
  return (name, rate) =>
    t("rates.formula", {
      label: t(`labels.rate.${name}`),
      cases: rate.cases,
      hours: rate.hours.toLocaleString("en-US"),
      value: rate.value === null ? t("rates.noHours") : rate.value.toFixed(2),
    });
}

/** A rate with its formula beside it, so a reader can check the arithmetic. */
function RateLine({ name, rate }: { name: RateName; rate: Rate }) {
  const { t } = useTranslation("osha");
  const formula = useFormula();
  return (
    <Group gap="sm" wrap="nowrap" align="baseline">
      <Text fw={700} w={52}>
        {t(`labels.rate.${name}`)}
      </Text>
      <Text fw={700} w={56} data-testid={`rate-${name}`}>
        {shown(rate)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {formula(name, rate)}
      </Text>
    </Group>
  );
}

/** TRIR, DART and LTIR, each with its formula. */
export function RateLines({ rates }: { rates: { trir: Rate; dart: Rate; ltir: Rate } }) {
  return (
    <Stack gap={6}>
      {RATE_NAMES.map((name) => (
        <RateLine key={name} name={name} rate={rates[name]} />
      ))}
    </Stack>
  );
}

/** TRIR, DART and LTIR per establishment and for the company, for one year. */
export function RatesTab({ year }: { year: number }) {
  const { t } = useTranslation("osha");
  const formula = useFormula();
  const rates = trpc.osha.rates.useQuery({ year });
  if (rates.isPending) return <ListSkeleton rows={3} />;
  if (rates.isError) return <ErrorState message={t("rates.loadFailed")} onRetry={() => void rates.refetch()} />;
  const { establishments, company } = rates.data;
  const columns: DataColumn<Establishment>[] = [
    { header: t("rates.colEstablishment"), cell: (e) => e.name },
    {
      header: t("rates.colHours"),
      align: "right",
      cell: (e) => (e.totalHoursWorked === null ? t("rates.notEntered") : e.totalHoursWorked.toLocaleString("en-US")),
    },
    { header: t("rates.colRecordable"), align: "right", cell: (e) => e.recordableCases },
    { header: t("rates.colDaysAway"), align: "right", cell: (e) => e.daysAwayCases },
    { header: t("rates.colRestricted"), align: "right", cell: (e) => e.transferRestrictionCases },
    ...RATE_NAMES.map(
      (name): DataColumn<Establishment> => ({
        header: t(`labels.rate.${name}`),
        align: "right",
        cell: (e) => shown(e.rates[name]),
        td: (e) => ({ title: formula(name, e.rates[name]) }),
      }),
    ),
  ];

  return (
    <Stack gap="md" mt="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={700} mb="xs">
          {t("rates.company", { year })}
        </Text>
        <RateLines rates={company.rates} />
        <Text size="xs" c="dimmed" mt="sm">
          {`${t("rates.definitionTrir")}. ${t("rates.definitionDart")}. ${t("rates.definitionLtir")}. ${t("rates.hoursNote")}`}
        </Text>
      </Card>
      <DataTable
        minWidth={640}
        framed
        dense
        highlightOnHover={false}
        aria-label={t("rates.tableLabel", { year })}
        rows={establishments}
        rowKey={(e) => e.establishmentId}
        columns={columns}
      />
    </Stack>
  );
}
