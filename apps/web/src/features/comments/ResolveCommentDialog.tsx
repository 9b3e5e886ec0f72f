import { Blockquote, Modal, Stack, Text } from "@mantine/core";
import { MANAGER_RESPONSE_MAX } from "@sitesafe/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../components/FormActions";
import { LongText } from "../../components/record/fields";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import type { SafetyComment } from "./CommentFormDialog";
import { useInvalidateComments } from "./useCommentsCache";

/** "Resolve Safety Concern": the original message, an optional response, "Mark as Resolved". */
export function ResolveCommentDialog({ comment, onClose }: { comment: SafetyComment | null; onClose: () => void }) {
  const { t } = useTranslation("comments");
  const [response, setResponse] = useState("");
  const invalidate = useInvalidateComments();
  useEffect(() => setResponse(""), [comment?.id]);
  const resolve = trpc.comments.resolve.useMutation({
    onSuccess: () => {
      notifySuccess(t("actions.updatedTitle"), t("actions.updatedMessage"));
      void invalidate();
      onClose();
    },
    onError: (error) => notifyError(t("actions.updateFailed"), errorMessage(error)),
  });
  return (
    <Modal opened={comment !== null} onClose={onClose} title={t("resolve.title")} centered size="lg">
      {comment ? (
        <Stack>
          <div>
            <Text fw={600}>{comment.title}</Text>
            <Blockquote color="orange" p="sm" mt="xs" style={{ whiteSpace: "pre-wrap" }}>
              {comment.content}
            </Blockquote>
          </div>
          <LongText
            label={t("resolve.response")}
            placeholder={t("resolve.responsePlaceholder")}
            minRows={4}
            maxRows={10}
            maxLength={MANAGER_RESPONSE_MAX}
            value={response}
            onChange={(e) => setResponse(e.currentTarget.value)}
          />
          <DialogActions
            onCancel={onClose}
            submitLabel={t("resolve.submit")}
            onSubmit={() => resolve.mutate({ id: comment.id, managerResponse: response })}
            loading={resolve.isPending}
            holdCancel
            color="green"
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
