import { Badge, Group, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { SectionCard } from "../dashboard/SectionCard";
import { ActionLine } from "./ActionBadges";

/**
 * The dashboard's part of inspections (issue #35), loaded lazily so the dashboard's first load does
 * not grow: staff see the leading indicators, everyone with actions sees the ones assigned to them.
 * Charts are Mantine progress bars and a small SVG line: no chart library.
 */
export function InspectionIndicators({ staff }: { staff: boolean }) {
  return (
    <>
      <MyActionsCard />
      {staff ? <LeadingIndicatorsCard /> : null}
    </>
  );
}

/** The open actions assigned to the user, soonest due first (hidden when there are none). */
function MyActionsCard() {
  const { t } = useTranslation("inspections");
  const mine = trpc.correctiveActions.page.useQuery({ mine: true, limit: 5, offset: 0, status: undefined });
  const open = (mine.data?.items ?? []).filter((a) => a.status !== "closed");
  if (!mine.data || open.length === 0) return null;
  return (
    <SectionCard title={t("actions.myActions")} link={{ label: t("actions.viewAll"), to: "/actions?mine=true" }} testId="my-actions">
      <Stack gap="xs">
        {open.map((a) => (
          <ActionLine key={a.id} action={a} small linkTestId="my-action" />
        ))}
      </Stack>
    </SectionCard>
  );
}

function LeadingIndicatorsCard() {
  const { t } = useTranslation("inspections");
  const query = trpc.inspections.indicators.useQuery();
  const data = query.data;
  if (!data) return null;
  const projects = [...new Set(data.scores.map((s) => s.projectId))];
  return (
    <SectionCard
      title={t("indicators.title")}
      link={{ label: t("indicators.inspections"), to: "/inspections" }}
      testId="leading-indicators"
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Heading title={t("indicators.doneVsScheduled")} empty={data.schedules.length === 0 && t("indicators.noSchedules")} />
          {data.schedules.map((s) => (
            <div key={s.projectId}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" lineClamp={1}>
                  {s.projectName}
                </Text>
                <Text size="sm" c={s.missed > 0 ? "red" : "dimmed"}>
                  {t("list.doneOf", { done: s.done, scheduled: s.scheduled })}
                </Text>
              </Group>
              <Progress value={s.scheduled ? (s.done / s.scheduled) * 100 : 0} color={s.missed > 0 ? "orange" : "green"} size="sm" />
            </div>
          ))}
          <Text fw={600} size="sm" mt="sm">
            {t("indicators.nearMiss")}
          </Text>
          <Text size="sm" data-testid="near-miss-share">
            {data.nearMisses.share === null
              ? t("indicators.noIncidents")
              : t("indicators.nearMissShare", {
                  share: data.nearMisses.share,
                  nearMisses: data.nearMisses.nearMisses,
                  incidents: data.nearMisses.incidents,
                })}
          </Text>
        </Stack>
        <Stack gap="xs">
          <Heading title={t("indicators.actionsByOwner")} empty={data.owners.length === 0 && t("actions.emptyNone")} />
          {data.owners.slice(0, 8).map((o) => (
            <Group key={o.ownerUserId} justify="space-between" gap="xs" data-testid="owner-row">
              <Text size="sm" lineClamp={1}>
                {o.ownerName ?? "—"}
              </Text>
              <Group gap={4}>
                <Badge variant="light">{t("indicators.open", { count: o.openCount })}</Badge>
                {o.overdueCount > 0 ? (
                  <Badge color="red" variant="filled" data-testid="owner-overdue">
                    {t("indicators.overdue", { count: o.overdueCount })}
                  </Badge>
                ) : null}
              </Group>
            </Group>
          ))}
          <Heading title={t("indicators.scores")} empty={projects.length === 0 && t("indicators.noScores")} mt="sm" />
          {projects.slice(0, 6).map((projectId) => {
            const points = data.scores.filter((s) => s.projectId === projectId);
            return (
              <Group key={projectId} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {points[0]?.projectName}
                </Text>
                <Sparkline
                  values={points.map((p) => p.averageScore)}
                  label={points.map((p) => `${p.week}: ${p.averageScore}%`).join(", ")}
                />
              </Group>
            );
          })}
        </Stack>
      </SimpleGrid>
    </SectionCard>
  );
}

/** Weekly average scores (0-100) as a small line, the last value printed beside it. */
function Sparkline({ values, label }: { values: number[]; label: string }) {
  const width = 120;
  const height = 28;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(height - (v / 100) * height).toFixed(1)}`).join(" ");
  const last = values.at(-1);
  return (
    <Group gap={6} wrap="nowrap">
      <svg width={width} height={height} role="img" aria-label={label} style={{ overflow: "visible" }}>
        <title>{label}</title>
        <line x1={0} x2={width} y1={height * 0.1} y2={height * 0.1} stroke="var(--mantine-color-gray-3)" strokeDasharray="2 2" />
        {values.length > 1 ? (
          <polyline points={points} fill="none" stroke="var(--mantine-color-blue-6)" strokeWidth={2} />
        ) : (
          <circle cx={width / 2} cy={height - ((last ?? 0) / 100) * height} r={3} fill="var(--mantine-color-blue-6)" />
        )}
      </svg>
      <Text size="sm" fw={600} w={44} ta="right">
        {last === undefined ? "" : `${last}%`}
      </Text>
    </Group>
  );
}

/** A part's heading in the indicators card, and what it says when it has nothing to show. */
function Heading({ title, empty, mt }: { title: string; empty: string | false; mt?: "sm" }) {
  return (
    <>
      <Text fw={600} size="sm" mt={mt}>
        {title}
      </Text>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : null}
    </>
  );
}
