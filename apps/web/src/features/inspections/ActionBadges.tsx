import { Badge, Group } from "@mantine/core";
import type { ActionPriority, ActionStatus } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";

const STATUS_COLOR: Record<ActionStatus, string> = { open: "red", in_progress: "blue", awaiting_verification: "yellow", closed: "green" };
const PRIORITY_COLOR: Record<ActionPriority, string> = { high: "red", medium: "orange", low: "gray" };

/** A corrective action's status, priority and whether it is overdue. */
export function ActionBadges({ status, priority, overdue }: { status: ActionStatus; priority: ActionPriority; overdue: boolean }) {
  const { t } = useTranslation("inspections");
  return (
    <Group gap={4} wrap="wrap" style={{ flexShrink: 0 }}>
      <Badge color={STATUS_COLOR[status]} variant="light" data-testid="action-status">
        {t(`labels.status.${status}`)}
      </Badge>
      <Badge color={PRIORITY_COLOR[priority]} variant="outline">
        {t(`labels.priority.${priority}`)}
      </Badge>
      {overdue ? (
        <Badge color="red" variant="filled" data-testid="action-overdue">
          {t("actions.overdue")}
        </Badge>
      ) : null}
    </Group>
  );
}
