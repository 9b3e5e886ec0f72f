import { Button, Group, Loader, Select, Stack, Tabs, Text } from "@mantine/core";
import { type CommentFilter, can, projectOptionLabel } from "@sitesafe/domain";
import { IconMessagePlus } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { PageHeader } from "../../components/PageHeader";
import { ServerPageControls, useServerPage } from "../../components/Paginated";
import { EmptyState, ErrorState } from "../../components/States";
import { useActor } from "../../lib/auth";
import { trpc } from "../../lib/trpc";
import { CommentFormDialog } from "./CommentFormDialog";
import { CommentItem } from "./CommentItem";
import { useCommentActions } from "./useCommentActions";

const ALL_PROJECTS = "all";
/** Messages are long cards: 20 to a page. */
const COMMENTS_PAGE_SIZE = 20;

/** /safety-comments (also /safety/comments): workers message the safety manager; staff answer. */
export function SafetyCommentsPage() {
  const { t } = useTranslation("comments");
  const actor = useActor();
  const staff = can(actor, "comment.viewAll");
  const mayCreate = can(actor, "comment.create");
  const [tab, setTab] = useState<CommentFilter>("all");
  const [project, setProject] = useState<string>(ALL_PROJECTS);
  const [composing, setComposing] = useState(false);
  const projectId = staff && project !== ALL_PROJECTS ? Number(project) : undefined;
  const filters = { status: staff ? tab : ("all" as const), ...(projectId ? { projectId } : {}) };
  const pager = useServerPage(filters, COMMENTS_PAGE_SIZE);
  const list = trpc.comments.page.useQuery(
    { ...filters, limit: pager.limit, offset: pager.offset },
    { enabled: actor !== null, placeholderData: keepPreviousData },
  );
  const projects = trpc.comments.projectOptions.useQuery(undefined, { enabled: staff });
  const { handlers, dialogs } = useCommentActions();

  if (!actor) return null;

  return (
    <>
      <PageHeader
        title={t("page.title")}
        subtitle={staff ? t("page.subtitleStaff") : t("page.subtitleWorker")}
        actions={
          <>
            <ExportCsvButton path="/api/safety-comments" filters={filters} />
            {mayCreate ? (
              <Button leftSection={<IconMessagePlus size={18} />} onClick={() => setComposing(true)}>
                {t("page.newMessage")}
              </Button>
            ) : null}
          </>
        }
      />
      {staff ? (
        <Group justify="space-between" align="flex-end" mb="md" gap="sm">
          <Tabs value={tab} onChange={(v) => setTab((v as CommentFilter) ?? "all")} variant="pills" radius="xl">
            <Tabs.List>
              <Tabs.Tab value="all">{t("page.tabAll")}</Tabs.Tab>
              <Tabs.Tab value="open">{t("page.tabOpen")}</Tabs.Tab>
              <Tabs.Tab value="resolved">{t("page.tabResolved")}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          <Select
            label={t("page.projectFilter")}
            w={{ base: "100%", xs: 280 }}
            data={[
              { value: ALL_PROJECTS, label: t("page.allProjects") },
              ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: projectOptionLabel(p) })),
            ]}
            value={project}
            onChange={(v) => setProject(v ?? ALL_PROJECTS)}
            allowDeselect={false}
            searchable
          />
        </Group>
      ) : null}

      {list.isPending ? (
        <Group justify="center" py="xl" gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text c="dimmed">{t("page.loading")}</Text>
        </Group>
      ) : list.isError ? (
        <ErrorState message={t("page.loadError")} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState
          title={t("page.emptyTitle")}
          message={staff ? t("page.emptyStaff") : t("page.emptyWorker")}
          action={
            mayCreate ? (
              <Button variant="light" onClick={() => setComposing(true)}>
                {t("page.newMessage")}
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.data.items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} actor={actor} handlers={handlers} />
          ))}
          <ServerPageControls pager={pager} total={list.data.total} />
        </Stack>
      )}
      <CommentFormDialog opened={composing} onClose={() => setComposing(false)} />
      {dialogs}
    </>
  );
}
