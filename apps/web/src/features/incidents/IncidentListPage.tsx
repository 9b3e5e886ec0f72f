import { Button, Group, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingSkyscraper, IconCalendar, IconMapPin, IconPlus, IconUser } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { FullPageSpinner } from "../../components/FullPageSpinner";
import { PageHeader } from "../../components/PageHeader";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { ProjectTabs, RecordListPage, useNewRecord, usePagedList } from "../../components/record/RecordList";
import { SearchBox } from "../../components/SearchBox";
import { formatDate } from "../../lib/format";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges";

// The form and its schemas load when it opens, not with the list (issue #37: the list is what a phone
// shows first; the service worker keeps the form's chunk for offline use).
const IncidentForm = lazy(() => import("./IncidentForm").then((m) => ({ default: m.IncidentForm })));

type IncidentListItem = RouterOutputs["incidents"]["page"]["items"][number];

const ALL = "all";

/** /forms/incident-reports: search, one tab per visible project, a card grid and the inline report form. */
export function IncidentListPage() {
  const { t } = useTranslation("incidents");
  const navigate = useNavigate();
  const { creating, setCreating, notice } = useNewRecord("incident.new", t("list.draftWhat"));
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<string>(ALL);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = { search: debounced || undefined, projectId: tab === ALL ? undefined : Number(tab) };
  const paged = usePagedList(filters, (input, keep) => trpc.incidents.page.useQuery(input, keep), t("list.fetchFailed"));
  const options = trpc.incidents.formOptions.useQuery();

  if (creating) {
    return (
      <>
        <PageHeader title={t("list.title")} subtitle={t("list.subtitle")} />
        <Suspense fallback={<FullPageSpinner />}>
          <IncidentForm
            defaultProjectId={tab === ALL ? undefined : Number(tab)}
            continueDraft={creating === "draft"}
            onCancel={() => setCreating(false)}
            // The new report's own page, with the success toast.
            onDone={(saved) => void navigate({ to: "/forms/incident-reports/$id", params: { id: String(saved.id) } })}
          />
        </Suspense>
      </>
    );
  }

  return (
    <RecordListPage
      ns="incidents"
      paged={paged}
      csv={{ path: "/api/incident-reports", filters }}
      actions={
        <Button leftSection={<IconPlus size={16} />} color="red" onClick={() => setCreating("new")}>
          {t("list.newButton")}
        </Button>
      }
      empty={{ message: debounced ? t("list.emptySearch") : tab !== ALL ? t("list.emptyProject") : t("list.emptyNone") }}
      testId="incident-list"
      renderItem={(report) => <IncidentCard key={report.id} report={report} />}
    >
      {notice}
      <SearchBox placeholder={t("list.searchPlaceholder")} label={t("list.searchLabel")} value={search} onSearch={setSearch} mb="sm" />
      <ProjectTabs
        projects={options.data?.projects ?? []}
        allLabel={t("list.allProjects")}
        all={ALL}
        scrollbarSize={4}
        value={tab}
        onChange={(v) => setTab(v ?? ALL)}
        mb="md"
      />
    </RecordListPage>
  );
}

function IncidentCard({ report }: { report: IncidentListItem }) {
  const { t } = useTranslation("incidents");
  return (
    <RecordCard
      to={`/forms/incident-reports/${report.id}`}
      testId="incident-card"
      title={report.title}
      badge={<SeverityBadge severity={report.severity} />}
    >
      {report.description ? (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {report.description}
        </Text>
      ) : null}
      <InfoLine icon={IconBuildingSkyscraper}>{report.projectName ?? t("list.unknownProject")}</InfoLine>
      {report.location ? <InfoLine icon={IconMapPin}>{report.location}</InfoLine> : null}
      <InfoLine icon={IconUser}>{report.reporterName ?? t("list.unknownReporter")}</InfoLine>
      <Group justify="space-between" gap="xs">
        <InfoLine icon={IconCalendar}>{formatDate(report.date)}</InfoLine>
        <IncidentStatusBadge status={report.status} />
      </Group>
    </RecordCard>
  );
}
