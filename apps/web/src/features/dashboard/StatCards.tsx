import { complianceGapLabel, unwatchedVideosLabel } from "@sitesafe/domain";
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconBuildingSkyscraper, IconCertificate, IconShieldCheck, IconUsers, IconVideo } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { RouterOutputs } from "../../lib/trpc";

type Stats = RouterOutputs["dashboard"]["stats"];

function StatCard({ testId, label, value, caption, icon, color, loading }: { testId: string; label: string; value: string; caption?: string; icon: ReactNode; color: string; loading: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lh={1.2}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={28} width={56} mt={8} />
          ) : (
            <Text fz={{ base: 24, sm: 28 }} fw={700} lh={1.3} mt={4} data-testid={`${testId}-value`}>
              {value}
            </Text>
          )}
          {caption && !loading ? (
            <Text size="xs" c="dimmed" mt={2}>
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
  const compliance = stats?.safetyCompliance ?? 0;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
      <StatCard testId="stat-active-projects" label="Active Projects" value={String(stats?.activeProjects ?? 0)} caption="Sites in progress" icon={<IconBuildingSkyscraper size={20} />} color="orange" loading={loading} />
      <StatCard testId="stat-registered-workers" label="Registered Workers" value={String(stats?.registeredWorkers ?? 0)} caption="Worker profiles" icon={<IconUsers size={20} />} color="blue" loading={loading} />
      <StatCard testId="stat-safety-compliance" label="Safety Compliance" value={`${compliance}%`} caption={complianceGapLabel(compliance)} icon={<IconShieldCheck size={20} />} color={compliance >= 80 ? "green" : compliance >= 50 ? "orange" : "red"} loading={loading} />
      <StatCard testId="stat-incident-reports" label="Incident Reports" value={String(stats?.incidentReports ?? 0)} caption="All time" icon={<IconAlertTriangle size={20} />} color="red" loading={loading} />
    </SimpleGrid>
  );
}

/** Worker cards: Assigned Projects, Training Completion %, Required Unwatched Videos. */
export function WorkerStatCards({ stats, unwatched, loading }: { stats: Stats | undefined; unwatched: number | undefined; loading: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={{ base: "xs", sm: "md" }}>
      <StatCard testId="stat-assigned-projects" label="Assigned Projects" value={String(stats?.workerAssignedProjects ?? 0)} caption="Sites you work on" icon={<IconBuildingSkyscraper size={20} />} color="orange" loading={loading} />
      <StatCard testId="stat-training-completion" label="Training Completion" value={`${stats?.workerTrainingCompletion ?? 0}%`} caption="Of required training" icon={<IconCertificate size={20} />} color="green" loading={loading} />
      <StatCard
        testId="stat-unwatched-videos"
        label="Required Unwatched Videos"
        value={String(unwatched ?? 0)}
        caption={unwatchedVideosLabel(unwatched ?? 0)}
        icon={<IconVideo size={20} />}
        color={(unwatched ?? 0) > 0 ? "red" : "green"}
        loading={loading || unwatched === undefined}
      />
    </SimpleGrid>
  );
}
