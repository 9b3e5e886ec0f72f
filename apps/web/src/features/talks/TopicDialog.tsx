import { Select, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { talkTopicSchema } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/FormDialog";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

/**
 * Staff add a talk to the library, in English or Spanish (issue #34), optionally pointing to a
 * training module or safety video (the server checks that it exists).
 */
export function TopicDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("talks");
  const utils = trpc.useUtils();
  const modules = trpc.training.modules.useQuery({});
  const videos = trpc.videos.list.useQuery();
  const form = useForm({
    mode: "controlled",
    initialValues: { language: "en" as "en" | "es", title: "", content: "", trainingModuleId: "", videoId: "" },
    validate: schemaResolver(talkTopicSchema, { sync: true }),
  });
  const create = trpc.talks.createTopic.useMutation({
    onSuccess: () => {
      notifySuccess(t("topic.addedTitle"), t("topic.addedMessage"));
      void utils.talks.topics.invalidate();
      onClose();
    },
    onError: (error) => notifyError(t("topic.failed"), errorMessage(error)),
  });
  /** A link the topic may have (a training module, a video): none until one is picked. */
  const optional = (path: "trainingModuleId" | "videoId", data: { value: string; label: string }[] = []) => ({
    placeholder: t("topic.none"),
    data,
    clearable: true,
    searchable: true,
    ...form.getInputProps(path),
    onChange: (value: string | null) => form.setFieldValue(path, value ?? ""),
    "data-path": path,
  });
  return (
    <FormDialog
      noValidate
      title={t("topic.title")}
      size="lg"
      label={t("topic.title")}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => create.mutate(values))}
      actions={{ submitLabel: t("topic.submit"), loading: create.isPending }}
    >
      <Select
        label={t("form.language")}
        data={(["en", "es"] as const).map((l) => ({ value: l, label: t(`labels.language.${l}`) }))}
        allowDeselect={false}
        {...form.getInputProps("language")}
        data-path="language"
      />
      <TextInput label={t("form.title")} withAsterisk {...form.getInputProps("title")} data-path="title" />
      <Textarea label={t("form.content")} withAsterisk autosize minRows={4} {...form.getInputProps("content")} data-path="content" />
      <Select
        label={t("topic.module")}
        {...optional(
          "trainingModuleId",
          modules.data?.map((m) => ({ value: String(m.id), label: m.title })),
        )}
      />
      <Select
        label={t("topic.video")}
        {...optional(
          "videoId",
          videos.data?.map((v) => ({ value: String(v.id), label: v.title })),
        )}
      />
    </FormDialog>
  );
}
