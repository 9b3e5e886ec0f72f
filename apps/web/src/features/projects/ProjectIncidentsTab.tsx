import { Group } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useServerPage } from "../../components/Paginated";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { IncidentStatusBadge, SeverityBadge } from "../incidents/IncidentBadges";
import { ProjectRecordsTab } from "./ProjectRecordsTab";

/** The incident reports of one project, newest first, each opening its detail page. */
export function ProjectIncidentsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const pager = useServerPage({ projectId });
  const list = trpc.incidents.page.useQuery({ projectId, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  return (
    <ProjectRecordsTab
      list={list}
      pager={pager}
      all={{ to: "/forms/incident-reports", label: t("incidents.all"), icon: <IconAlertTriangle size={14} /> }}
      empty={{ title: t("incidents.none"), message: t("incidents.noneMessage") }}
      failed={t("incidents.failed")}
      testId="project-incident-row"
      row={(report) => ({
        id: report.id,
        to: `/forms/incident-reports/${report.id}`,
        title: report.title,
        meta: `${formatDate(report.date)}${report.location ? ` · ${report.location}` : ""} · ${report.reporterName ?? t("incidents.unknownReporter")}`,
        badges: (
          <>
            <SeverityBadge severity={report.severity} />
            <Group visibleFrom="xs">
              <IncidentStatusBadge status={report.status} />
            </Group>
          </>
        ),
      })}
    />
  );
}
