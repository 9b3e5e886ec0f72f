import { Button, Chip, Group, Select } from "@mantine/core";
import { type ActionStatus, actionStatuses } from "@sitesafe/domain";
import { IconBuildingSkyscraper, IconCalendar, IconFileSpreadsheet, IconUser } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfoLine, RecordCard } from "../../components/RecordCard";
import { RecordListPage, usePagedList } from "../../components/record/RecordList";
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
  const paged = usePagedList(filters, (input, keep) => trpc.correctiveActions.page.useQuery(input, keep));
  const csv = `/api/corrective-actions?format=csv${mine ? "&mine=true" : ""}${overdue ? "&overdue=true" : ""}${status ? `&status=${status}` : ""}`;
  return (
    <RecordListPage
      ns="inspections"
      section="actions"
      paged={paged}
      actions={
        <Button component="a" href={csv} variant="default" leftSection={<IconFileSpreadsheet size={16} />}>
          {t("actions.export")}
        </Button>
      }
      empty={{ message: t("actions.emptyNone") }}
      testId="action-list"
      renderItem={(action) => (
        <RecordCard key={action.id} to={`/actions/${action.id}`} testId="action-card" title={action.description}>
          <ActionBadges status={action.status} priority={action.priority} overdue={action.overdue} />
          <InfoLine icon={IconBuildingSkyscraper}>{action.projectName}</InfoLine>
          <InfoLine icon={IconUser}>{t("actions.owner", { name: action.ownerName ?? "—" })}</InfoLine>
          <InfoLine icon={IconCalendar}>{t("actions.due", { date: formatDate(action.dueAt) })}</InfoLine>
        </RecordCard>
      )}
    >
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
    </RecordListPage>
  );
}
