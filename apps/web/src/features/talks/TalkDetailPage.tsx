import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { type Icon, IconBook, IconFileSpreadsheet, IconFileTypePdf, IconVideo } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BackAnchor, DetailFallback } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
import { DetailCard } from "../../components/record/RecordDetail";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { PhotoStrip } from "../photos/PhotoStrip";
import { CrewSignOn } from "../signOn/CrewSignOn";

/** Links whose search the target route checks (its validateSearch). */
const MODULES_PATH: string = "/training/modules";
const VIDEOS_PATH: string = "/videos";

/**
 * /talks/:id: the talk (with its topic's training module or safety video, when it points to one),
 * its group photo, its attendance (crew sign-on) and the attendance sheet as PDF and CSV.
 */
export function TalkDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("talks");
  const query = trpc.talks.byId.useQuery({ id });
  const back = <BackAnchor to="/talks" label={t("detail.back")} />;
  if (query.isPending || query.error) return <DetailFallback query={query} back={back} failed={t("detail.notFound")} />;
  const talk = query.data;
  const summary = (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
      {talk.content}
    </Text>
  );
  return (
    <>
      {back}
      <PageHeader
        title={talk.title}
        subtitle={t("detail.subtitle", {
          project: talk.projectName,
          date: formatDate(`${talk.talkDate}T12:00:00`),
          presenter: talk.presenterName,
        })}
        actions={
          <Group gap="xs">
            {(["pdf", "csv"] as const).map((format) => (
              <Button
                key={format}
                component="a"
                href={`/api/toolbox-talks/${talk.id}?format=${format}`}
                variant="default"
                leftSection={format === "pdf" ? <IconFileTypePdf size={18} /> : <IconFileSpreadsheet size={18} />}
                data-testid={format === "pdf" ? "attendance-pdf" : undefined}
              >
                {t(`detail.${format}`)}
              </Button>
            ))}
          </Group>
        }
      />
      <Stack gap="md">
        <DetailCard title={t("detail.content")} mb="xs">
          {summary}
          {talk.notes ? (
            <Text size="sm" c="dimmed" mt="sm">
              {`${t("detail.notes")}: ${talk.notes}`}
            </Text>
          ) : null}
          {talk.trainingModuleId !== null ? (
            <TopicLink to={MODULES_PATH} search={{ mid: talk.trainingModuleId }} icon={IconBook} testId="talk-module-link">
              {t("detail.module", { title: talk.trainingModuleTitle ?? "" })}
            </TopicLink>
          ) : null}
          {talk.videoId !== null ? (
            <TopicLink
              to={VIDEOS_PATH}
              search={{ vid: talk.videoId }}
              icon={IconVideo}
              testId="talk-video-link"
              ml={talk.trainingModuleId !== null ? "md" : 0}
            >
              {t("detail.video", { title: talk.videoTitle ?? "" })}
            </TopicLink>
          ) : null}
        </DetailCard>
        <PhotoStrip
          record={{ kind: "talk", id: talk.id }}
          facts={{ kind: "talk", projectId: talk.projectId, ownerWorkerId: talk.presenterWorkerId }}
          title={t("detail.groupPhoto")}
        />
        <CrewSignOn
          kind="talk"
          id={talk.id}
          title={talk.title}
          facts={{ projectId: talk.projectId, ownerWorkerId: talk.presenterWorkerId, status: null }}
          summary={summary}
        />
      </Stack>
    </>
  );
}

/** The talk's topic's training module or safety video, a small link with its icon. */
function TopicLink({
  to,
  search,
  icon: LinkIcon,
  testId,
  ml,
  children,
}: {
  to: string;
  search: Record<string, number>;
  icon: Icon;
  testId: string;
  ml?: "md" | 0;
  children: ReactNode;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      search={search as never}
      size="sm"
      mt="sm"
      ml={ml}
      display="inline-flex"
      style={{ alignItems: "center", gap: 4 }}
      data-testid={testId}
    >
      <LinkIcon size={16} /> {children}
    </Anchor>
  );
}
