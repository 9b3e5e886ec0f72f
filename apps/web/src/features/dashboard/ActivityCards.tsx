import { Anchor, Badge, Button, Group, Progress, Stack, Text, ThemeIcon } from "@mantine/core";
import { dashboardSeverityBadge, type UpcomingItemType } from "@sitesafe/domain";
import {
  IconCalendarEvent,
  IconCertificate,
  IconClipboardCheck,
  IconFlame,
  IconPlayerPlay,
  IconSearch,
  IconVideo,
} from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatAge, formatDate, formatDuration, formatPercent, formatUpcoming } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";
import { PanelList, type PanelProps, SectionCard } from "./SectionCard";

const upcomingIcon: Record<UpcomingItemType, { icon: typeof IconVideo; color: string }> = {
  video: { icon: IconVideo, color: "grape" },
  jha: { icon: IconClipboardCheck, color: "teal" },
  training: { icon: IconCertificate, color: "green" },
  inspection: { icon: IconSearch, color: "blue" },
  other: { icon: IconFlame, color: "orange" },
};

/** Items already due (outstanding training) say so; the rest "Today, 3:00 PM", "Tomorrow, ..." or the weekday. */
function dueLabel(datetime: Date, dueNow: string): string {
  return new Date(datetime).getTime() <= Date.now() + 60_000 ? dueNow : formatUpcoming(datetime);
}

/** Upcoming safety items, first 5, "Today, 3:00 PM" / "Tomorrow, ..." / weekday. */
export function UpcomingCard(props: PanelProps<RouterOutputs["dashboard"]["upcoming"][number]>) {
  const { t } = useTranslation("dashboard");
  return (
    <SectionCard title={t("upcoming.title")} testId="upcoming">
      <PanelList {...props} rows={4} none={t("upcoming.none")}>
        {(items) => (
          <Stack gap="sm">
            {items.map((item) => {
              const { icon: Icon, color } = upcomingIcon[item.type] ?? { icon: IconCalendarEvent, color: "gray" };
              return (
                <Group key={item.id} wrap="nowrap" align="flex-start" gap="sm" data-testid="upcoming-item">
                  <ThemeIcon variant="light" color={color} radius="md" size={36}>
                    <Icon size={18} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {item.title}
                    </Text>
                    <Text size="xs" c="var(--sitesafe-brand-text)" fw={500}>
                      {dueLabel(item.datetime, t("upcoming.dueNow"))}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {item.details}
                    </Text>
                  </div>
                </Group>
              );
            })}
          </Stack>
        )}
      </PanelList>
    </SectionCard>
  );
}

/** /videos?vid={id} opens that video (the videos screen reads the query). */
const VIDEOS_PATH: string = "/videos";
const videoSearch = (vid: number) => ({ vid }) as never;

/** The newest published videos with the viewer's real progress. */
export function RecentVideosCard(props: PanelProps<RouterOutputs["dashboard"]["recentVideos"][number]>) {
  const { t } = useTranslation("dashboard");
  return (
    <SectionCard title={t("videos.title")} link={{ label: t("videos.browse"), to: "/videos" }} testId="recent-videos">
      <PanelList {...props} rows={3} none={t("videos.none")}>
        {(videos) => (
          <Stack gap="sm">
            {videos.map((video) => {
              const pct = video.progress?.status === "completed" ? 100 : (video.progress?.watchedPercentage ?? 0);
              const notStarted = !video.progress || (video.progress.status === "not_watched" && video.progress.watchedPercentage === 0);
              const label = notStarted
                ? t("videos.notStarted")
                : video.progress?.status === "completed"
                  ? t("videos.completed")
                  : formatPercent(pct);
              return (
                <Group key={video.id} wrap="nowrap" gap="sm" align="flex-start" data-testid="recent-video">
                  <ThemeIcon variant="light" color="grape" radius="md" size={36}>
                    <IconPlayerPlay size={18} />
                  </ThemeIcon>
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Anchor component={Link} to={VIDEOS_PATH} search={videoSearch(video.id)} size="sm" fw={600} c="inherit" lineClamp={1}>
                      {video.title}
                    </Anchor>
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {formatDuration(video.duration)} · {formatAge(video.publishedAt)}
                      </Text>
                      <Text
                        size="xs"
                        fw={600}
                        c={pct >= 100 ? "var(--sitesafe-good-text)" : pct > 0 ? "var(--sitesafe-brand-text)" : "dimmed"}
                        ml="auto"
                        style={{ whiteSpace: "nowrap" }}
                      >
                        {label}
                      </Text>
                    </Group>
                    <Progress
                      value={pct}
                      size="xs"
                      color={pct >= 100 ? "green" : "orange"}
                      mt={4}
                      aria-label={t("videos.progress", { title: video.title, percent: pct })}
                    />
                  </div>
                </Group>
              );
            })}
          </Stack>
        )}
      </PanelList>
    </SectionCard>
  );
}

/** The latest incidents with severity, title, location, date and the real project name. */
export function RecentIncidentsCard({
  withLink = true,
  ...props
}: PanelProps<RouterOutputs["dashboard"]["recentIncidents"][number]> & {
  /** False on the worker's dashboard, whose tab bar and menu already open the list (no link twice). */
  withLink?: boolean;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <SectionCard
      title={t("incidents.title")}
      link={withLink ? { label: t("incidents.viewAll"), to: "/forms/incident-reports" } : undefined}
      testId="recent-incidents"
    >
      <PanelList {...props} rows={3} none={t("incidents.none")}>
        {(incidents) => (
          <Stack gap="sm">
            {incidents.map((incident) => {
              const severity = dashboardSeverityBadge(incident.severity);
              return (
                <Group key={incident.id} wrap="nowrap" align="flex-start" justify="space-between" gap="sm" data-testid="recent-incident">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} wrap="nowrap">
                      <Badge color={severity.color} variant="light" size="sm" style={{ flexShrink: 0 }}>
                        {t(`labels.severity.${incident.severity}`, { defaultValue: severity.label })}
                      </Badge>
                      <Text size="sm" fw={600} truncate>
                        {incident.title}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed" mt={2} lineClamp={1}>
                      {incident.projectName}
                      {incident.location ? ` · ${incident.location}` : ""} · {formatDate(incident.date)}
                    </Text>
                  </div>
                  <Button
                    component={Link}
                    to={`/forms/incident-reports/${incident.id}`}
                    size="compact-xs"
                    variant="subtle"
                    style={{ flexShrink: 0 }}
                  >
                    {t("incidents.viewDetails")}
                  </Button>
                </Group>
              );
            })}
          </Stack>
        )}
      </PanelList>
    </SectionCard>
  );
}
