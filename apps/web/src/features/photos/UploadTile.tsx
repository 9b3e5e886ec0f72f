import { ActionIcon, Box, Group, Image, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconPhoto, IconRefresh, IconX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { discard, requestFlush, retry } from "../outbox/outbox";
import classes from "./photos.module.css";
import type { PhotoUpload } from "./useUploads";

const retryUpload = (key: string) => void retry(key).then(requestFlush);

function secondsUntil(at: number | null) {
  return at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function stateText(t: TFunction<"photos">, upload: PhotoUpload, seconds: number): string {
  switch (upload.state) {
    case "waiting":
      return t("upload.waiting");
    case "uploading":
      return t("upload.uploading", { percent: Math.round(upload.progress * 100) });
    case "retrying":
      return seconds > 0 ? t("upload.retryingIn", { seconds }) : t("upload.retrying");
    case "done":
      return t("upload.done");
    case "failed":
      return t("upload.failed");
  }
}

/** A photo on its way: local preview, progress, and what happens next. */
export function UploadTile({ upload }: { upload: PhotoUpload }) {
  const { t } = useTranslation("photos");
  const [seconds, setSeconds] = useState(() => secondsUntil(upload.retryAt));
  useEffect(() => {
    setSeconds(secondsUntil(upload.retryAt));
    if (upload.state !== "retrying") return;
    const timer = setInterval(() => setSeconds(secondsUntil(upload.retryAt)), 1000);
    return () => clearInterval(timer);
  }, [upload.state, upload.retryAt]);
  const failed = upload.state === "failed" || upload.state === "retrying";
  return (
    <Stack
      gap={4}
      className={classes.tile}
      data-upload-state={upload.state}
      aria-label={t("upload.tileLabel", { name: upload.fileName, state: stateText(t, upload, seconds) })}
    >
      <Box className={classes.thumb} pos="relative">
        {upload.previewUrl ? (
          <Image src={upload.previewUrl} alt="" className={classes.thumbImage} style={{ opacity: upload.state === "done" ? 1 : 0.55 }} />
        ) : (
          <Stack align="center" justify="center" h="100%">
            <IconPhoto size={28} color="var(--mantine-color-gray-6)" />
          </Stack>
        )}
        {failed ? (
          <Group gap={4} pos="absolute" top={4} right={4}>
            <Tooltip label={t("upload.tryAgain")}>
              <ActionIcon size="sm" variant="white" aria-label={t("upload.tryAgain")} onClick={() => retryUpload(upload.key)}>
                <IconRefresh size={14} />
              </ActionIcon>
            </Tooltip>
            {upload.state === "failed" ? (
              <Tooltip label={t("upload.discard")}>
                <ActionIcon size="sm" variant="white" color="red" aria-label={t("upload.discard")} onClick={() => void discard(upload.key)}>
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ) : null}
      </Box>
      <Progress
        value={upload.state === "done" ? 100 : upload.progress * 100}
        color={upload.state === "failed" ? "red" : upload.state === "retrying" ? "yellow" : "orange"}
        size="sm"
        animated={upload.state === "uploading"}
        aria-label={t("upload.progress")}
      />
      <Text size="xs" c={upload.state === "failed" ? "red" : "dimmed"} lh={1.2}>
        {upload.state === "failed" ? <IconAlertTriangle size={12} style={{ verticalAlign: -2, marginRight: 2 }} /> : null}
        {stateText(t, upload, seconds)}
      </Text>
      {upload.error && failed ? (
        <Text size="xs" c={upload.state === "failed" ? "red" : "dimmed"} lh={1.2} lineClamp={3}>
          {upload.error}
        </Text>
      ) : null}
    </Stack>
  );
}
