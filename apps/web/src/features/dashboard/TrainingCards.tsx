import { trainingBanner } from "@sitesafe/domain";
import { Alert, Button, Group, Skeleton, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { ComplianceBar } from "../../components/ComplianceBar";
import { SectionCard } from "./SectionCard";

const TRAINING_PATH: string = "/training/required";

/** The worker's banner: a warning below 100 %, a green confirmation at 100 %. */
export function TrainingBanner({ percentage }: { percentage: number }) {
  const banner = trainingBanner(percentage);
  return banner.complete ? (
    <Alert color="green" icon={<IconCircleCheck size={20} />} title={banner.title} mb="md" data-testid="training-banner">
      You have completed every required training module. Thank you for keeping the site safe.
    </Alert>
  ) : (
    <Alert color="orange" icon={<IconAlertTriangle size={20} />} title={banner.title} mb="md" data-testid="training-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm">You have completed {percentage}% of your required safety training. Finish it before working on site.</Text>
        <Button component={Link} to={TRAINING_PATH} size="xs" color="orange">
          Continue Training
        </Button>
      </Group>
    </Alert>
  );
}

/** Your Training: completion bar and modules completed, for users with a worker profile. */
export function YourTrainingCard({ worker, loading }: { worker: { completionPercentage: number; completedCount: number; totalModules: number } | null | undefined; loading: boolean }) {
  return (
    <SectionCard title="Your Training" link={{ label: "My Training", to: TRAINING_PATH }} testId="your-training">
      {loading ? (
        <Skeleton height={40} />
      ) : worker ? (
        <>
          <ComplianceBar value={worker.completionPercentage} context="dashboard" label={worker.completionPercentage >= 100 ? "Complete" : "In progress"} />
          <Text size="sm" c="dimmed" mt="xs" data-testid="modules-completed">
            {worker.completedCount} of {worker.totalModules} modules completed
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No training record yet.
        </Text>
      )}
    </SectionCard>
  );
}
