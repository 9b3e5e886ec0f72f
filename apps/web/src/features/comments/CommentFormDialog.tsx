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
import { useEffect } from "react";
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
  const projects = trpc.comments.projectOptions.useQuery(undefined, { enabled: opened });
  const invalidate = useInvalidateComments();
  const form = useForm({
    mode: "controlled",
    initialValues: { projectId: "", title: "", content: "" },
    validate: schemaResolver(commentFormSchema, { sync: true }),
  });

  useEffect(() => {
    if (!opened) return;
    form.setValues(
      comment
        ? { projectId: projectIdToForm(comment.projectId), title: comment.title, content: comment.content }
        : { projectId: "", title: "", content: "" },
    );
    form.resetDirty();
    form.clearErrors();
  }, [opened, comment?.id]);

  const done = () => {
    void invalidate();
    form.reset();
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

  const submit = form.onSubmit((values) => {
    const payload = { title: values.title, content: values.content, projectId: projectIdFromForm(values.projectId) };
    if (comment) update.mutate({ id: comment.id, ...payload });
    else create.mutate(payload);
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Edit Message" : "Message the Safety Manager"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
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
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? "Save Changes" : "Send Message"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
