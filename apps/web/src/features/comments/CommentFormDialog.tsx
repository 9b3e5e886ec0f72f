import { Modal, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { commentFormSchema, GENERAL_PROJECT_VALUE, projectIdFromForm, projectIdToForm, projectOptionLabel } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../components/FormActions";
import { useFormSafety, useGuardedDialogClose } from "../../components/FormSafety";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";
import { QUEUED_MESSAGE, QUEUED_TITLE, useOutboxMutation } from "../outbox/useOutboxMutation";
import { useInvalidateComments } from "./useCommentsCache";

export type SafetyComment = RouterOutputs["comments"]["list"][number];

/**
 * "Message the Safety Manager" (new) or "Edit Message" (the author's edit). The same dialog opens
 * from the comments page and from the dashboard's Talk to the Safety Manager card.
 */
export function CommentFormDialog({ opened, onClose, comment }: { opened: boolean; onClose: () => void; comment?: SafetyComment | null }) {
  const { t } = useTranslation("comments");
  const editing = Boolean(comment);
  // The form mounts with each opening, so a draft left on this device is offered again.
  const { close, register } = useGuardedDialogClose(onClose);
  return (
    <Modal opened={opened} onClose={close} title={editing ? t("form.editTitle") : t("form.newTitle")} centered size="lg">
      {opened ? <CommentForm comment={comment ?? null} onClose={onClose} registerClose={register} /> : null}
    </Modal>
  );
}

function CommentForm({
  comment,
  onClose,
  registerClose,
}: {
  comment: SafetyComment | null;
  onClose: () => void;
  registerClose: (close: () => void) => void;
}) {
  const { t } = useTranslation("comments");
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
  const safety = useFormSafety(form, {
    draftKey: comment ? `message.edit.${comment.id}` : "message.new",
    onCancel: onClose,
    registerClose,
  });

  const done = () => {
    void invalidate();
    onClose();
  };
  const create = useOutboxMutation("comments.create", {
    onSuccess: () => {
      notifySuccess(t("form.sentTitle"), t("form.sentMessage"));
      done();
    },
    onQueued: () => {
      notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
      done();
    },
    onError: (error) => notifyError(t("form.sendFailed"), errorMessage(error, t("form.sendFailedFallback"))),
  });
  const update = trpc.comments.update.useMutation({
    onSuccess: () => {
      notifySuccess(t("form.updatedTitle"), t("form.updatedMessage"));
      done();
    },
    onError: (error) => notifyError(t("form.updateFailed"), errorMessage(error)),
  });
  const pending = create.isPending || update.isPending;

  const options = [
    ...(projects.data ?? []).map((p) => ({ value: String(p.id), label: projectOptionLabel(p) })),
    { value: GENERAL_PROJECT_VALUE, label: t("form.general") },
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
            {t("form.intro")}
          </Text>
        )}
        <Select
          label={t("form.project")}
          placeholder={projects.isPending ? t("form.loadingProjects") : t("form.selectProject")}
          data={options}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("projectId")}
          value={form.values.projectId || null}
          onChange={(value) => form.setFieldValue("projectId", value ?? "")}
        />
        <TextInput
          label={t("form.title")}
          placeholder={t("form.titlePlaceholder")}
          withAsterisk
          maxLength={100}
          {...form.getInputProps("title")}
        />
        <Textarea
          label={t("form.message")}
          placeholder={t("form.messagePlaceholder")}
          withAsterisk
          autosize
          minRows={4}
          maxRows={10}
          maxLength={1000}
          description={`${form.values.content.length}/1000`}
          {...form.getInputProps("content")}
        />
        <DialogActions
          onCancel={safety.cancel}
          submitLabel={editing ? t("form.saveChanges") : t("form.send")}
          loading={pending}
          holdCancel
        />
      </Stack>
    </form>
  );
}
