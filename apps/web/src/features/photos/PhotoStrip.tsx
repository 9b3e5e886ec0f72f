import { Alert, Box, Card, Checkbox, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { canAttachPhoto, formatBytes, type PhotoRecordFacts, type PhotoRecordRef, photoLimit } from "@sitesafe/domain";
import { IconPhoto } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActor, useCurrentUser } from "../../lib/auth";
import { errorMessage, trpc } from "../../lib/trpc";
import { PhotoButtons } from "./PhotoPicker";
import { PhotoThumb } from "./PhotoThumb";
import { PhotoViewer } from "./PhotoViewer";
import classes from "./photos.module.css";
import { queuePhotos } from "./queuePhotos";
import { UploadTile } from "./UploadTile";
import { useUploads } from "./useUploads";

/**
 * The photos of an incident report or JHA form, or a toolbox talk's group photo, on its detail
 * page: thumbnails that open the full-screen viewer, uploads on their way, and (for admins) the
 * storage they take. `title` names the strip ("Group photo" on a talk).
 */
export function PhotoStrip({ record, facts, title }: { record: PhotoRecordRef; facts: PhotoRecordFacts; title?: string }) {
  const { t } = useTranslation("photos");
  const actor = useActor();
  const userId = useCurrentUser()?.id;
  const admin = actor?.role === "admin";
  const list = trpc.photos.list.useQuery(record);
  const storage = trpc.photos.storage.useQuery(undefined, { enabled: admin });
  const utils = trpc.useUtils();
  const uploads = useUploads(record);
  const [viewing, setViewing] = useState<number | null>(null);
  const [keepLocation, setKeepLocation] = useState(false);

  const photos = list.data ?? [];
  const listed = useMemo(() => new Set(photos.map((p) => p.id)), [photos]);
  // A sent photo shows from the list once the list has been fetched since; until then its tile says "Uploaded".
  const justSent = uploads.filter(
    (u) => u.state === "done" && u.photoId !== null && !listed.has(u.photoId) && (u.sentAt ?? 0) > list.dataUpdatedAt,
  );
  const unlisted = justSent.length;
  const { kind, id } = record;
  useEffect(() => {
    if (unlisted === 0) return;
    void utils.photos.list.invalidate({ kind, id });
    if (admin) void utils.photos.storage.invalidate();
  }, [unlisted, utils, kind, id, admin]);
  const pending = [...uploads.filter((u) => u.state !== "done"), ...justSent];

  const mayAdd = canAttachPhoto(actor, facts);
  const max = photoLimit(record.kind);
  const room = max - photos.length - pending.filter((u) => u.state !== "failed").length;
  const recordBytes = photos.reduce((n, p) => n + p.byteSize, 0);

  return (
    <Card withBorder radius="md" padding="md" data-testid="photo-strip">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box>
            <Title order={2} size="h5">
              {title ?? t("strip.title")}{" "}
              <Text span c="dimmed" size="sm" fw={400}>
                {t("strip.count", { count: photos.length, max })}
              </Text>
            </Title>
            {admin ? (
              <Text size="xs" c="dimmed" data-testid="photo-storage">
                {t("strip.recordStorage", { size: formatBytes(recordBytes) })}
                {storage.data ? t("strip.allStorage", { size: formatBytes(storage.data.totalBytes), count: storage.data.photoCount }) : ""}
              </Text>
            ) : null}
          </Box>
          {mayAdd ? (
            <Stack gap={4} align="flex-end">
              <PhotoButtons
                onFiles={(files) =>
                  userId !== undefined && void queuePhotos(userId, record, files.slice(0, Math.max(0, room)), keepLocation)
                }
                disabled={room <= 0}
                compact
              />
              <Checkbox
                size="xs"
                label={t("strip.keepLocation")}
                checked={keepLocation}
                onChange={(e) => setKeepLocation(e.currentTarget.checked)}
              />
            </Stack>
          ) : null}
        </Group>
        {list.error ? <Alert color="red">{errorMessage(list.error, t("strip.loadFailed"))}</Alert> : null}
        {list.isPending ? (
          <div className={classes.grid}>
            <Skeleton className={classes.thumb} />
            <Skeleton className={classes.thumb} />
          </div>
        ) : photos.length === 0 && pending.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("strip.empty")}
          </Text>
        ) : (
          <div className={classes.grid}>
            {photos.map((photo, index) => (
              <PhotoThumb
                key={photo.id}
                photo={photo}
                label={t("strip.open", { name: photo.fileName })}
                onOpen={() => setViewing(index)}
                fallback={
                  <Stack align="center" justify="center" h="100%" gap={2}>
                    <IconPhoto size={28} color="var(--mantine-color-gray-6)" />
                    <Text size="xs" c="dimmed">
                      {t("strip.heic")}
                    </Text>
                  </Stack>
                }
              />
            ))}
            {pending.map((upload) => (
              <UploadTile key={upload.key} upload={upload} />
            ))}
          </div>
        )}
      </Stack>
      <PhotoViewer photos={photos} index={viewing} facts={facts} onIndex={setViewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
