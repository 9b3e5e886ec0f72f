import { Badge, Box, Card, Group, Paper, Stack, Text } from "@mantine/core";
import { type Actor, commentStatusColors, decideCommentAction } from "@sitesafe/domain";
import { IconBuildingSkyscraper, IconCheck, IconClock, IconEdit, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/record/IconButton";
import { formatDate, formatDateTime } from "../../lib/format";
import type { SafetyComment } from "./CommentFormDialog";

export interface CommentHandlers {
  onEdit: (comment: SafetyComment) => void;
  onDelete: (comment: SafetyComment) => void;
  onMarkInProgress: (comment: SafetyComment) => void;
  onResolve: (comment: SafetyComment) => void;
  /** Id of the message whose status change is in flight. */
  pendingId?: number | null;
}

/** The person's name, or the fallback (already in the screen's language) when there is none. */
function personName(person: { firstName: string | null; lastName: string | null } | null, fallback: string): string {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(" ");
  return name || fallback;
}

/** One message: status, author, date, project, content, the manager's response, and the actions the state machine allows. */
export function CommentItem({
  comment,
  actor,
  handlers,
  compact = false,
}: {
  comment: SafetyComment;
  actor: Actor;
  handlers?: CommentHandlers;
  compact?: boolean;
}) {
  const { t } = useTranslation("comments");
  const can = (action: "edit" | "delete" | "markInProgress" | "resolve") => decideCommentAction(actor, action, comment).allowed;
  const actions = handlers
    ? [
        can("markInProgress") ? (
          <IconButton
            key="progress"
            size="xs"
            variant="light"
            color="yellow"
            icon={IconClock}
            loading={handlers.pendingId === comment.id}
            onClick={() => handlers.onMarkInProgress(comment)}
          >
            {t("item.markInProgress")}
          </IconButton>
        ) : null,
        can("resolve") ? (
          <IconButton key="resolve" size="xs" variant="light" color="green" icon={IconCheck} onClick={() => handlers.onResolve(comment)}>
            {t("item.resolve")}
          </IconButton>
        ) : null,
        can("edit") ? (
          <IconButton key="edit" size="xs" variant="default" icon={IconEdit} onClick={() => handlers.onEdit(comment)}>
            {t("item.edit")}
          </IconButton>
        ) : null,
        can("delete") ? (
          // Apart from Edit (at the far end of the row), so a thumb aiming for Edit never deletes.
          <IconButton
            key="delete"
            size="xs"
            variant="subtle"
            color="red"
            ml="auto"
            icon={IconTrash}
            onClick={() => handlers.onDelete(comment)}
          >
            {t("item.delete")}
          </IconButton>
        ) : null,
      ].filter(Boolean)
    : [];

  return (
    <Card withBorder radius="md" padding={compact ? "sm" : "md"} data-testid="safety-comment" data-comment-id={comment.id}>
      <Stack gap={compact ? 4 : "xs"}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={compact ? 1 : 2}>
              {comment.title}
            </Text>
            <Text size="xs" c="dimmed">
              {personName(comment.user, t("item.formerUser"))} · {formatDate(comment.createdAt)}
            </Text>
          </Box>
          <Badge color={commentStatusColors[comment.status]} variant="light" style={{ flexShrink: 0 }}>
            {t(`labels.status.${comment.status}`)}
          </Badge>
        </Group>
        {comment.project ? (
          <Group gap={4} wrap="nowrap">
            <IconBuildingSkyscraper size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
            <Text size="xs" c="dimmed" truncate>
              {comment.project.name} · {comment.project.location}
            </Text>
          </Group>
        ) : null}
        <Text
          size="sm"
          lineClamp={compact ? 2 : undefined}
          style={{ whiteSpace: compact ? undefined : "pre-wrap", overflowWrap: "anywhere" }}
        >
          {comment.content}
        </Text>
        {comment.managerResponse && !compact ? (
          <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-green-light)" data-testid="manager-response">
            <Text size="xs" fw={600} c="var(--sitesafe-good-text)">
              {t("item.responseFrom", { name: personName(comment.resolvedByUser, t("item.safetyManager")) })}
              {comment.resolvedAt ? ` · ${formatDateTime(comment.resolvedAt)}` : ""}
            </Text>
            <Text size="sm" mt={4} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {comment.managerResponse}
            </Text>
          </Paper>
        ) : null}
        {!comment.managerResponse && comment.status === "resolved" && !compact ? (
          <Text size="xs" c="dimmed">
            {t("item.resolvedBy", { name: personName(comment.resolvedByUser, t("item.safetyManager")) })}
            {comment.resolvedAt ? ` · ${formatDateTime(comment.resolvedAt)}` : ""}
          </Text>
        ) : null}
        {actions.length > 0 ? (
          <Group gap="xs" mt={4}>
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
