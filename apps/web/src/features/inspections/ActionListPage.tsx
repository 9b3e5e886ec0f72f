import { Button, Chip, Group, Select } from "@mantine/core";
import { type ActionStatus, actionStatuses } from "@sitesafe/domain";
import { IconBuildingSkyscraper, IconCalendar, IconFileSpreadsheet, IconUser } from "@tabler/icons-react";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedCardGrid } from "../../components/PagedCardGrid";
import { PageHeader } from "../../components/PageHeader";
import { useServerPage } from "../../components/Paginated";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { formatDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { ActionBadges } from "./ActionBadges";

/** /actions: the corrective actions the user sees (a worker: their projects' and their own), soonest due first. */
export function ActionListPage({ mine: mineAtFirst = false }: { mine?: boolean }) {
  const { t } = useTranslation("inspections");
  const [mine, setMine] = useState(mineAtFirst);
  const [overdue, setOverdue] = useState(false);
  const [status, setStatus] = useState<ActionStatus | null>(null);
  const filters = { mine, overdue, ...(status ? { status } : {}) };
  const pager = useServerPage(filters);
  const list = trpc.correctiveActions.page.useQuery(
    { ...filters, limit: pager.limit, offset: pager.offset },
    { placeholderData: keepPreviousData },
  );
  const csv = `/api/corrective-actions?format=csv${mine ? "&mine=true" : ""}${overdue ? "&overdue=true" : ""}${status ? `&status=${status}` : ""}`;
  return (
    <>
      <PageHeader
        title={t("actions.title")}
        subtitle={t("actions.subtitle")}
        actions={
          <Button component="a" href={csv} variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
            {t("actions.export")}
          </Button>
        }
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Chip checked={mine} onChange={setMine} data-testid="actions-mine">
          {t("actions.mine")}
        </Chip>
        <Chip checked={overdue} onChange={setOverdue} color="red" data-testid="actions-overdue">
          {t("actions.overdueOnly")}
        </Chip>
        <Select
          placeholder={t("actions.allStatuses")}
          aria-label={t("actions.status")}
          data={actionStatuses.map((s) => ({ value: s, label: t(`labels.status.${s}`) }))}
          value={status}
          onChange={(v) => setStatus(v as ActionStatus | null)}
          clearable
          maw={240}
        />
      </Group>
      <PagedCardGrid
        query={list}
        pager={pager}
        errorMessage={t("actions.fetchFailed")}
        empty={{ title: t("actions.emptyTitle"), message: t("actions.emptyNone") }}
        testId="action-list"
        renderItem={(action) => (
          <RecordCard key={action.id} to={`/actions/${action.id}`} testId="action-card" title={action.description}>
            <ActionBadges status={action.status} priority={action.priority} overdue={action.overdue} />
            <InfoLine icon={IconBuildingSkyscraper}>{action.projectName}</InfoLine>
            <InfoLine icon={IconUser}>{t("actions.owner", { name: action.ownerName ?? "—" })}</InfoLine>
            <InfoLine icon={IconCalendar}>{t("actions.due", { date: formatDate(action.dueAt) })}</InfoLine>
          </RecordCard>
        )}
      />
    </>
  );
}
