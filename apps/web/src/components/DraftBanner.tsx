import { Alert, Button, Group, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { formatDateTime } from "../lib/format";
import type { StoredDraft } from "../lib/formDraft";

/** "Continue your draft": shown at the top of a form reopened with a draft on this device. */
export function DraftBanner({ offer, onContinue, onDiscard }: { offer: StoredDraft<unknown> | null; onContinue: () => void; onDiscard: () => void }) {
  if (!offer) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconDeviceFloppy size={20} />} title="You have an unsent draft" data-testid="draft-banner">
      <Text size="sm" mb="sm">
        Saved on this device {formatDateTime(offer.savedAt)}.
      </Text>
      <Group gap="sm">
        <Button onClick={onContinue}>Continue your draft</Button>
        <Button variant="default" onClick={onDiscard}>
          Start over
        </Button>
      </Group>
    </Alert>
  );
}
