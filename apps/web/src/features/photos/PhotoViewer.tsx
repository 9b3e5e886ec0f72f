import { ActionIcon, Badge, Box, Button, Center, Group, Modal, Stack, Text } from "@mantine/core";
import { canDeletePhoto, formatBytes, type PhotoRecordFacts, type PhotoSummary } from "@sitesafe/domain";
import { IconChevronLeft, IconChevronRight, IconDownload, IconMapPin, IconTrash, IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import classes from "./photos.module.css";

function StepButton({ side, label, onClick }: { side: "left" | "right"; label: string; onClick: () => void }) {
  return (
    <ActionIcon
      variant="filled"
      color="dark"
      size="xl"
      radius="xl"
      pos="absolute"
      top="50%"
      {...{ [side]: 8 }}
      aria-label={label}
      onClick={onClick}
    >
      {side === "left" ? <IconChevronLeft /> : <IconChevronRight />}
    </ActionIcon>
  );
}

/** Full-screen view of a record's photos: swipe-free arrows and keys, download, delete when allowed. */
export function PhotoViewer({
  photos,
  index,
  facts,
  onIndex,
  onClose,
}: {
  photos: readonly PhotoSummary[];
  index: number | null;
  facts: PhotoRecordFacts;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("photos");
  const actor = useActor();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const photo = index === null ? undefined : photos[index];
  const remove = trpc.photos.delete.useMutation({
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t("viewer.deleted"));
      if (photo && photo.recordId !== null) void utils.photos.list.invalidate({ kind: photo.recordKind, id: photo.recordId });
      void utils.photos.storage.invalidate();
      onClose();
    },
    onError: (e) => notifyError(t("viewer.deleteFailed"), errorMessage(e, t("viewer.tryAgain"))),
  });

  const count = photos.length;
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft" && index > 0) onIndex(index - 1);
      if (event.key === "ArrowRight" && index < count - 1) onIndex(index + 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [index, count, onIndex]);

  const deletable = photo ? canDeletePhoto(actor, facts, photo) : false;
  const displayable = photo?.contentType !== "image/heic";

  return (
    <>
      <Modal
        opened={photo !== undefined && !confirming}
        onClose={onClose}
        fullScreen
        withCloseButton={false}
        padding={0}
        classNames={{ content: classes.viewer, body: classes.viewer }}
        // The dialog's name: a title whose header is not shown (the viewer draws its own bar). An
        // aria-label here would land on the modal's root element, where axe-core refuses it.
        title={t("viewer.title")}
        styles={{ header: { display: "none" } }}
      >
        {photo ? (
          <Stack gap={0} h="100dvh" data-testid="photo-viewer">
            <Group justify="space-between" p="sm" wrap="nowrap" gap="xs">
              <Box miw={0}>
                <Text size="sm" fw={600} truncate>
                  {photo.fileName}
                </Text>
                <Text size="xs" c="gray.5">
                  {index !== null ? t("viewer.position", { n: index + 1, count }) : ""} · {photo.uploadedByName ?? t("viewer.unknownUser")}{" "}
                  · {formatDateTime(photo.createdAt)} · {formatBytes(photo.byteSize)}
                </Text>
              </Box>
              <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label={t("viewer.close")} onClick={onClose}>
                <IconX size={22} />
              </ActionIcon>
            </Group>
            <Box flex={1} pos="relative" mih={0} px="xs">
              <Center h="100%">
                {displayable ? (
                  <img src={`/api/photos/${photo.id}`} alt={photo.fileName} className={classes.viewerImage} />
                ) : (
                  <Text c="gray.4" ta="center" maw={320}>
                    {t("viewer.heicUnsupported")}
                  </Text>
                )}
              </Center>
              {index !== null && index > 0 ? (
                <StepButton side="left" label={t("viewer.previous")} onClick={() => onIndex(index - 1)} />
              ) : null}
              {index !== null && index < count - 1 ? (
                <StepButton side="right" label={t("viewer.next")} onClick={() => onIndex(index + 1)} />
              ) : null}
            </Box>
            <Group justify="space-between" p="sm" gap="xs">
              {photo.locationKept ? (
                <Badge color="yellow" variant="light" leftSection={<IconMapPin size={12} />}>
                  {t("viewer.locationKept")}
                </Badge>
              ) : (
                <span />
              )}
              <Group gap="xs">
                <Button
                  component="a"
                  href={`/api/photos/${photo.id}`}
                  download={photo.fileName}
                  variant="default"
                  size="sm"
                  leftSection={<IconDownload size={16} />}
                >
                  {t("viewer.download")}
                </Button>
                {deletable ? (
                  <Button color="red" size="sm" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                    {t("viewer.delete")}
                  </Button>
                ) : null}
              </Group>
            </Group>
          </Stack>
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={confirming}
        title={t("viewer.deleteTitle")}
        message={t("viewer.deleteMessage")}
        loading={remove.isPending}
        onConfirm={() => photo && remove.mutate({ id: photo.id })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
