import { Alert, Button, Group, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../lib/format";
import type { StoredDraft } from "../lib/formDraft";

/** "Continue your draft": shown at the top of a form reopened with a draft on this device. */
export function DraftBanner({
  offer,
  onContinue,
  onDiscard,
}: {
  offer: StoredDraft<unknown> | null;
  onContinue: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation("common");
  if (!offer) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconDeviceFloppy size={20} />} title={t("draft.title")} data-testid="draft-banner">
      <Text size="sm" mb="sm">
        {t("draft.savedOn", { date: formatDateTime(offer.savedAt) })}
      </Text>
      <Group gap="sm">
        <Button onClick={onContinue}>{t("draft.continue")}</Button>
        <Button variant="default" onClick={onDiscard}>
          {t("draft.startOver")}
        </Button>
      </Group>
    </Alert>
  );
}
