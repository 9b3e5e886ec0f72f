import { Card, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { can, toolboxTalkSchema } from "@sitesafe/domain";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../components/FormActions";
import { useActor, useCurrentUser } from "../../lib/auth";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

/** Today on this device, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A new toolbox talk: a project, a topic from the library (or typed), the date and the presenter. */
export function TalkForm({ onCancel, onDone }: { onCancel: () => void; onDone: (id: number) => void }) {
  const { t } = useTranslation("talks");
  const actor = useActor();
  const user = useCurrentUser();
  const options = trpc.jha.formOptions.useQuery();
  const topics = trpc.talks.topics.useQuery();
  const utils = trpc.useUtils();
  const projects = (options.data?.projects ?? []).filter((p) => can(actor, "talk.create", { projectId: p.id }));
  const form = useForm({
    mode: "controlled",
    initialValues: {
      projectId: "",
      topicId: "",
      title: "",
      content: "",
      language: "en" as "en" | "es",
      talkDate: today(),
      presenterWorkerId: actor?.workerId ?? null,
      presenterName: [user?.firstName, user?.lastName].filter(Boolean).join(" ") || (user?.username ?? ""),
      notes: "",
    },
    validate: schemaResolver(toolboxTalkSchema, { sync: true }),
  });
  const create = trpc.talks.create.useMutation({
    onSuccess: (talk) => {
      notifySuccess(t("form.createdTitle"), t("form.createdMessage"));
      void utils.talks.page.invalidate();
      onDone(talk.id);
    },
    onError: (error) => notifyError(t("form.failed"), errorMessage(error)),
  });

  const pickTopic = (value: string | null) => {
    form.setFieldValue("topicId", value ?? "");
    const topic = topics.data?.find((x) => String(x.id) === value);
    if (topic) {
      form.setFieldValue("title", topic.title);
      form.setFieldValue("content", topic.content);
      form.setFieldValue("language", topic.language);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form aria-label={t("form.label")} onSubmit={form.onSubmit((values) => create.mutate(toolboxTalkSchema.parse(values)))}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("form.project")}
              placeholder={t("form.selectProject")}
              withAsterisk
              data={projects.map((p) => ({ value: String(p.id), label: p.name }))}
              {...form.getInputProps("projectId")}
              data-path="projectId"
            />
            <Select
              label={t("form.topic")}
              placeholder={t("form.topicPlaceholder")}
              data={(topics.data ?? []).map((x) => ({ value: String(x.id), label: `${x.title} (${t(`labels.language.${x.language}`)})` }))}
              value={form.values.topicId || null}
              onChange={pickTopic}
              clearable
              searchable
              data-path="topicId"
            />
          </SimpleGrid>
          <TextInput label={t("form.title")} withAsterisk {...form.getInputProps("title")} data-path="title" />
          <Textarea
            label={t("form.content")}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...form.getInputProps("content")}
            data-path="content"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput type="date" label={t("form.date")} withAsterisk {...form.getInputProps("talkDate")} data-path="talkDate" />
            <TextInput label={t("form.presenter")} withAsterisk {...form.getInputProps("presenterName")} data-path="presenterName" />
            <Select
              label={t("form.language")}
              data={(["en", "es"] as const).map((l) => ({ value: l, label: t(`labels.language.${l}`) }))}
              {...form.getInputProps("language")}
              data-path="language"
            />
          </SimpleGrid>
          <Textarea label={t("form.notes")} autosize minRows={2} {...form.getInputProps("notes")} data-path="notes" />
          <DialogActions onCancel={onCancel} submitLabel={t("form.submit")} loading={create.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
