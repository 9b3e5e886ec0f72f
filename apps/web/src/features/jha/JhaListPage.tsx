import { Badge, Button, Group, Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { highestRisk } from "@sitesafe/domain";
import { IconBuildingSkyscraper, IconCalendar, IconPlus, IconUser } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { PageHeader } from "../../components/PageHeader";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { RecordListPage, useNewRecord, usePagedList } from "../../components/record/RecordList";
import { SearchBox } from "../../components/SearchBox";
import { formatDate } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { RiskBadge } from "./RiskBadge";

// The form and its schemas load when it opens, not with the list (issue #37: the list is what a phone
// shows first; the service worker keeps the form's chunk for offline use).
const JhaForm = lazy(() => import("./JhaForm").then((m) => ({ default: m.JhaForm })));

type JhaListItem = RouterOutputs["jha"]["page"]["items"][number];

/** /forms/jha: the JHA forms of the user's visible projects, a search, a project filter and the new-form panel. */
export function JhaListPage() {
  const { t } = useTranslation("jha");
  const navigate = useNavigate();
  const { creating, setCreating, notice } = useNewRecord("jha.new", t("list.draftWhat"));
  const [search, setSearch] = useState("");
  const [projectFilter, setProjectFilter] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = { search: debounced || undefined, projectId: projectFilter === null ? undefined : Number(projectFilter) };
  const paged = usePagedList(filters, (input, keep) => trpc.jha.page.useQuery(input, keep), t("list.fetchFailed"));
  const options = trpc.jha.formOptions.useQuery();

  if (creating) {
    return (
      <>
        <PageHeader title={t("list.newTitle")} subtitle={t("list.newSubtitle")} />
        <Suspense fallback={<FullPageSpinner />}>
          <JhaForm
            defaultProjectId={projectFilter ? Number(projectFilter) : undefined}
            continueDraft={creating === "draft"}
            onCancel={() => setCreating(false)}
            // The new analysis's own page, with the success toast.
            onDone={(saved) => void navigate({ to: "/forms/jha/$id", params: { id: String(saved.id) } })}
          />
        </Suspense>
      </>
    );
  }

  return (
    <RecordListPage
      ns="jha"
      paged={paged}
      csv={{ path: "/api/jha-forms", filters }}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating("new")}>
          {t("list.newButton")}
        </Button>
      }
      empty={{ message: debounced || projectFilter ? t("list.emptyFiltered") : t("list.emptyNone") }}
      testId="jha-list"
      renderItem={(form) => <JhaCard key={form.id} form={form} />}
    >
      {notice}
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <SearchBox
          placeholder={t("list.searchPlaceholder")}
          label={t("list.searchLabel")}
          value={search}
          onSearch={setSearch}
          style={{ flex: "1 1 260px" }}
        />
        <Select
          aria-label={t("list.projectFilterLabel")}
          placeholder={t("list.allProjects")}
          data={(options.data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={projectFilter}
          onChange={setProjectFilter}
          clearable
          searchable
          style={{ flex: "1 1 200px" }}
        />
      </Group>
    </RecordListPage>
  );
}

function JhaCard({ form }: { form: JhaListItem }) {
  const { t } = useTranslation("jha");
  const risk = highestRisk(form.hazards);
  return (
    <RecordCard
      to={`/forms/jha/${form.id}`}
      testId="jha-card"
      title={form.title}
      badge={risk ? <RiskBadge level={risk} withSuffix /> : null}
    >
      <InfoLine icon={IconBuildingSkyscraper}>{form.projectName ?? t("list.unknownProject")}</InfoLine>
      <InfoLine icon={IconUser}>{form.submitterName ?? t("list.unknownSubmitter")}</InfoLine>
      <Group justify="space-between" gap="xs">
        <InfoLine icon={IconCalendar}>{formatDate(form.submittedAt)}</InfoLine>
        <Badge variant="outline" color="gray" radius="sm">
          {t("list.hazardCount", { count: form.hazards.length })}
        </Badge>
      </Group>
    </RecordCard>
  );
}
