import { ActionIcon, Box, Button, FileButton, Group, Image, Stack, Text } from "@mantine/core";
import { PHOTOS_PER_RECORD } from "@sitesafe/domain";
import { IconCamera, IconPhoto, IconX } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxRow } from "../../components/ChoiceRow";
import { useCurrentUser } from "../../lib/auth";
import classes from "./photos.module.css";
import { type PhotoTarget, queuePhotos } from "./queuePhotos";

interface Picked {
  file: File;
  url: string;
}

export interface PhotoPickerState {
  picked: readonly Picked[];
  keepLocation: boolean;
  setKeepLocation: (keep: boolean) => void;
  add: (files: readonly File[]) => void;
  remove: (index: number) => void;
  /**
   * Keeps the picked photos in the Outbox for the saved record, or for the queued item that will
   * create it, and clears the picker; resolves once they are stored on the device.
   */
  uploadTo: (target: PhotoTarget) => Promise<number>;
}

/**
 * Photos chosen in a form before its record exists: kept here while the form is open, put in the
 * Outbox once the form is saved (`picker.uploadTo({ kind, id })` in the form's onSuccess) or
 * queued itself (`picker.uploadTo({ kind, after: item.id })`).
 */
export function usePhotoPicker(room: number = PHOTOS_PER_RECORD): PhotoPickerState {
  const [picked, setPicked] = useState<Picked[]>([]);
  const [keepLocation, setKeepLocation] = useState(false);
  const userId = useCurrentUser()?.id;
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  useEffect(
    () => () => {
      for (const p of pickedRef.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const add = useCallback(
    (files: readonly File[]) =>
      setPicked((current) => [
        ...current,
        ...files.slice(0, Math.max(0, room - current.length)).map((file) => ({ file, url: URL.createObjectURL(file) })),
      ]),
    [room],
  );
  const remove = useCallback(
    (index: number) =>
      setPicked((current) => {
        const gone = current[index];
        if (gone) URL.revokeObjectURL(gone.url);
        return current.filter((_, i) => i !== index);
      }),
    [],
  );
  const uploadTo = useCallback(
    async (target: PhotoTarget) => {
      const files = pickedRef.current.map((p) => p.file);
      const kept = files.length > 0 && userId !== undefined ? await queuePhotos(userId, target, files, keepLocation) : [];
      for (const p of pickedRef.current) URL.revokeObjectURL(p.url);
      setPicked([]);
      return kept.length;
    },
    [keepLocation, userId],
  );
  return { picked, keepLocation, setKeepLocation, add, remove, uploadTo };
}

/** The two ways to add photos: the camera, or the gallery (several at once). */
export function PhotoButtons({ onFiles, disabled, compact }: { onFiles: (files: File[]) => void; disabled?: boolean; compact?: boolean }) {
  const { t } = useTranslation("photos");
  return (
    <Group gap="xs">
      <FileButton onChange={(file) => file && onFiles([file])} accept="image/*" capture="environment" disabled={disabled}>
        {(props) => (
          <Button {...props} size={compact ? "xs" : "sm"} variant="light" leftSection={<IconCamera size={16} />} disabled={disabled}>
            {t("picker.takePhoto")}
          </Button>
        )}
      </FileButton>
      <FileButton onChange={onFiles} accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic" multiple disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            size={compact ? "xs" : "sm"}
            variant="default"
            leftSection={<IconPhoto size={16} />}
            disabled={disabled}
            data-testid="choose-photos"
          >
            {t("picker.choosePhotos")}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/** The photo section of a form: pick, preview, remove; the photos upload when the form is saved. */
export function PhotoPicker({ picker, existing = 0 }: { picker: PhotoPickerState; existing?: number }) {
  const { t } = useTranslation("photos");
  const room = PHOTOS_PER_RECORD - existing - picker.picked.length;
  return (
    <Stack gap="xs" data-testid="photo-picker">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Box>
          <Text size="sm" fw={500}>
            {t("picker.title")}
          </Text>
          <Text size="sm" c="dimmed">
            {t("picker.hint", { max: PHOTOS_PER_RECORD })}
          </Text>
        </Box>
        <PhotoButtons onFiles={picker.add} disabled={room <= 0} compact />
      </Group>
      {picker.picked.length > 0 ? (
        <div className={classes.grid}>
          {picker.picked.map((p, index) => (
            <Box key={p.url} className={classes.thumb} pos="relative">
              <Image src={p.url} alt={p.file.name} className={classes.thumbImage} />
              <ActionIcon
                size="sm"
                variant="white"
                color="red"
                pos="absolute"
                top={4}
                right={4}
                aria-label={t("picker.remove", { name: p.file.name })}
                onClick={() => picker.remove(index)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Box>
          ))}
        </div>
      ) : null}
      {/* A full-width row, not a 16 px box: a gloved thumb hits it (issue #37). */}
      <CheckboxRow
        label={t("picker.keepLocation")}
        checked={picker.keepLocation}
        onChange={picker.setKeepLocation}
        testId="keep-location"
      />
    </Stack>
  );
}
