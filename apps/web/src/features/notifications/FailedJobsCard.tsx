import { Badge, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/**
 * Background jobs that failed their last try, for admins (GET /api/admin/failed-jobs,
 * docs/decisions/0116-job-queue.md): nothing the queue gives up on is dropped silently.
 */
export function FailedJobsCard() {
  const { t } = useTranslation("notifications");
  const failed = trpc.jobs.failed.useQuery({ limit: 20 });
  return (
    <Card withBorder radius="md" padding="lg" mt="md" data-testid="failed-jobs">
      <Title order={2} size="h3" fz="lg" mb="sm">
        {t("failedJobs.title")}
      </Title>
      {failed.data && failed.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("failedJobs.empty")}
        </Text>
      ) : (
        <Stack gap="sm">
          {(failed.data ?? []).map((job) => (
            <Stack key={job.id} gap={2}>
              <Group gap="xs" wrap="wrap">
                <Badge color="red" variant="light">
                  {job.queue}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(job.failedOn ?? job.createdOn)} · {t("failedJobs.retries", { count: job.retryCount + 1 })}
                </Text>
              </Group>
              <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                {job.error}
              </Code>
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
