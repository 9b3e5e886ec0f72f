import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconFileSpreadsheet, IconFileTypePdf } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState, FullPageSpinner } from "../../components/States";
import { formatDate } from "../../lib/format";
import { errorMessage, trpc } from "../../lib/trpc";
import { CrewSignOn } from "../signOn/CrewSignOn";

/** /talks/:id: the talk, its attendance (crew sign-on) and the attendance sheet as PDF and CSV. */
export function TalkDetailPage({ id }: { id: number }) {
  const { t } = useTranslation("talks");
  const query = trpc.talks.byId.useQuery({ id });
  const back = (
    <Anchor component={Link} to="/talks" size="sm" mb="sm" display="inline-flex" style={{ alignItems: "center", gap: 4 }}>
      <IconArrowLeft size={14} /> {t("detail.back")}
    </Anchor>
  );
  if (query.isPending) return <FullPageSpinner />;
  if (query.error) {
    return (
      <>
        {back}
        <ErrorState message={errorMessage(query.error, t("detail.notFound"))} onRetry={() => void query.refetch()} />
      </>
    );
  }
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
        </Card>
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
