import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  type SegmentedControlProps,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { canDeleteJhaComment, canEditJhaComment, JHA_COMMENT_MAX, type JhaCommentVisibility, jhaCommentSchema } from "@sitesafe/domain";
import { IconEdit, IconLock, IconTrash, IconWorld } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { LongText } from "../../components/record/fields";
import { QueryContent } from "../../components/record/QueryContent";
import { DetailCard } from "../../components/record/RecordDetail";
import { ListSkeleton } from "../../components/States";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { QUEUED_MESSAGE, QUEUED_TITLE, useOutboxMutation } from "../outbox/useOutboxMutation";

type Comment = RouterOutputs["jha"]["comments"][number];

/** Private or public: who may read a comment. */
function VisibilityPicker(props: Omit<SegmentedControlProps, "data">) {
  const { t } = useTranslation("jha");
  const data = (["private", "public"] as const).map((value) => ({ value, label: t(`labels.visibility.${value}`) }));
  return <SegmentedControl size="xs" data={data} aria-label={t("comments.visibilityLabel")} {...props} />;
}

function VisibilityBadge({ visibility }: { visibility: JhaCommentVisibility }) {
  const { t } = useTranslation("jha");
  return visibility === "private" ? (
    <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={11} />}>
      {t("labels.visibility.private")}
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="blue" leftSection={<IconWorld size={11} />}>
      {t("labels.visibility.public")}
    </Badge>
  );
}

/** Review comments on a JHA form. Private ones are seen by admins, managers and their author only. */
export function JhaComments({ formId }: { formId: number }) {
  const { t } = useTranslation("jha");
  const utils = trpc.useUtils();
  const comments = trpc.jha.comments.useQuery({ id: formId });
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const actor = useActor();
  const form = useForm({
    mode: "controlled",
    initialValues: { content: "", visibility: "private" as JhaCommentVisibility },
    validate: schemaResolver(jhaCommentSchema, { sync: true }),
  });
  const add = useOutboxMutation("jha.addComment", {
    onSuccess: () => {
      form.reset();
      void utils.jha.comments.invalidate({ id: formId });
      notifySuccess(t("comments.added"));
    },
    onQueued: () => {
      form.reset();
      notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
    },
    onError: (e) => notifyError(t("comments.addFailed"), errorMessage(e)),
  });
  const remove = trpc.jha.deleteComment.useMutation({
    onSuccess: () => {
      setDeleting(null);
      void utils.jha.comments.invalidate({ id: formId });
      notifySuccess(t("comments.deleted"));
    },
    onError: (e) => {
      setDeleting(null);
      notifyError(t("comments.deleteFailed"), errorMessage(e));
    },
  });

  return (
    <DetailCard title={t("comments.title")}>
      <QueryContent query={comments} loading={<ListSkeleton rows={2} />} empty={t("comments.empty")}>
        {(list) => (
          <Stack gap="xs" data-testid="jha-comments">
            {list.map((comment) => (
              <CommentRow
                key={comment.id}
                comment={comment}
                canEdit={canEditJhaComment(actor, comment)}
                canDelete={canDeleteJhaComment(actor, comment)}
                onDelete={() => setDeleting(comment)}
              />
            ))}
          </Stack>
        )}
      </QueryContent>

      <form
        onSubmit={form.onSubmit((values) => add.mutate({ jhaFormId: formId, content: values.content, visibility: values.visibility }))}
        noValidate
      >
        <Stack gap="xs" mt="md">
          <LongText
            label={t("comments.addLabel")}
            placeholder={t("comments.addPlaceholder")}
            maxRows={6}
            maxLength={JHA_COMMENT_MAX}
            {...form.getInputProps("content")}
          />
          <Group justify="space-between" gap="sm">
            <VisibilityPicker {...form.getInputProps("visibility")} />
            <Button type="submit" size="sm" loading={add.isPending}>
              {t("comments.add")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {form.values.visibility === "private" ? t("comments.privateHint") : t("comments.publicHint")}
          </Text>
        </Stack>
      </form>

      <ConfirmDialog
        opened={deleting !== null}
        title={t("comments.deleteTitle")}
        message={t("comments.deleteMessage")}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </DetailCard>
  );
}

function CommentRow({
  comment,
  canEdit,
  canDelete,
  onDelete,
}: {
  comment: Comment;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation("jha");
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    mode: "controlled",
    initialValues: { content: comment.content, visibility: comment.visibility },
    validate: schemaResolver(jhaCommentSchema, { sync: true }),
  });
  const update = trpc.jha.updateComment.useMutation({
    onSuccess: () => {
      setEditing(false);
      void utils.jha.comments.invalidate({ id: comment.jhaFormId });
      notifySuccess(t("comments.updated"));
    },
    onError: (e) => notifyError(t("comments.updateFailed"), errorMessage(e)),
  });

  return (
    <Paper withBorder p="sm" radius="md" data-testid="jha-comment">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Group gap="xs" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {comment.authorName ?? t("comments.deletedUser")}
          </Text>
          <VisibilityBadge visibility={comment.visibility} />
        </Group>
        {/* Edit and Delete kept apart, so a thumb aiming for one never hits the other. */}
        <Group gap="xl" wrap="nowrap">
          {canEdit && !editing ? (
            <Tooltip label={t("comments.edit")} openDelay={700}>
              <ActionIcon variant="subtle" aria-label={t("comments.edit")} onClick={() => setEditing(true)}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canDelete ? (
            <Tooltip label={t("comments.delete")} openDelay={700}>
              <ActionIcon variant="subtle" color="red" aria-label={t("comments.delete")} onClick={onDelete}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(comment.createdAt)}
        {comment.updatedAt.getTime() - comment.createdAt.getTime() > 1000 ? t("comments.edited") : ""}
      </Text>
      {editing ? (
        <form onSubmit={form.onSubmit((values) => update.mutate({ id: comment.id, ...values }))} noValidate>
          <Stack gap="xs" mt="xs">
            <Textarea
              autosize
              minRows={2}
              maxRows={6}
              maxLength={JHA_COMMENT_MAX}
              aria-label={t("comments.comment")}
              {...form.getInputProps("content")}
            />
            <Group justify="space-between" gap="xs">
              <VisibilityPicker {...form.getInputProps("visibility")} />
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={update.isPending}>
                  {t("comments.cancel")}
                </Button>
                <Button size="xs" type="submit" loading={update.isPending}>
                  {t("comments.save")}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      ) : (
        <Text size="sm" mt={6} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {comment.content}
        </Text>
      )}
    </Paper>
  );
}
