import { Paper, Progress, Text } from "@mantine/core";
import { IconCloudUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../offline/network";
import { useUploads } from "./useUploads";

/**
 * A small note at the bottom of every page while photos are on their way, so leaving a form
 * does not hide that its photos are still uploading (or waiting for a signal).
 */
export function UploadIndicator() {
  const { t } = useTranslation("photos");
  const uploads = useUploads().filter((u) => u.state !== "done");
  const online = useOnline();
  if (uploads.length === 0) return null;
  const failed = uploads.filter((u) => u.state === "failed").length;
  const waiting = uploads.filter((u) => u.state === "retrying" || (!online && u.state === "waiting")).length;
  const progress = uploads.reduce((n, u) => n + u.progress, 0) / uploads.length;
  const text =
    failed > 0
      ? t("indicator.failed", { count: failed })
      : waiting > 0
        ? t("indicator.waiting", { count: uploads.length })
        : t("indicator.uploading", { count: uploads.length });
  return (
    <Paper
      shadow="md"
      radius="md"
      p="xs"
      withBorder
      role="status"
      data-testid="upload-indicator"
      style={{
        position: "fixed",
        left: "50%",
        transform: "translateX(-50%)",
        bottom: "calc(80px + env(safe-area-inset-bottom))",
        zIndex: 150,
        width: "min(360px, calc(100vw - 24px))",
      }}
    >
      <Text size="xs" fw={500} mb={4}>
        <IconCloudUpload size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        {text}
      </Text>
      <Progress value={progress * 100} size="xs" color={failed > 0 ? "red" : waiting > 0 ? "yellow" : "orange"} />
    </Paper>
  );
}
