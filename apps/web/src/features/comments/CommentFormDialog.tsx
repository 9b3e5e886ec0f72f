import {
  commentFormSchema,
  commentTexts,
  GENERAL_PROJECT_VALUE,
  projectIdFromForm,
  projectIdToForm,
  projectOptionLabel,
} from "@sitesafe/domain";
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useFormSafety, useGuardedDialogClose } from "../../components/FormSafety";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { useInvalidateComments } from "./useCommentsCache";
import { QUEUED_MESSAGE, QUEUED_TITLE, useOutboxMutation } from "../outbox/useOutboxMutation";

export type SafetyComment = RouterOutputs["comments"]["list"][number];

/**
 * "Message the Safety Manager" (new) or "Edit Message" (the author's edit). The same dialog opens
 * from the comments page and from the dashboard's Talk to the Safety Manager card.
 */
export function CommentFormDialog({ opened, onClose, comment }: { opened: boolean; onClose: () => void; comment?: SafetyComment | null }) {
  const editing = Boolean(comment);
  // The form mounts with each opening, so a draft left on this device is offered again.
  const { close, register } = useGuardedDialogClose(onClose);
  return (
    <Modal opened={opened} onClose={close} title={editing ? "Edit Message" : "Message the Safety Manager"} centered size="lg">
      {opened ? <CommentForm comment={comment ?? null} onClose={onClose} registerClose={register} /> : null}
    </Modal>
  );
}

function CommentForm({ comment, onClose, registerClose }: { comment: SafetyComment | null; onClose: () => void; registerClose: (close: () => void) => void }) {
  const editing = comment !== null;
  const projects = trpc.comments.projectOptions.useQuery();
  const invalidate = useInvalidateComments();
  const form = useForm({
    mode: "controlled",
    initialValues: comment
      ? { projectId: projectIdToForm(comment.projectId), title: comment.title, content: comment.content }
      : { projectId: "", title: "", content: "" },
    validate: schemaResolver(commentFormSchema, { sync: true }),
  });
  const safety = useFormSafety(form, { draftKey: comment ? `message.edit.${comment.id}` : "message.new", onCancel: onClose, registerClose });

  const done = () => {
    void invalidate();
    onClose();
  };
  const create = useOutboxMutation("comments.create", {
    onSuccess: () => {
      notifySuccess(...commentTexts.sent);
      done();
    },
    onQueued: () => {
      notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
      done();
    },
    onError: (error) => notifyError(commentTexts.sendFailed, errorMessage(error, commentTexts.sendFailedFallback)),
  });
  const update = trpc.comments.update.useMutation({
    onSuccess: () => {
      notifySuccess(...commentTexts.updatedByAuthor);
      done();
    },
    onError: (error) => notifyError(commentTexts.updateFailed, errorMessage(error)),
  });
  const pending = create.isPending || update.isPending;

  const options = [
    ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: projectOptionLabel(p) })),
    { value: GENERAL_PROJECT_VALUE, label: "General (not about one project)" },
  ];

  const submit = safety.handleSubmit(async (values) => {
    const payload = { title: values.title, content: values.content, projectId: projectIdFromForm(values.projectId) };
    if (comment) await update.mutateAsync({ id: comment.id, ...payload });
    else await create.mutateAsync(payload);
  });

  return (
    <form ref={safety.ref} onSubmit={submit} onKeyDown={safety.onKeyDown} noValidate>
      {safety.dialog}
      <Stack>
        {safety.banner}
        {editing ? null : (
          <Text size="sm" c="dimmed">
            Report a hazard, ask a question or raise a concern. The safety manager will follow up.
          </Text>
        )}
        <Select
          label="Project"
          placeholder={projects.isPending ? "Loading projects..." : "Select a project"}
          data={options}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("projectId")}
          value={form.values.projectId || null}
          onChange={(value) => form.setFieldValue("projectId", value ?? "")}
        />
        <TextInput label="Title" placeholder="Short summary of the concern" withAsterisk maxLength={100} {...form.getInputProps("title")} />
        <Textarea
          label="Message"
          placeholder="Describe what you saw, where, and when"
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={1000}
          description={`${form.values.content.length}/1000`}
          {...form.getInputProps("content")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={safety.cancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? "Save Changes" : "Send Message"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
