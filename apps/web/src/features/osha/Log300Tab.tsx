import { Anchor, Badge, Card, Group, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { type CaseOutcome, caseOutcomes, type InjuryType, injuryTypes, PRIVACY_CASE_NAME } from "@sitesafe/domain";
import { IconSearch } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataColumn, DataTable } from "../../components/data/DataTable";
import { QueryStates } from "../../components/data/QueryStates";
import { EmptyState } from "../../components/States";
import { useIsMobile } from "../../lib/device";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { DownloadButton, recordQuery } from "./downloads";

const outcomeColors: Record<CaseOutcome, string> = {
  death: "dark",
  days_away: "red",
  job_transfer_restriction: "orange",
  other_recordable: "blue",
};

/** `short`: the 300 log's column letter and a short name, so the table stays readable at any width. */
export function OutcomeBadge({ outcome, short }: { outcome: CaseOutcome; short?: boolean }) {
  const { t } = useTranslation("osha");
  return (
    <Badge color={outcomeColors[outcome]} variant="light" radius="sm" maw="none" style={{ flexShrink: 0 }}>
      {short ? t(`labels.outcomeShort.${outcome}`) : t(`labels.outcome.${outcome}`)}
    </Badge>
  );
}

type Row = RouterOutputs["osha"]["log300"]["rows"][number];

function Employee({ row }: { row: Row }) {
  const { t } = useTranslation("osha");
  return row.employeeName === PRIVACY_CASE_NAME ? (
    <Text span fs="italic" size="sm">
      {t("log.privacyCase")}
    </Text>
  ) : (
    row.employeeName
  );
}

/** On a phone each case is a card instead of a 10-column row. */
function CaseCards({ rows }: { rows: Row[] }) {
  const { t } = useTranslation("osha");
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
            <Employee row={r} /> · {r.jobTitle}
          </Text>
          <Text size="sm" c="dimmed">
            {r.date} · {r.where}
          </Text>
          {r.description ? <Text size="sm">{r.description}</Text> : null}
          <Text size="xs" c="dimmed">
            {t("log.caseDays", {
              type: t(`labels.injuryType.${r.injuryType as InjuryType}`),
              daysAway: r.daysAway,
              daysRestricted: r.daysRestricted,
            })}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

/** The Form 300 log of one establishment and year, with filters and the downloads. */
export function Log300Tab({ establishmentId, year }: { establishmentId: number; year: number }) {
  const { t } = useTranslation("osha");
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
  const columns: DataColumn<Row>[] = [
    {
      header: t("log.colCase"),
      cell: (r) => (
        <Anchor component={Link} to={`/forms/incident-reports/${r.incidentId}`} size="sm">
          {r.caseNumber}
        </Anchor>
      ),
      td: { style: { whiteSpace: "nowrap" } },
    },
    { header: t("log.colEmployee"), cell: (r) => <Employee row={r} /> },
    { header: t("log.colJobTitle"), cell: (r) => r.jobTitle },
    { header: t("log.colDate"), cell: (r) => r.date },
    { header: t("log.colWhere"), cell: (r) => r.where },
    { header: t("log.colDescription"), cell: (r) => r.description, td: { maw: 260 } },
    { header: t("log.colOutcome"), cell: (r) => <OutcomeBadge outcome={r.outcome} short /> },
    { header: t("log.colDaysAway"), align: "right", cell: (r) => r.daysAway },
    { header: t("log.colRestricted"), align: "right", cell: (r) => r.daysRestricted },
    { header: t("log.colType"), cell: (r) => t(`labels.injuryType.${r.injuryType as InjuryType}`) },
  ];

  return (
    <Stack gap="md" mt="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t("log.searchLabel")}
            placeholder={t("log.searchPlaceholder")}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: "100%", xs: 200 }}
          />
          <Select
            aria-label={t("log.outcomeLabel")}
            placeholder={t("log.allOutcomes")}
            clearable
            data={caseOutcomes.map((o) => ({ value: o, label: t(`labels.outcome.${o}`) }))}
            value={outcome}
            onChange={setOutcome}
            w={{ base: "100%", xs: 210 }}
          />
          <Select
            aria-label={t("log.typeLabel")}
            placeholder={t("log.allTypes")}
            clearable
            data={injuryTypes.map((type) => ({ value: type, label: t(`labels.injuryType.${type}`) }))}
            value={type}
            onChange={setType}
            w={{ base: "100%", xs: 190 }}
          />
        </Group>
        <Group gap="xs">
          <DownloadButton href={`/api/osha/300?${q}&format=pdf`} label={t("log.pdf")} />
          <DownloadButton href={`/api/osha/300?${q}&format=csv`} label={t("log.csv")} />
        </Group>
      </Group>
      <QueryStates
        query={log}
        failed={t("log.loadFailed")}
        isEmpty={(data) => data.rows.length === 0}
        empty={<EmptyState title={t("log.emptyTitle")} message={t("log.emptyMessage", { year })} />}
      >
        {({ totals }) =>
          rows.length === 0 ? (
            <EmptyState title={t("log.noMatch")} />
          ) : mobile ? (
            <>
              <CaseCards rows={rows} />
              <Text size="sm" fw={600}>
                {t("log.totalsLine", {
                  cases: t("log.cases", { count: totals.totalRecordableCases }),
                  daysAway: totals.daysAway,
                  daysRestricted: totals.daysRestricted,
                })}
              </Text>
            </>
          ) : (
            <DataTable
              minWidth={900}
              framed
              dense
              aria-label={t("log.tableLabel", { year })}
              rows={rows}
              rowKey={(r) => r.caseNumber}
              columns={columns}
              footer={
                <Table.Tr fw={600}>
                  <Table.Td colSpan={6}>{t("log.totals", { cases: t("log.cases", { count: totals.totalRecordableCases }) })}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {t("log.columnTotals", {
                      g: totals.deaths,
                      h: totals.daysAwayCases,
                      i: totals.transferRestrictionCases,
                      j: totals.otherRecordableCases,
                    })}
                  </Table.Td>
                  <Table.Td ta="right">{totals.daysAway}</Table.Td>
                  <Table.Td ta="right">{totals.daysRestricted}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              }
            />
          )
        }
      </QueryStates>
    </Stack>
  );
}
