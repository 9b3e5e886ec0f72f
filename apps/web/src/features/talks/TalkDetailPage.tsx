import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconBook, IconFileSpreadsheet, IconFileTypePdf, IconVideo } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BackAnchor, DetailFallback } from "../../components/BackLink";
import { PageHeader } from "../../components/PageHeader";
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
            <Button
              component="a"
              href={`/api/toolbox-talks/${talk.id}?format=pdf`}
              variant="default"
              leftSection={<IconFileTypePdf size={18} />}
              data-testid="attendance-pdf"
            >
              {t("detail.pdf")}
            </Button>
            <Button
              component="a"
              href={`/api/toolbox-talks/${talk.id}?format=csv`}
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} />}
            >
              {t("detail.csv")}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="xs">
            {t("detail.content")}
          </Title>
          {summary}
          {talk.notes ? (
            <Text size="sm" c="dimmed" mt="sm">
              {`${t("detail.notes")}: ${talk.notes}`}
            </Text>
          ) : null}
          {talk.trainingModuleId !== null ? (
            <Anchor
              component={Link}
              to={MODULES_PATH}
              search={{ mid: talk.trainingModuleId } as never}
              size="sm"
              mt="sm"
              display="inline-flex"
              style={{ alignItems: "center", gap: 4 }}
              data-testid="talk-module-link"
            >
              <IconBook size={16} /> {t("detail.module", { title: talk.trainingModuleTitle ?? "" })}
            </Anchor>
          ) : null}
          {talk.videoId !== null ? (
            <Anchor
              component={Link}
              to={VIDEOS_PATH}
              search={{ vid: talk.videoId } as never}
              size="sm"
              mt="sm"
              ml={talk.trainingModuleId !== null ? "md" : 0}
              display="inline-flex"
              style={{ alignItems: "center", gap: 4 }}
              data-testid="talk-video-link"
            >
              <IconVideo size={16} /> {t("detail.video", { title: talk.videoTitle ?? "" })}
            </Anchor>
          ) : null}
        </Card>
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
