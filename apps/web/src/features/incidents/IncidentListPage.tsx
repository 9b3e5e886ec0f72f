import { Button, Group, ScrollArea, Tabs, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconBuildingSkyscraper, IconCalendar, IconMapPin, IconPlus, IconUser } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportCsvButton } from "../../components/ExportCsvButton";
import { ContinueDraftNotice } from "../../components/FormSafety";
import { PagedCardGrid } from "../../components/PagedCardGrid";
import { PageHeader } from "../../components/PageHeader";
import { useServerPage } from "../../components/Paginated";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { SearchBox } from "../../components/SearchBox";
import { formatDate } from "../../lib/format";
import { useOpenedAsNew } from "../../lib/newRecordLink";
import { notifyError } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { IncidentStatusBadge, SeverityBadge } from "./IncidentBadges";
import { IncidentForm } from "./IncidentForm";

type IncidentListItem = RouterOutputs["incidents"]["page"]["items"][number];

const ALL = "all";

/** /forms/incident-reports: search, one tab per visible project, a card grid and the inline report form. */
export function IncidentListPage() {
  const { t } = useTranslation("incidents");
  const navigate = useNavigate();
  const [creating, setCreating] = useState<false | "new" | "draft">(useOpenedAsNew());
  const [search, setSearch] = useState("");
  const [tab, setTab] = useState<string>(ALL);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const filters = { search: debounced || undefined, projectId: tab === ALL ? undefined : Number(tab) };
  const pager = useServerPage(filters);
  const list = trpc.incidents.page.useQuery(
    { ...filters, limit: pager.limit, offset: pager.offset },
    { placeholderData: keepPreviousData },
  );
  const options = trpc.incidents.formOptions.useQuery();

  useEffect(() => {
    if (list.error) notifyError(t("list.fetchFailed"), errorMessage(list.error));
  }, [list.error, t]);

  const projects = options.data?.projects ?? [];

  return (
    <>
      <PageHeader
        title={t("list.title")}
        subtitle={t("list.subtitle")}
        actions={
          creating ? null : (
            <>
              <ExportCsvButton path="/api/incident-reports" filters={filters} />
              <Button leftSection={<IconPlus size={16} />} color="red" onClick={() => setCreating("new")}>
                {t("list.newButton")}
              </Button>
            </>
          )
        }
      />
      {creating ? (
        <IncidentForm
          defaultProjectId={tab === ALL ? undefined : Number(tab)}
          continueDraft={creating === "draft"}
          onCancel={() => setCreating(false)}
          // The new report's own page, with the success toast.
          onDone={(saved) => void navigate({ to: "/forms/incident-reports/$id", params: { id: String(saved.id) } })}
        />
      ) : (
        <>
          <ContinueDraftNotice draftKey="incident.new" what={t("list.draftWhat")} onContinue={() => setCreating("draft")} />
          <SearchBox placeholder={t("list.searchPlaceholder")} label={t("list.searchLabel")} value={search} onSearch={setSearch} mb="sm" />
          <Tabs value={tab} onChange={(v) => setTab(v ?? ALL)} mb="md" variant="pills" radius="xl">
            <ScrollArea type="auto" scrollbarSize={4} offsetScrollbars="x">
              <Tabs.List style={{ flexWrap: "nowrap" }}>
                <Tabs.Tab value={ALL}>{t("list.allProjects")}</Tabs.Tab>
                {projects.map((p) => (
                  <Tabs.Tab key={p.id} value={String(p.id)} style={{ whiteSpace: "nowrap" }}>
                    {p.name}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </ScrollArea>
          </Tabs>
          <PagedCardGrid
            query={list}
            pager={pager}
            errorMessage={t("list.fetchFailed")}
            empty={{
              title: t("list.emptyTitle"),
              message: debounced ? t("list.emptySearch") : tab !== ALL ? t("list.emptyProject") : t("list.emptyNone"),
            }}
            testId="incident-list"
            renderItem={(report) => <IncidentCard key={report.id} report={report} />}
          />
        </>
      )}
    </>
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
