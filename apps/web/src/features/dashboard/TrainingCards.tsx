import { Alert, Button, Group, Skeleton, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ComplianceBar } from "../../components/ComplianceBar";
import { SectionCard } from "./SectionCard";

const TRAINING_PATH: string = "/training/required";

/**
 * The worker's banner: a warning below 100 %, a green confirmation at 100 %. On the worker's
 * dashboard it only says it (`withAction={false}`): the "What to do today" list opens each module.
 */
export function TrainingBanner({ percentage, withAction = true }: { percentage: number; withAction?: boolean }) {
  const { t } = useTranslation("dashboard");
  return percentage >= 100 ? (
    <Alert color="green" icon={<IconCircleCheck size={20} />} title={t("training.completeTitle")} mb="md" data-testid="training-banner">
      {t("training.completeMessage")}
    </Alert>
  ) : (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={20} />}
      title={t("training.incompleteTitle")}
      mb="md"
      data-testid="training-banner"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t("training.incompleteMessage", { percent: percentage })}</Text>
        {withAction ? (
          <Button component={Link} to={TRAINING_PATH} size="xs" color="orange">
            {t("training.continue")}
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}

/** Your Training: completion bar and modules completed, for users with a worker profile. */
export function YourTrainingCard({
  worker,
  loading,
}: {
  worker: { completionPercentage: number; completedCount: number; totalModules: number } | null | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <SectionCard title={t("training.yourTraining")} link={{ label: t("training.myTraining"), to: TRAINING_PATH }} testId="your-training">
      {loading ? (
        <Skeleton height={40} />
      ) : worker ? (
        <>
          <ComplianceBar
            value={worker.completionPercentage}
            context="dashboard"
            label={worker.completionPercentage >= 100 ? t("training.complete") : t("training.inProgress")}
          />
          <Text size="sm" c="dimmed" mt="xs" data-testid="modules-completed">
            {t("training.modulesCompleted", { completed: worker.completedCount, total: worker.totalModules })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t("training.noRecord")}
        </Text>
      )}
    </SectionCard>
  );
}
