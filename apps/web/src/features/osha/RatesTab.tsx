import { RATE_DEFINITIONS, type Rate } from "@sitesafe/domain";
import { Card, Group, Stack, Table, Text } from "@mantine/core";
import { ErrorState, ListSkeleton } from "../../components/States";
import { trpc } from "../../lib/trpc";

const shown = (r: Rate) => (r.value === null ? "–" : r.value.toFixed(2));

/** A rate with its formula beside it, so a reader can check the arithmetic. */
export function RateLine({ name, rate }: { name: string; rate: Rate }) {
  return (
    <Group gap="sm" wrap="nowrap" align="baseline">
      <Text fw={700} w={52}>
        {name}
      </Text>
      <Text fw={700} w={56} data-testid={`rate-${name.toLowerCase()}`}>
        {shown(rate)}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {rate.formula}
      </Text>
    </Group>
  );
}

/** TRIR, DART and LTIR, each with its formula. */
export function RateLines({ rates }: { rates: { trir: Rate; dart: Rate; ltir: Rate } }) {
  return (
    <Stack gap={6}>
      <RateLine name="TRIR" rate={rates.trir} />
      <RateLine name="DART" rate={rates.dart} />
      <RateLine name="LTIR" rate={rates.ltir} />
    </Stack>
  );
}

/** TRIR, DART and LTIR per establishment and for the company, for one year. */
export function RatesTab({ year }: { year: number }) {
  const rates = trpc.osha.rates.useQuery({ year });
  if (rates.isPending) return <ListSkeleton rows={3} />;
  if (rates.isError) return <ErrorState message="Failed to load the rates." onRetry={() => void rates.refetch()} />;
  const { establishments, company } = rates.data;
  return (
    <Stack gap="md" mt="md">
      <Card withBorder radius="md" padding="md">
        <Text fw={700} mb="xs">
          Company, {year}
        </Text>
        <RateLines rates={company.rates} />
        <Text size="xs" c="dimmed" mt="sm">
          {RATE_DEFINITIONS.trir}. {RATE_DEFINITIONS.dart}. {RATE_DEFINITIONS.ltir}. 200,000 hours is 100 full-time employees working 40 hours a week for 50 weeks.
        </Text>
      </Card>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="sm" aria-label={`Rates by establishment ${year}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Establishment</Table.Th>
                <Table.Th ta="right">Hours worked</Table.Th>
                <Table.Th ta="right">Recordable</Table.Th>
                <Table.Th ta="right">Days away</Table.Th>
                <Table.Th ta="right">Restricted</Table.Th>
                <Table.Th ta="right">TRIR</Table.Th>
                <Table.Th ta="right">DART</Table.Th>
                <Table.Th ta="right">LTIR</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {establishments.map((e) => (
                <Table.Tr key={e.establishmentId}>
                  <Table.Td>{e.name}</Table.Td>
                  <Table.Td ta="right">{e.totalHoursWorked === null ? "not entered" : e.totalHoursWorked.toLocaleString("en-US")}</Table.Td>
                  <Table.Td ta="right">{e.recordableCases}</Table.Td>
                  <Table.Td ta="right">{e.daysAwayCases}</Table.Td>
                  <Table.Td ta="right">{e.transferRestrictionCases}</Table.Td>
                  <Table.Td ta="right" title={e.rates.trir.formula}>{shown(e.rates.trir)}</Table.Td>
                  <Table.Td ta="right" title={e.rates.dart.formula}>{shown(e.rates.dart)}</Table.Td>
                  <Table.Td ta="right" title={e.rates.ltir.formula}>{shown(e.rates.ltir)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
