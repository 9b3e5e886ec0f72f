import { Blockquote, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { MANAGER_RESPONSE_MAX } from "@sitesafe/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
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
          <Textarea
            label={t("resolve.response")}
            placeholder={t("resolve.responsePlaceholder")}
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MANAGER_RESPONSE_MAX}
            value={response}
            onChange={(e) => setResponse(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
              {t("resolve.cancel")}
            </Button>
            <Button color="green" loading={resolve.isPending} onClick={() => resolve.mutate({ id: comment.id, managerResponse: response })}>
              {t("resolve.submit")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
