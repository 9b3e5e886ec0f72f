import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { talkTopicSchema } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

/** Staff add a talk to the library, in English or Spanish (issue #34). */
export function TopicDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("talks");
  const utils = trpc.useUtils();
  const form = useForm({
    mode: "controlled",
    initialValues: { language: "en" as "en" | "es", title: "", content: "" },
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
  return (
    <Modal opened onClose={onClose} title={t("topic.title")} size="lg">
      <form aria-label={t("topic.title")} onSubmit={form.onSubmit((values) => create.mutate(values))}>
        <Stack gap="sm">
          <Select
            label={t("form.language")}
            data={(["en", "es"] as const).map((l) => ({ value: l, label: t(`labels.language.${l}`) }))}
            allowDeselect={false}
            {...form.getInputProps("language")}
            data-path="language"
          />
          <TextInput label={t("form.title")} withAsterisk {...form.getInputProps("title")} data-path="title" />
          <Textarea label={t("form.content")} withAsterisk autosize minRows={4} {...form.getInputProps("content")} data-path="content" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("topic.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
