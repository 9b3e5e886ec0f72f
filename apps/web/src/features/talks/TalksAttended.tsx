import { Anchor, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryContent } from "../../components/record/QueryContent";
import { DetailCard } from "../../components/record/RecordDetail";
import { formatDate, formatDateTime } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/**
 * The toolbox talks a worker attended (signed), on their profile: topic, date, project and when
 * they signed. The server answers only talks on projects the viewer sees.
 */
export function TalksAttended({ workerId }: { workerId: number }) {
  const { t } = useTranslation("talks");
  const list = trpc.talks.attendedBy.useQuery({ workerId });
  return (
    <DetailCard title={t("attended.title")} data-testid="talks-attended">
      <QueryContent query={list} loading={<Skeleton h={60} />} failed={t("attended.failed")} empty={t("attended.empty")}>
        {(talks) => (
          <Stack gap="xs">
            {talks.map((talk) => (
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
      </QueryContent>
    </DetailCard>
  );
}
