import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { notifyError, notifySuccess, toastCloseButton } from "../../lib/notify";
import { errorMessage, errorStatus, trpc } from "../../lib/trpc";
import { CommentFormDialog, type SafetyComment } from "./CommentFormDialog";
import type { CommentHandlers } from "./CommentItem";
import { ResolveCommentDialog } from "./ResolveCommentDialog";
import { useInvalidateComments } from "./useCommentsCache";

/** The handlers every message list needs, and the dialogs they open (edit, resolve, delete). */
export function useCommentActions(): { handlers: CommentHandlers; dialogs: React.ReactNode } {
  const { t } = useTranslation("comments");
  const invalidate = useInvalidateComments();
  const [editing, setEditing] = useState<SafetyComment | null>(null);
  const [resolving, setResolving] = useState<SafetyComment | null>(null);
  const [deleting, setDeleting] = useState<SafetyComment | null>(null);

  const markInProgress = trpc.comments.markInProgress.useMutation({
    onSuccess: () => {
      notifySuccess(t("actions.updatedTitle"), t("actions.updatedMessage"));
      void invalidate();
    },
    onError: (error) => notifyError(t("actions.updateFailed"), errorMessage(error)),
  });
  const remove = trpc.comments.delete.useMutation({
    onSuccess: () => {
      notifySuccess(t("actions.deletedTitle"), t("actions.deletedMessage"));
      setDeleting(null);
      void invalidate();
    },
    onError: (error) => {
      setDeleting(null);
      void invalidate();
      // A 404 counts as already deleted (docs/api.md).
      if (errorStatus(error) === 404) {
        notifications.show({
          title: t("actions.missingTitle"),
          message: t("actions.missingMessage"),
          color: "gray",
          closeButtonProps: toastCloseButton,
        });
      } else {
        notifyError(t("actions.deleteFailed"), errorMessage(error));
      }
    },
  });

  const handlers: CommentHandlers = {
    onEdit: setEditing,
    onResolve: setResolving,
    onDelete: setDeleting,
    onMarkInProgress: (comment) => markInProgress.mutate({ id: comment.id }),
    pendingId: markInProgress.isPending ? ((markInProgress.variables as { id: number } | undefined)?.id ?? null) : null,
  };

  const dialogs = (
    <>
      <CommentFormDialog opened={editing !== null} comment={editing} onClose={() => setEditing(null)} />
      <ResolveCommentDialog comment={resolving} onClose={() => setResolving(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t("actions.deleteConfirmTitle")}
        message={t("actions.deleteConfirmMessage")}
        confirmLabel={t("actions.delete")}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </>
  );
  return { handlers, dialogs };
}
