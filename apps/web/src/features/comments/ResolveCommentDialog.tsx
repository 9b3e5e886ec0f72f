import { commentTexts, MANAGER_RESPONSE_MAX } from "@sitesafe/domain";
import { Blockquote, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import type { SafetyComment } from "./CommentFormDialog";
import { useInvalidateComments } from "./useCommentsCache";

/** "Resolve Safety Concern": the original message, an optional response, "Mark as Resolved". */
export function ResolveCommentDialog({ comment, onClose }: { comment: SafetyComment | null; onClose: () => void }) {
  const [response, setResponse] = useState("");
  const invalidate = useInvalidateComments();
  useEffect(() => setResponse(""), [comment?.id]);
  const resolve = trpc.comments.resolve.useMutation({
    onSuccess: () => {
      notifySuccess(...commentTexts.updatedByStaff);
      void invalidate();
      onClose();
    },
    onError: (error) => notifyError(commentTexts.updateFailed, errorMessage(error)),
  });
  return (
    <Modal opened={comment !== null} onClose={onClose} title="Resolve Safety Concern" centered size="lg">
      {comment ? (
        <Stack>
          <div>
            <Text fw={600}>{comment.title}</Text>
            <Blockquote color="orange" p="sm" mt="xs" style={{ whiteSpace: "pre-wrap" }}>
              {comment.content}
            </Blockquote>
          </div>
          <Textarea
            label="Your Response:"
            placeholder="What was done about it, or what the worker should do (optional)"
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MANAGER_RESPONSE_MAX}
            value={response}
            onChange={(e) => setResponse(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={resolve.isPending}>
              Cancel
            </Button>
            <Button color="green" loading={resolve.isPending} onClick={() => resolve.mutate({ id: comment.id, managerResponse: response })}>
              Mark as Resolved
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
