import { Card, Group, Stack, Table, Text } from "@mantine/core";
import type { Rate } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { ErrorState, ListSkeleton } from "../../components/States";
import { trpc } from "../../lib/trpc";

const shown = (r: Rate) => (r.value === null ? "–" : r.value.toFixed(2));

type RateName = "trir" | "dart" | "ltir";

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
      <RateLine name="trir" rate={rates.trir} />
      <RateLine name="dart" rate={rates.dart} />
      <RateLine name="ltir" rate={rates.ltir} />
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
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="sm" aria-label={t("rates.tableLabel", { year })}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("rates.colEstablishment")}</Table.Th>
                <Table.Th ta="right">{t("rates.colHours")}</Table.Th>
                <Table.Th ta="right">{t("rates.colRecordable")}</Table.Th>
                <Table.Th ta="right">{t("rates.colDaysAway")}</Table.Th>
                <Table.Th ta="right">{t("rates.colRestricted")}</Table.Th>
                <Table.Th ta="right">{t("labels.rate.trir")}</Table.Th>
                <Table.Th ta="right">{t("labels.rate.dart")}</Table.Th>
                <Table.Th ta="right">{t("labels.rate.ltir")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {establishments.map((e) => (
                <Table.Tr key={e.establishmentId}>
                  <Table.Td>{e.name}</Table.Td>
                  <Table.Td ta="right">
                    {e.totalHoursWorked === null ? t("rates.notEntered") : e.totalHoursWorked.toLocaleString("en-US")}
                  </Table.Td>
                  <Table.Td ta="right">{e.recordableCases}</Table.Td>
                  <Table.Td ta="right">{e.daysAwayCases}</Table.Td>
                  <Table.Td ta="right">{e.transferRestrictionCases}</Table.Td>
                  <Table.Td ta="right" title={formula("trir", e.rates.trir)}>
                    {shown(e.rates.trir)}
                  </Table.Td>
                  <Table.Td ta="right" title={formula("dart", e.rates.dart)}>
                    {shown(e.rates.dart)}
                  </Table.Td>
                  <Table.Td ta="right" title={formula("ltir", e.rates.ltir)}>
                    {shown(e.rates.ltir)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
