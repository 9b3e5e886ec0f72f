import { Anchor, Badge, Group, Text } from "@mantine/core";
import type { ActionPriority, ActionStatus } from "@sitesafe/domain";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";

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

/**
 * One corrective action in a list of them (an inspection's, the dashboard's "assigned to me"): the
 * link to it, when it is due and its badges; `small` for a dashboard card.
 */
export function ActionLine({
  action,
  small = false,
  testId,
  linkTestId,
}: {
  action: { id: number; description: string; dueAt: Date | string; status: ActionStatus; priority: ActionPriority; overdue: boolean };
  small?: boolean;
  testId?: string;
  linkTestId?: string;
}) {
  const { t } = useTranslation("inspections");
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" data-testid={testId}>
      <Anchor component={Link} to={`/actions/${action.id}`} size={small ? "sm" : undefined} data-testid={linkTestId}>
        {action.description}
      </Anchor>
      <Group gap="xs">
        <Text size={small ? "xs" : "sm"} c="dimmed">
          {t("actions.due", { date: formatDate(action.dueAt) })}
        </Text>
        <ActionBadges status={action.status} priority={action.priority} overdue={action.overdue} />
      </Group>
    </Group>
  );
}
