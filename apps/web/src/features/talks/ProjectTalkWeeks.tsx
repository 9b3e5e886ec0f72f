import { Anchor, Group, Skeleton, Stack, Text } from "@mantine/core";
import { IconSpeakerphone } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryContent } from "../../components/record/QueryContent";
import { TitledCard } from "../../components/TitledCard";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";

/** The search of a link to a route with its own search is checked by that route (its validateSearch). */
const TALKS_PATH: string = "/talks";

/**
 * The project page's card of toolbox talks per ISO week (the last 8 weeks, newest first): each
 * week's talks with their attendance, a link to each talk, and a link to the project's talk list.
 */
export function ProjectTalkWeeks({ projectId }: { projectId: number }) {
  const { t } = useTranslation("talks");
  const weeks = trpc.talks.projectWeeks.useQuery({ id: projectId });
  return (
    <TitledCard
      icon={<IconSpeakerphone size={20} />}
      title={t("weeks.title")}
      testId="project-talk-weeks"
      padding="lg"
      action={
        <Anchor component={Link} to={TALKS_PATH} search={{ projectId } as never} size="sm">
          {t("weeks.all")}
        </Anchor>
      }
    >
      <QueryContent query={weeks} loading={<Skeleton h={120} />} failed={t("weeks.failed")}>
        {(list) => (
          <Stack gap={6}>
            {list.map((week) => (
              <div key={week.week} data-testid="talk-week">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={500}>
                    {t("weeks.week", { week: week.week.slice(-2).replace(/^0/, ""), from: formatDate(`${week.weekStart}T12:00:00`) })}
                  </Text>
                  {/* Text, not a badge: a badge cuts "1 talk · 3 signatures" short on a 390 px phone. */}
                  <Text size="sm" fw={week.talkCount > 0 ? 600 : 400} c={week.talkCount > 0 ? "var(--sitesafe-good-text)" : "dimmed"}>
                    {t("weeks.counts", { count: week.talkCount, attendees: week.attendeeCount })}
                  </Text>
                </Group>
                {week.talks.map((talk) => (
                  <Anchor key={talk.id} component={Link} to={`/talks/${talk.id}`} size="sm" display="block" ml="sm" data-testid="week-talk">
                    {`${talk.title} · ${formatDate(`${talk.talkDate}T12:00:00`)} · ${t("list.attendees", { count: talk.attendeeCount })}`}
                  </Anchor>
                ))}
              </div>
            ))}
          </Stack>
        )}
      </QueryContent>
    </TitledCard>
  );
}
