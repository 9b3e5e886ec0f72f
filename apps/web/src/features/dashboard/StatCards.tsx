import { Box, Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconBuildingSkyscraper, IconCertificate, IconShieldCheck, IconUsers, IconVideo } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, formatPercent } from "../../lib/format";
import type { RouterOutputs } from "../../lib/trpc";

type Stats = RouterOutputs["dashboard"]["stats"];

function StatCard({
  testId,
  label,
  value,
  caption,
  icon,
  color,
  loading,
}: {
  testId: string;
  label: string;
  value: string;
  caption?: string;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.2}>
            {label}
          </Text>
          {/* The number's and the caption's boxes have their final size while loading: nothing moves when they arrive. */}
          <Box h={{ base: 32, sm: 36 }} mt={4}>
            {loading ? (
              <Skeleton height={28} width={56} mt={2} />
            ) : (
              <Text fz={{ base: 24, sm: 28 }} fw={700} lh={{ base: "32px", sm: "36px" }} data-testid={`${testId}-value`}>
                {value}
              </Text>
            )}
          </Box>
          {caption ? (
            <Text size="xs" c="dimmed" mt={2} style={loading ? { visibility: "hidden" } : undefined}>
              {caption}
            </Text>
          ) : null}
        </div>
        <ThemeIcon size={38} radius="md" variant="light" color={color} visibleFrom="xs">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Admin and manager cards: Active Projects, Registered Workers, Safety Compliance %, Incident Reports. */
export function StaffStatCards({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const { t } = useTranslation("dashboard");
  const compliance = stats?.safetyCompliance ?? 0;
  // As the domain's complianceGapLabel: "N% to go", or "Fully compliant" at 100.
  const gap = 100 - Math.max(0, Math.min(100, Math.round(compliance)));
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
      <StatCard
        testId="stat-active-projects"
        label={t("stats.activeProjects")}
        value={formatNumber(stats?.activeProjects ?? 0)}
        caption={t("stats.sitesInProgress")}
        icon={<IconBuildingSkyscraper size={20} />}
        color="orange"
        loading={loading}
      />
      <StatCard
        testId="stat-registered-workers"
        label={t("stats.registeredWorkers")}
        value={formatNumber(stats?.registeredWorkers ?? 0)}
        caption={t("stats.workerProfiles")}
        icon={<IconUsers size={20} />}
        color="blue"
        loading={loading}
      />
      <StatCard
        testId="stat-safety-compliance"
        label={t("stats.safetyCompliance")}
        value={formatPercent(compliance)}
        caption={gap <= 0 ? t("stats.fullyCompliant") : t("stats.toGo", { percent: gap })}
        icon={<IconShieldCheck size={20} />}
        color={compliance >= 80 ? "green" : compliance >= 50 ? "orange" : "red"}
        loading={loading}
      />
      <StatCard
        testId="stat-incident-reports"
        label={t("stats.incidentReports")}
        value={formatNumber(stats?.incidentReports ?? 0)}
        caption={t("stats.allTime")}
        icon={<IconAlertTriangle size={20} />}
        color="red"
        loading={loading}
      />
    </SimpleGrid>
  );
}

/** Worker cards: Assigned Projects, Training Completion %, Required Unwatched Videos. */
export function WorkerStatCards({
  stats,
  unwatched,
  loading,
}: {
  stats: Stats | undefined;
  unwatched: number | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: "xs", sm: "md" }}>
      <StatCard
        testId="stat-assigned-projects"
        label={t("stats.assignedProjects")}
        value={formatNumber(stats?.workerAssignedProjects ?? 0)}
        caption={t("stats.sitesYouWorkOn")}
        icon={<IconBuildingSkyscraper size={20} />}
        color="orange"
        loading={loading}
      />
      <StatCard
        testId="stat-training-completion"
        label={t("stats.trainingCompletion")}
        value={formatPercent(stats?.workerTrainingCompletion ?? 0)}
        caption={t("stats.ofRequired")}
        icon={<IconCertificate size={20} />}
        color="green"
        loading={loading}
      />
      <StatCard
        testId="stat-unwatched-videos"
        label={t("stats.unwatchedVideos")}
        value={formatNumber(unwatched ?? 0)}
        caption={(unwatched ?? 0) > 0 ? t("stats.requiredToWatch") : t("stats.allCaughtUp")}
        icon={<IconVideo size={20} />}
        color={(unwatched ?? 0) > 0 ? "red" : "green"}
        loading={loading || unwatched === undefined}
      />
    </SimpleGrid>
  );
}
