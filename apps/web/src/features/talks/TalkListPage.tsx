import { Badge, Button, Group, Select } from "@mantine/core";
import { can } from "@sitesafe/domain";
import { IconBooks, IconBuildingSkyscraper, IconCalendar, IconPlus, IconUser } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { RecordListPage, usePagedList } from "../../components/record/RecordList";
import { useActor } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { TalkForm } from "./TalkForm";
import { TopicDialog } from "./TopicDialog";

/**
 * /talks: the toolbox talks of the user's projects, newest first, or of one project (`?projectId`,
 * chosen in the filter or from a project's page), and the new-talk form for staff and crew leads.
 */
export function TalkListPage({ projectId }: { projectId?: number | undefined }) {
  const { t } = useTranslation("talks");
  const actor = useActor();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [addingTopic, setAddingTopic] = useState(false);
  const projects = trpc.projects.options.useQuery();
  const paged = usePagedList(projectId ? { projectId } : {}, (input, keep) => trpc.talks.page.useQuery(input, keep));

  if (creating) {
    return (
      <>
        <PageHeader title={t("list.newTitle")} />
        <TalkForm onCancel={() => setCreating(false)} onDone={(id) => void navigate({ to: "/talks/$id", params: { id: String(id) } })} />
      </>
    );
  }
  return (
    <RecordListPage
      ns="talks"
      paged={paged}
      actions={
        <>
          {can(actor, "talkTopic.create") ? (
            <Button variant="default" leftSection={<IconBooks size={16} />} onClick={() => setAddingTopic(true)}>
              {t("topic.button")}
            </Button>
          ) : null}
          {can(actor, "talk.create") ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-talk">
              {t("list.newButton")}
            </Button>
          ) : null}
        </>
      }
      empty={{ message: t("list.emptyNone") }}
      testId="talk-list"
      renderItem={(talk) => (
        <RecordCard key={talk.id} to={`/talks/${talk.id}`} testId="talk-card" title={talk.title}>
          <InfoLine icon={IconBuildingSkyscraper}>{talk.projectName}</InfoLine>
          <InfoLine icon={IconUser}>{talk.presenterName}</InfoLine>
          <Group justify="space-between" gap="xs">
            <InfoLine icon={IconCalendar}>{formatDate(`${talk.talkDate}T12:00:00`)}</InfoLine>
            <Badge variant="outline" color="gray" radius="sm">
              {t("list.attendees", { count: talk.attendeeCount })}
            </Badge>
          </Group>
        </RecordCard>
      )}
    >
      {addingTopic ? <TopicDialog onClose={() => setAddingTopic(false)} /> : null}
      <Select
        label={t("list.project")}
        placeholder={t("list.allProjects")}
        data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
        value={projectId ? String(projectId) : null}
        onChange={(value) => void navigate({ to: "/talks", search: value ? { projectId: Number(value) } : {} })}
        clearable
        searchable
        maw={360}
        mb="md"
        data-testid="talk-project-filter"
      />
    </RecordListPage>
  );
}
