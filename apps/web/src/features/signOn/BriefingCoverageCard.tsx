import { ActionIcon, Anchor, Group, Select, Stack, Table, Text } from "@mantine/core";
import { addDays, coveragePercent } from "@sitesafe/domain";
import { IconChevronLeft, IconChevronRight, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton } from "../../components/States";
import { formatDate, formatMonth } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { SectionCard } from "../dashboard/SectionCard";

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Staff dashboard (issue #34): one project's week of briefing coverage, how many assigned workers
 * signed each day's JHA (the current version), the week's toolbox talks and who attended none this
 * month; the same as CSV.
 */
export function BriefingCoverageCard() {
  const { t } = useTranslation("signOn");
  const options = trpc.jha.formOptions.useQuery();
  const projects = options.data?.projects ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [weekOf, setWeekOf] = useState(todayUtc());
  const projectId = picked ?? (projects[0] ? String(projects[0].id) : null);
  const report = trpc.signOn.coverage.useQuery({ projectId: Number(projectId), weekOf }, { enabled: projectId !== null });

  return (
    <SectionCard title={t("coverage.title")} testId="briefing-coverage">
      <Stack gap="sm">
        <Select
          aria-label={t("coverage.project")}
          data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          value={projectId}
          onChange={setPicked}
          searchable
          allowDeselect={false}
        />
        {report.data ? (
          <>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t("coverage.previous")}
                onClick={() => setWeekOf(addDays(report.data.weekStart, -7))}
              >
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Text size="sm" fw={600} ta="center">
                {t("coverage.week", {
                  from: formatDate(`${report.data.weekStart}T12:00:00`),
                  to: formatDate(`${report.data.weekEnd}T12:00:00`),
                })}
              </Text>
              <ActionIcon variant="subtle" aria-label={t("coverage.next")} onClick={() => setWeekOf(addDays(report.data.weekStart, 7))}>
                <IconChevronRight size={18} />
              </ActionIcon>
            </Group>
            <Table.ScrollContainer minWidth={280}>
              <Table striped verticalSpacing={4} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("coverage.day")}</Table.Th>
                    <Table.Th>{t("coverage.jhas")}</Table.Th>
                    <Table.Th>{t("coverage.signed")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.days.map((day) => (
                    <Table.Tr key={day.date}>
                      <Table.Td>{formatDate(`${day.date}T12:00:00`)}</Table.Td>
                      <Table.Td>{day.jhas.length}</Table.Td>
                      <Table.Td>
                        {day.jhas.length === 0
                          ? "–"
                          : t("coverage.signedOf", {
                              signed: day.signedCount,
                              assigned: report.data.assignedCount,
                              percent: coveragePercent(day.signedCount, report.data.assignedCount),
                            })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm">{t("coverage.talks", { count: report.data.talkCount })}</Text>
            <Text size="sm" c={report.data.noTalkThisMonth.length ? "var(--sitesafe-brand-text)" : "var(--sitesafe-good-text)"}>
              {report.data.noTalkThisMonth.length
                ? t("coverage.noTalk", {
                    month: formatMonth(report.data.month),
                    names: report.data.noTalkThisMonth.map((w) => w.name).join(", "),
                  })
                : t("coverage.allTalked", { month: formatMonth(report.data.month) })}
            </Text>
            <Anchor href={`/api/sign-on/coverage?projectId=${projectId}&weekOf=${report.data.weekStart}&format=csv`} size="sm">
              <Group gap={4} component="span">
                <IconDownload size={14} />
                {t("coverage.csv")}
              </Group>
            </Anchor>
          </>
        ) : projectId === null ? (
          <Text size="sm" c="dimmed">
            {t("coverage.noProjects")}
          </Text>
        ) : (
          <ListSkeleton rows={3} />
        )}
      </Stack>
    </SectionCard>
  );
}
