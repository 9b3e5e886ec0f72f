import { type CaseOutcome, caseOutcomeLabels, caseOutcomes, type InjuryType, injuryTypeLabels, injuryTypes } from "@sitesafe/domain";
import { Anchor, Badge, Card, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { EmptyState, ErrorState, ListSkeleton } from "../../components/States";
import { useIsMobile } from "../../lib/device";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { DownloadButton, recordQuery } from "./downloads";

const outcomeColors: Record<CaseOutcome, string> = { death: "dark", days_away: "red", job_transfer_restriction: "orange", other_recordable: "blue" };
/** The 300 log's column letter and a short name: the table stays readable at any width. */
const outcomeShort: Record<CaseOutcome, string> = { death: "G · Death", days_away: "H · Days away", job_transfer_restriction: "I · Restricted", other_recordable: "J · Other" };

export function OutcomeBadge({ outcome, short }: { outcome: CaseOutcome; short?: boolean }) {
  return (
    <Badge color={outcomeColors[outcome]} variant="light" radius="sm" maw="none" style={{ flexShrink: 0 }}>
      {short ? outcomeShort[outcome] : caseOutcomeLabels[outcome]}
    </Badge>
  );
}

type Row = RouterOutputs["osha"]["log300"]["rows"][number];

const employee = (r: Row) =>
  r.employeeName === "Privacy Case" ? (
    <Text span fs="italic" size="sm">
      Privacy Case
    </Text>
  ) : (
    r.employeeName
  );

/** On a phone each case is a card instead of a 10-column row. */
function CaseCards({ rows }: { rows: Row[] }) {
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Card key={r.caseNumber} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={`/forms/incident-reports/${r.incidentId}`} fw={600} size="sm">
              {r.caseNumber}
            </Anchor>
            <OutcomeBadge outcome={r.outcome} short />
          </Group>
          <Text size="sm" fw={500}>
            {employee(r)} · {r.jobTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {r.date} · {r.where}
          </Text>
          {r.description ? <Text size="sm">{r.description}</Text> : null}
          <Text size="xs" c="dimmed">
            {injuryTypeLabels[r.injuryType as InjuryType]} · {r.daysAway} days away · {r.daysRestricted} days restricted
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The Form 300 log of one establishment and year, with filters and the downloads. */
export function Log300Tab({ establishmentId, year }: { establishmentId: number; year: number }) {
  const log = trpc.osha.log300.useQuery({ establishmentId, year });
  const mobile = useIsMobile();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [search, setSearch] = useState("");

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (log.data?.rows ?? []).filter(
      (r) =>
        (!outcome || r.outcome === outcome) &&
        (!type || r.injuryType === type) &&
        (!q || [r.caseNumber, r.employeeName, r.jobTitle, r.where, r.description].some((v) => v.toLowerCase().includes(q))),
    );
  }, [log.data, outcome, type, search]);

  const q = recordQuery(establishmentId, year);
  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput aria-label="Search the log" placeholder="Search cases" leftSection={<IconSearch size={16} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: "100%", xs: 200 }} />
          <Select aria-label="Outcome" placeholder="All outcomes" clearable data={caseOutcomes.map((o) => ({ value: o, label: caseOutcomeLabels[o] }))} value={outcome} onChange={setOutcome} w={{ base: "100%", xs: 210 }} />
          <Select aria-label="Injury or illness type" placeholder="All types" clearable data={injuryTypes.map((t) => ({ value: t, label: injuryTypeLabels[t] }))} value={type} onChange={setType} w={{ base: "100%", xs: 190 }} />
        </Group>
        <Group gap="xs">
          <DownloadButton href={`/api/osha/300?${q}&format=pdf`} label="300 log PDF" />
          <DownloadButton href={`/api/osha/300?${q}&format=csv`} label="CSV" />
        </Group>
      </Group>
      {log.isPending ? (
        <ListSkeleton rows={4} />
      ) : log.isError ? (
        <ErrorState message="Failed to load the 300 log." onRetry={() => void log.refetch()} />
      ) : log.data.rows.length === 0 ? (
        <EmptyState title="No recordable cases" message={`No incident of this establishment in ${year} is classified as recordable. Classify incidents from their detail page.`} />
      ) : rows.length === 0 ? (
        <EmptyState title="No cases match the filters" />
      ) : mobile ? (
        <>
          <CaseCards rows={rows} />
          <Text size="sm" fw={600}>
            Totals: {plural(log.data.totals.totalRecordableCases, "case", "cases")}, {log.data.totals.daysAway} days away, {log.data.totals.daysRestricted} days restricted
          </Text>
        </>
      ) : (
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs" fz="sm" aria-label={`OSHA 300 log ${year}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>(A) Case</Table.Th>
                  <Table.Th>(B) Employee</Table.Th>
                  <Table.Th>(C) Job title</Table.Th>
                  <Table.Th>(D) Date</Table.Th>
                  <Table.Th>(E) Where</Table.Th>
                  <Table.Th>(F) Description</Table.Th>
                  <Table.Th>(G–J) Outcome</Table.Th>
                  <Table.Th ta="right">(K) Days away</Table.Th>
                  <Table.Th ta="right">(L) Restricted</Table.Th>
                  <Table.Th>(M) Type</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.caseNumber}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <Anchor component={Link} to={`/forms/incident-reports/${r.incidentId}`} size="sm">
                        {r.caseNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{employee(r)}</Table.Td>
                    <Table.Td>{r.jobTitle}</Table.Td>
                    <Table.Td>{r.date}</Table.Td>
                    <Table.Td>{r.where}</Table.Td>
                    <Table.Td maw={260}>{r.description}</Table.Td>
                    <Table.Td>
                      <OutcomeBadge outcome={r.outcome} short />
                    </Table.Td>
                    <Table.Td ta="right">{r.daysAway}</Table.Td>
                    <Table.Td ta="right">{r.daysRestricted}</Table.Td>
                    <Table.Td>{injuryTypeLabels[r.injuryType as InjuryType]}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={600}>
                  <Table.Td colSpan={6}>Totals ({plural(log.data.totals.totalRecordableCases, "case", "cases")})</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    G {log.data.totals.deaths} · H {log.data.totals.daysAwayCases} · I {log.data.totals.transferRestrictionCases} · J {log.data.totals.otherRecordableCases}
                  </Table.Td>
                  <Table.Td ta="right">{log.data.totals.daysAway}</Table.Td>
                  <Table.Td ta="right">{log.data.totals.daysRestricted}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
