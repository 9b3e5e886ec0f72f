import { Anchor, Card, Skeleton, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";

/**
 * The toolbox talks a worker attended (signed), on their profile: topic, date, project and when
 * they signed. The server answers only talks on projects the viewer sees.
 */
export function TalksAttended({ workerId }: { workerId: number }) {
  const { t } = useTranslation("talks");
  const list = trpc.talks.attendedBy.useQuery({ workerId });
  return (
    <Card withBorder radius="md" padding="md" data-testid="talks-attended">
      <Title order={2} size="h4" mb="sm">
        {t("attended.title")}
      </Title>
      {list.isPending ? (
        <Skeleton h={60} />
      ) : list.error ? (
        <Text c="red" size="sm">
          {errorMessage(list.error, t("attended.failed"))}
        </Text>
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("attended.empty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {list.data.map((talk) => (
            <div key={talk.talkId} data-testid="attended-talk">
              <Anchor component={Link} to={`/talks/${talk.talkId}`} size="sm" fw={500}>
                {talk.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t("attended.line", {
                  date: formatDate(`${talk.talkDate}T12:00:00`),
                  project: talk.projectName,
                  signedAt: formatDateTime(talk.signedAt),
                })}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}
