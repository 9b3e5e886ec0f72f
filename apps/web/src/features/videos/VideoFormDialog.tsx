import { Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { defaultRequiredWatchBy, secondsToDuration, type VideoFormValues, videoFormSchema, videoFormToInput } from "@sitesafe/domain";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions } from "../../components/FormActions";
import { useIsMobile } from "../../lib/device";
import { toDateTimeLocal } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";
import { schemaResolver } from "../../lib/validation";

export type SafetyVideo = RouterOutputs["videos"]["list"][number];

const blank = (): VideoFormValues => ({
  title: "",
  description: "",
  url: "",
  minutes: "",
  seconds: "",
  tags: "",
  publishedAt: toDateTimeLocal(new Date()),
  requiredWatchByDate: "",
  thumbnail: "",
});

const valuesOf = (video: SafetyVideo): VideoFormValues => {
  const { minutes, seconds } = secondsToDuration(video.duration);
  return {
    title: video.title,
    description: video.description,
    url: video.url,
    minutes,
    seconds,
    tags: video.tags.join(", "),
    publishedAt: toDateTimeLocal(video.publishedAt),
    requiredWatchByDate: toDateTimeLocal(video.requiredWatchByDate),
    thumbnail: video.thumbnail ?? "",
  };
};

/** "Add Weekly Safety Video" and "Edit Safety Video" (admin and manager). */
export function VideoFormDialog({ opened, video, onClose }: { opened: boolean; video: SafetyVideo | null; onClose: () => void }) {
  const { t } = useTranslation("videos");
  const isMobile = useIsMobile();
  const utils = trpc.useUtils();
  const form = useForm<VideoFormValues>({
    mode: "controlled",
    initialValues: blank(),
    validate: schemaResolver(videoFormSchema, { sync: true }),
  });

  // Reset only when the dialog opens (for a new video or another one), not on every render.
  useEffect(() => {
    if (!opened) return;
    form.setValues(video ? valuesOf(video) : blank());
    form.resetDirty();
    form.clearErrors();
  }, [opened, video?.id]);

  const done = (title: string) => {
    notifySuccess(title);
    void utils.videos.list.invalidate();
    void utils.videos.requiredVideos.invalidate();
    onClose();
  };
  const create = trpc.videos.create.useMutation({
    onSuccess: () => done(t("form.added")),
    onError: (error) => notifyError(t("form.addFailed"), errorMessage(error)),
  });
  const update = trpc.videos.update.useMutation({
    onSuccess: () => done(t("form.updated")),
    onError: (error) => notifyError(t("form.updateFailed"), errorMessage(error)),
  });
  const pending = create.isPending || update.isPending;

  const submit = (values: VideoFormValues) => {
    const input = videoFormToInput(values);
    if (video) update.mutate({ id: video.id, ...input });
    else create.mutate(input);
  };

  const published = form.values.publishedAt ? new Date(form.values.publishedAt) : new Date();
  const requiredHint = Number.isNaN(published.getTime())
    ? undefined
    : t("form.requiredHint", { date: toDateTimeLocal(defaultRequiredWatchBy(published)).replace("T", " ") });

  return (
    <Modal opened={opened} onClose={onClose} title={video ? t("form.editTitle") : t("form.addTitle")} size="lg" fullScreen={isMobile}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label={t("form.title")} withAsterisk {...form.getInputProps("title")} />
          <TextInput
            label={t("form.url")}
            withAsterisk
            placeholder={t("form.urlPlaceholder")}
            description={t("form.urlDescription")}
            {...form.getInputProps("url")}
          />
          <Textarea label={t("form.description")} autosize minRows={3} {...form.getInputProps("description")} />
          <SimpleGrid cols={2}>
            <NumberInput label={t("form.minutes")} min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps("minutes")} />
            <NumberInput
              label={t("form.seconds")}
              min={0}
              max={59}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps("seconds")}
            />
          </SimpleGrid>
          <TextInput
            label={t("form.tags")}
            placeholder={t("form.tagsPlaceholder")}
            description={t("form.tagsDescription")}
            {...form.getInputProps("tags")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="datetime-local" label={t("form.publishDate")} {...form.getInputProps("publishedAt")} />
            <TextInput
              type="datetime-local"
              label={t("form.requiredBy")}
              description={requiredHint}
              {...form.getInputProps("requiredWatchByDate")}
            />
          </SimpleGrid>
          <TextInput label={t("form.thumbnail")} placeholder={t("form.thumbnailPlaceholder")} {...form.getInputProps("thumbnail")} />
          <DialogActions
            onCancel={onClose}
            submitLabel={video ? t("form.saveChanges") : t("form.add")}
            loading={pending}
            holdCancel
            mt="md"
          />
        </Stack>
      </form>
    </Modal>
  );
}
