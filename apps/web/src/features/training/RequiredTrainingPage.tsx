import {
  can,
  overallTrainingPercentage,
  START_TRAINING_PROGRESS,
  trainingActionLabel,
  trainingModuleTypeLabels,
  trainingStatusLabels,
  type TrainingStatus,
} from "@sitesafe/domain";
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconAlertCircle, IconClock, IconPlus, IconRefresh } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ComplianceBar } from "../../components/ComplianceBar";
import { PageHeader } from "../../components/PageHeader";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { notifyError } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { AddModuleDialog } from "./AddModuleDialog";
import { NO_PROFILE_NOTE, statusOf, type TrainingModule, useSaveTrainingProgress, useWorkerTrainings, type WorkerTrainingRecord } from "./hooks";

export const statusColor: Record<TrainingStatus, string> = { not_started: "gray", in_progress: "blue", completed: "green" };

/** /training/required: overall progress and one card per module. */
export function RequiredTrainingPage() {
  const actor = useActor();
  const workerId = actor?.workerId ?? null;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [addOpened, add] = useDisclosure(false);
  const [refreshing, setRefreshing] = useState(false);
  const modules = trpc.training.modules.useQuery();
  const trainings = useWorkerTrainings(workerId);
  const { save, isSaving } = useSaveTrainingProgress();
  const [starting, setStarting] = useState<number | null>(null);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await modules.refetch();
      if (workerId !== null) {
        const fresh = await utils.client.training.workerTrainingsForceRefresh.query({ workerId });
        utils.training.workerTrainings.setData({ workerId }, fresh);
      }
    } catch (error) {
      notifyError("Failed to fetch training data", errorMessage(error));
    } finally {
      setRefreshing(false);
    }
  };

  const open = async (module: TrainingModule, record: WorkerTrainingRecord | undefined) => {
    // Without a worker profile the module can be browsed; its page explains why nothing is recorded.
    if (!record && workerId !== null) {
      setStarting(module.id);
      const saved = await save(module.id, START_TRAINING_PROGRESS, { hasRecord: false, notify: false });
      setStarting(null);
      if (!saved) return;
    }
    void navigate({ to: "/training/required/$moduleId", params: { moduleId: String(module.id) } });
  };

  const list = modules.data ?? [];
  const overall = overallTrainingPercentage(trainings.records, list.length);
  const completed = trainings.records.filter((r) => r.status === "completed").length;

  return (
    <>
      <PageHeader
        title="Required Safety Training"
        subtitle="Complete every module and its knowledge check to stay compliant on site."
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refreshing} onClick={refresh}>
              Refresh Progress
            </Button>
            {can(actor, "trainingModule.create") ? (
              <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
                Add Module
              </Button>
            ) : null}
          </>
        }
      />

      {workerId === null ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="Worker profile not found" mb="md">
          {NO_PROFILE_NOTE}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg" mb="lg">
          <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
            <div>
              <Text fw={600}>Overall Progress</Text>
              <Text size="sm" c="dimmed">
                {completed} of {list.length} modules completed
              </Text>
            </div>
            <Text fz={28} fw={700} aria-label="Overall training progress">
              {modules.isPending || trainings.isPending ? "…" : `${overall}%`}
            </Text>
          </Group>
          <ComplianceBar value={overall} context="moduleCard" label={overall >= 100 ? "All training complete" : "Required training"} />
        </Card>
      )}

      {modules.isPending ? (
        <CardGridSkeleton />
      ) : modules.isError ? (
        <ErrorState message="Failed to fetch training modules" onRetry={() => void modules.refetch()} />
      ) : trainings.isError ? (
        <ErrorState message="Failed to fetch training data" onRetry={() => void trainings.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No Modules Found" message="There are no training modules yet." />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {list.map((module) => {
            const record = trainings.byModule.get(module.id);
            const status = statusOf(record);
            const progress = status === "completed" ? 100 : (record?.progress ?? 0);
            return (
              <Card key={module.id} withBorder radius="md" padding="lg" data-testid="module-card">
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Title order={2} size="h4" fz="lg">
                      {module.title}
                    </Title>
                    <Badge color={statusColor[status]} variant="light" style={{ flexShrink: 0 }}>
                      {trainingStatusLabels[status]}
                    </Badge>
                  </Group>
                  <Group gap="xs">
                    <Badge variant="outline" color="orange">
                      {trainingModuleTypeLabels[module.type]}
                    </Badge>
                    <Group gap={4}>
                      <IconClock size={14} />
                      <Text size="xs" c="dimmed">
                        {module.duration} min
                      </Text>
                    </Group>
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
                    {module.description}
                  </Text>
                  {workerId !== null ? <ComplianceBar value={progress} context="moduleCard" label={trainingStatusLabels[status]} /> : null}
                  <Button
                    fullWidth
                    variant={status === "completed" ? "light" : "filled"}
                    color={status === "completed" ? "green" : undefined}
                    loading={isSaving && starting === module.id}
                    onClick={() => void open(module, record)}
                  >
                    {workerId === null ? "View Training" : trainingActionLabel(status)}
                  </Button>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <AddModuleDialog opened={addOpened} onClose={add.close} />
    </>
  );
}
