import { defaultRequiredWatchBy, secondsToDuration, type VideoFormValues, videoFormSchema, videoFormToInput } from "@sitesafe/domain";
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import { useIsMobile } from "../../lib/device";
import { toDateTimeLocal } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterOutputs, trpc } from "../../lib/trpc";

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
    onSuccess: () => done("Video added successfully"),
    onError: (error) => notifyError("Failed to add video", errorMessage(error)),
  });
  const update = trpc.videos.update.useMutation({
    onSuccess: () => done("Video updated successfully"),
    onError: (error) => notifyError("Failed to update video", errorMessage(error)),
  });
  const pending = create.isPending || update.isPending;

  const submit = (values: VideoFormValues) => {
    const input = videoFormToInput(values);
    if (video) update.mutate({ id: video.id, ...input });
    else create.mutate(input);
  };

  const published = form.values.publishedAt ? new Date(form.values.publishedAt) : new Date();
  const requiredHint = Number.isNaN(published.getTime()) ? undefined : `Blank means 7 days after publishing (${toDateTimeLocal(defaultRequiredWatchBy(published)).replace("T", " ")})`;

  return (
    <Modal opened={opened} onClose={onClose} title={video ? "Edit Safety Video" : "Add Weekly Safety Video"} size="lg" fullScreen={isMobile}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Title" withAsterisk {...form.getInputProps("title")} />
          <TextInput
            label="Video URL"
            withAsterisk
            placeholder="https://www.youtube.com/watch?v=…"
            description="YouTube, Vimeo, or a direct .mp4 link"
            {...form.getInputProps("url")}
          />
          <Textarea label="Description" autosize minRows={3} {...form.getInputProps("description")} />
          <SimpleGrid cols={2}>
            <NumberInput label="Minutes" min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps("minutes")} />
            <NumberInput label="Seconds" min={0} max={59} allowDecimal={false} allowNegative={false} {...form.getInputProps("seconds")} />
          </SimpleGrid>
          <TextInput label="Tags" placeholder="ppe, ladders, fall protection" description="Separate tags with commas" {...form.getInputProps("tags")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput type="datetime-local" label="Publish date" {...form.getInputProps("publishedAt")} />
            <TextInput type="datetime-local" label="Required watch by" description={requiredHint} {...form.getInputProps("requiredWatchByDate")} />
          </SimpleGrid>
          <TextInput label="Thumbnail URL" placeholder="Optional: generated for YouTube videos" {...form.getInputProps("thumbnail")} />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {video ? "Save Changes" : "Add Video"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
