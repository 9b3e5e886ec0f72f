import { Badge } from "@mantine/core";
import { highestRisk } from "@sitesafe/domain";
import { IconClipboardCheck } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useServerPage } from "../../components/Paginated";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { RiskBadge } from "../jha/RiskBadge";
import { ProjectRecordsTab } from "./ProjectRecordsTab";

/** The JHA forms filed for one project, newest first, each opening its detail page. */
export function ProjectJhaTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const pager = useServerPage({ projectId });
  const list = trpc.jha.page.useQuery({ projectId, limit: pager.limit, offset: pager.offset }, { placeholderData: keepPreviousData });
  return (
    <ProjectRecordsTab
      list={list}
      pager={pager}
      all={{ to: "/forms/jha", label: t("jha.all"), icon: <IconClipboardCheck size={14} /> }}
      empty={{ title: t("jha.none"), message: t("jha.noneMessage") }}
      failed={t("jha.failed")}
      testId="project-jha-row"
      row={(form) => {
        const risk = highestRisk(form.hazards);
        return {
          id: form.id,
          to: `/forms/jha/${form.id}`,
          title: form.title,
          meta: `${form.submitterName ?? t("jha.unknownSubmitter")} · ${formatDate(form.submittedAt)}`,
          badges: (
            <>
              <Badge variant="outline" color="gray" radius="sm" visibleFrom="xs">
                {t("jha.hazards", { count: form.hazards.length })}
              </Badge>
              {risk ? <RiskBadge level={risk} /> : null}
            </>
          ),
        };
      }}
    />
  );
}
