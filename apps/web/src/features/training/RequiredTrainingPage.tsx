import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { can, overallTrainingPercentage, START_TRAINING_PROGRESS, type TrainingStatus } from "@sitesafe/domain";
import { IconAlertCircle, IconPlus, IconRefresh } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { PageHeader } from "../../components/PageHeader";
import { CardGridSkeleton, EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatPercent } from "../../lib/format";
import { notifyError } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { AddModuleDialog } from "./AddModuleDialog";
import { statusOf, type TrainingModule, useSaveTrainingProgress, useWorkerTrainings, type WorkerTrainingRecord } from "./hooks";
import { ModuleFacts } from "./parts";

export const statusColor: Record<TrainingStatus, string> = { not_started: "gray", in_progress: "blue", completed: "green" };

/** /training/required: overall progress and one card per module. */
export function RequiredTrainingPage() {
  const { t } = useTranslation("training");
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
      notifyError(t("required.dataLoadFailed"), errorMessage(error));
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
        title={t("required.title")}
        subtitle={t("required.subtitle")}
        actions={
          <>
            <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refreshing} onClick={refresh}>
              {t("required.refresh")}
            </Button>
            {can(actor, "trainingModule.create") ? (
              <Button leftSection={<IconPlus size={16} />} onClick={add.open}>
                {t("required.addModule")}
              </Button>
            ) : null}
          </>
        }
      />

      {workerId === null ? (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("module.noProfileTitle")} mb="md">
          {t("module.noProfile")}
        </Alert>
      ) : (
        <Card withBorder radius="md" padding="lg" mb="lg">
          <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
            <div>
              <Text fw={600}>{t("required.overall")}</Text>
              <Text size="sm" c="dimmed">
                {t("required.modulesCompleted", { completed, total: list.length })}
              </Text>
            </div>
            <Text fz={28} fw={700} aria-label={t("required.overallAria")}>
              {modules.isPending || trainings.isPending ? "…" : formatPercent(overall)}
            </Text>
          </Group>
          <ComplianceBar
            value={overall}
            context="moduleCard"
            label={overall >= 100 ? t("required.allComplete") : t("required.requiredTraining")}
          />
        </Card>
      )}

      {modules.isPending ? (
        <CardGridSkeleton />
      ) : modules.isError ? (
        <ErrorState message={t("module.loadFailed")} onRetry={() => void modules.refetch()} />
      ) : trainings.isError ? (
        <ErrorState message={t("required.dataLoadFailed")} onRetry={() => void trainings.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t("required.noModules")} message={t("required.noModulesMessage")} />
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
                      {t(`labels.status.${status}`)}
                    </Badge>
                  </Group>
                  <ModuleFacts module={module} size="xs" />
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ flex: 1 }}>
                    {module.description}
                  </Text>
                  {workerId !== null ? <ComplianceBar value={progress} context="moduleCard" label={t(`labels.status.${status}`)} /> : null}
                  <Button
                    fullWidth
                    variant={status === "completed" ? "light" : "filled"}
                    color={status === "completed" ? "green" : undefined}
                    loading={isSaving && starting === module.id}
                    onClick={() => void open(module, record)}
                  >
                    {workerId === null ? t("required.view") : t(`labels.action.${status}`)}
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
