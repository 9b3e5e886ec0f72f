import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  ACTION_PRIORITIES,
  type ActionPriority,
  answerOutcome,
  INSPECTION_ITEM_PHOTOS,
  type InspectionItem,
  PHOTO_REQUIRED_ON_FAIL,
} from "@sitesafe/domain";
import { IconCamera, IconCheck, IconMinus, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { localizeMessage } from "../../lib/i18n";
import photoClasses from "../photos/photos.module.css";
import { type DraftPhotoRef, useDraftPhotoUrl } from "./draftPhotos";

export type Value = string | number | null;
export interface DraftAnswer {
  value: Value;
  note: string;
  /** A failed item's corrective action: its owner (a user id; the inspector when null) and priority (the item's when null). */
  ownerUserId?: string | null;
  priority?: ActionPriority | null;
  /** Photos kept in IndexedDB beside this draft (draftPhotos.ts). */
  photos?: DraftPhotoRef[];
}

/** A checklist item being answered, with what its answer needs. */
interface ItemProps {
  item: InspectionItem;
  answer: DraftAnswer | undefined;
  /** A failed item that must have a photo has none. */
  photoMissing: boolean;
  owners: { value: string; label: string }[];
  onChange: (change: Partial<DraftAnswer>) => void;
  onAddPhoto: (file: File) => void;
  onRemovePhoto: (id: string) => void;
}

/** One item of the checklist: its text, the answer buttons or field, a note, and when failed what follows from it. */
export function ItemCard({ missing, ...props }: ItemProps & { /** Not answered yet. */ missing: boolean }) {
  const { item, answer, photoMissing, onChange } = props;
  const { t } = useTranslation("inspections");
  const value = answer?.value ?? null;
  const choices: { value: string; label: string; color: string; icon: typeof IconCheck }[] =
    item.type === "yesNo"
      ? [
          { value: "yes", label: t("run.yes"), color: "green", icon: IconCheck },
          { value: "no", label: t("run.no"), color: "red", icon: IconX },
          { value: "na", label: t("run.na"), color: "gray", icon: IconMinus },
        ]
      : [
          { value: "pass", label: t("run.pass"), color: "green", icon: IconCheck },
          { value: "fail", label: t("run.fail"), color: "red", icon: IconX },
          { value: "na", label: t("run.na"), color: "gray", icon: IconMinus },
        ];
  const outcome = value === null ? null : answerOutcome(item, value as never);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`item-${item.key}`}
      style={missing || photoMissing ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
    >
      <Stack gap="xs">
        <Text fw={500}>{item.text}</Text>
        {item.photoRequiredOnFail ? (
          <Badge variant="light" color="orange" leftSection={<IconCamera size={12} />}>
            {t("run.photoOnFail")}
          </Badge>
        ) : null}
        {item.note ? (
          <Text size="sm" c="dimmed">
            {item.note}
          </Text>
        ) : null}
        {item.type === "passFail" || item.type === "yesNo" ? (
          <Group grow gap="xs">
            {choices.map((choice) => (
              <Button
                key={choice.value}
                size="lg"
                h={56}
                px={4}
                // 16 px, not the large size's 18: "Cumple" (Spanish for pass) is one word and was cut
                // off in a third of a 390 px screen.
                fz="md"
                color={choice.color}
                variant={value === choice.value ? "filled" : "outline"}
                aria-label={choice.label}
                onClick={() => onChange({ value: choice.value })}
                aria-pressed={value === choice.value}
                data-testid={`answer-${item.key}-${choice.value}`}
              >
                <Group gap={4} wrap="nowrap">
                  <choice.icon size={18} style={{ flexShrink: 0 }} />
                  <span style={{ whiteSpace: "normal", lineHeight: 1.1 }}>{choice.label}</span>
                </Group>
              </Button>
            ))}
          </Group>
        ) : item.type === "number" ? (
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={`${t("run.number")}${item.unit ? ` (${item.unit})` : ""}`}
              value={typeof value === "number" ? value : ""}
              onChange={(v) => onChange({ value: typeof v === "number" ? v : null })}
              size="md"
              style={{ flex: 1 }}
            />
            <Button size="md" variant={value === "na" ? "filled" : "outline"} color="gray" onClick={() => onChange({ value: "na" })}>
              {t("run.na")}
            </Button>
          </Group>
        ) : (
          <TextInput
            label={t("run.text")}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => onChange({ value: e.currentTarget.value })}
            size="md"
          />
        )}
        {outcome === "fail" || (answer?.note ?? "") !== "" ? (
          <TextInput
            label={t("run.note")}
            value={answer?.note ?? ""}
            onChange={(e) => onChange({ note: e.currentTarget.value })}
            size="md"
            data-testid={`note-${item.key}`}
          />
        ) : null}
        {outcome === "fail" ? <FailedItem {...props} /> : null}
      </Stack>
    </Card>
  );
}

/** Under a failed item: its photos (the camera), and who fixes it by when (owner, priority). */
function FailedItem({ item, answer, photoMissing, owners, onChange, onAddPhoto, onRemovePhoto }: ItemProps) {
  const { t } = useTranslation("inspections");
  const photos = answer?.photos ?? [];
  return (
    <Stack gap="xs" data-testid={`failed-${item.key}`}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {t("run.photos", { count: photos.length, max: INSPECTION_ITEM_PHOTOS })}
        </Text>
        <FileButton
          onChange={(file) => file && onAddPhoto(file)}
          accept="image/*"
          capture="environment"
          disabled={photos.length >= INSPECTION_ITEM_PHOTOS}
        >
          {(props) => (
            <Button
              {...props}
              size="sm"
              variant="light"
              color={photoMissing ? "red" : undefined}
              leftSection={<IconCamera size={16} />}
              disabled={photos.length >= INSPECTION_ITEM_PHOTOS}
              data-testid={`add-photo-${item.key}`}
            >
              {t("run.addPhoto")}
            </Button>
          )}
        </FileButton>
      </Group>
      {photos.length > 0 ? (
        <div className={photoClasses.grid} style={{ gridTemplateColumns: "repeat(auto-fill, minmax(84px, 1fr))" }}>
          {photos.map((photo) => (
            <DraftThumb key={photo.id} photo={photo} onRemove={() => onRemovePhoto(photo.id)} />
          ))}
        </div>
      ) : null}
      {photoMissing ? (
        <Text size="sm" c="red" role="alert">
          {localizeMessage(PHOTO_REQUIRED_ON_FAIL)}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label={t("run.owner")}
          placeholder={t("run.ownerMe")}
          data={owners}
          value={answer?.ownerUserId ?? null}
          onChange={(ownerUserId) => onChange({ ownerUserId })}
          clearable
          searchable
          size="md"
          description={owners.length === 0 ? t("run.ownerNone") : undefined}
          data-testid={`owner-${item.key}`}
        />
        <Box>
          <Text size="sm" fw={500} mb={2}>
            {t("run.priority")}
          </Text>
          <SegmentedControl
            fullWidth
            size="md"
            value={answer?.priority ?? item.priority}
            onChange={(priority) => onChange({ priority: priority as ActionPriority })}
            data={ACTION_PRIORITIES.map((p) => ({ value: p, label: t(`labels.priority.${p}`) }))}
            data-testid={`priority-${item.key}`}
          />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}

function DraftThumb({ photo, onRemove }: { photo: DraftPhotoRef; onRemove: () => void }) {
  const { t } = useTranslation("inspections");
  const url = useDraftPhotoUrl(photo.id);
  return (
    <Box className={photoClasses.thumb} pos="relative" data-testid="draft-photo">
      {url ? <Image src={url} alt={photo.fileName} className={photoClasses.thumbImage} /> : null}
      <ActionIcon
        size="md"
        variant="white"
        color="red"
        pos="absolute"
        top={4}
        right={4}
        aria-label={t("run.removePhoto", { name: photo.fileName })}
        onClick={onRemove}
      >
        <IconX size={16} />
      </ActionIcon>
    </Box>
  );
}
