import { Alert, Anchor, Badge, Button, Card, Group, Image, Modal, NumberInput, Progress, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconInbox } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { formatDateTime } from "../../lib/format";
import { useOnline } from "../offline/network";
import { useUploads } from "../photos/useUploads";
import { discard, editAndRetry, KIND_LABEL, type OutboxItem, type OutboxStatus, PHOTO_UPLOAD, recordLink, retry } from "./outbox";
import { labelOf } from "./useOutboxMutation";
import { useFlushOutbox, useOutboxItems } from "./useOutbox";

const STATUS: Record<OutboxStatus, { label: string; color: string }> = {
  pending: { label: "Waiting to send", color: "yellow" },
  sending: { label: "Sending", color: "blue" },
  sent: { label: "Sent", color: "green" },
  failed: { label: "Refused", color: "red" },
};

/** Reports kept on this device until the server has them (features/outbox/outbox.ts). */
export function OutboxPage() {
  const items = useOutboxItems();
  const online = useOnline();
  const flush = useFlushOutbox();
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const waiting = items?.filter((i) => i.status === "pending").length ?? 0;
  const photos = new Map(useUploads().map((u) => [u.key, u]));
  const labels = new Map(items?.map((i) => [i.id, i.label]));
  const photosOf = (item: OutboxItem) => items?.filter((i) => i.after === item.id && i.status !== "sent").length ?? 0;

  const sendNow = () => {
    setSending(true);
    void flush().finally(() => setSending(false));
  };

  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="Reports saved on this device while offline. They are sent automatically when the connection returns."
        actions={
          waiting > 0 ? (
            <Button onClick={sendNow} loading={sending} disabled={!online}>
              Send now
            </Button>
          ) : null
        }
      />
      {items && items.length === 0 ? (
        <Card withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconInbox size={32} stroke={1.4} />
            <Text c="dimmed">The Outbox is empty. Everything you filed has reached the server.</Text>
          </Stack>
        </Card>
      ) : null}
      <Stack gap="sm">
        {items?.map((item) => (
          <Card key={item.id} withBorder radius="md" padding="md" data-testid="outbox-item" data-status={item.status}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {item.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {KIND_LABEL[item.path]} · saved {formatDateTime(new Date(item.createdAt))}
                    {item.sentAt ? ` · sent ${formatDateTime(new Date(item.sentAt))}` : ""}
                  </Text>
                </Stack>
                <Badge color={STATUS[item.status].color} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS[item.status].label}
                </Badge>
              </Group>
              {item.path === PHOTO_UPLOAD ? (
                <Group gap="sm" wrap="nowrap" data-testid="outbox-photo">
                  {photos.get(item.id)?.previewUrl ? <Image src={photos.get(item.id)?.previewUrl} alt="" w={64} h={64} radius="sm" fit="cover" /> : null}
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    {item.after && labels.has(item.after) ? (
                      <Text size="xs" c="dimmed">
                        For: {labels.get(item.after)}
                      </Text>
                    ) : null}
                    {item.status === "sending" ? <Progress value={(photos.get(item.id)?.progress ?? 0) * 100} size="sm" aria-label="Upload progress" /> : null}
                  </Stack>
                </Group>
              ) : null}
              {item.error ? (
                <Alert color={item.status === "failed" ? "red" : "yellow"} p="xs" title={item.status === "failed" ? "The server refused it" : undefined}>
                  {item.error}
                </Alert>
              ) : null}
              <Group gap="xs">
                {item.status === "sent" && recordLink(item) ? (
                  <Anchor component={Link} to={recordLink(item) as string} size="sm">
                    Open
                  </Anchor>
                ) : null}
                {item.status === "failed" ? (
                  <>
                    {item.path !== PHOTO_UPLOAD ? (
                      <Button size="xs" variant="light" onClick={() => setEditing(item)}>
                        Edit and retry
                      </Button>
                    ) : null}
                    <Button size="xs" variant="default" onClick={() => void retry(item.id).then(sendNow)} disabled={!online}>
                      Retry
                    </Button>
                  </>
                ) : null}
                {item.status !== "sending" ? (
                  <Button size="xs" variant="subtle" color={item.status === "sent" ? "gray" : "red"} onClick={() => (item.status === "sent" ? void discard(item.id) : setDiscarding(item))}>
                    {item.status === "sent" ? "Remove from list" : "Discard"}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
      {editing ? <EditDialog item={editing} onClose={() => setEditing(null)} onSaved={sendNow} /> : null}
      <ConfirmDialog
        opened={discarding !== null}
        title="Discard this item?"
        message={`It has not reached the server. Discarding it deletes it from this device for good.${discarding && photosOf(discarding) > 0 ? ` Its photos (${photosOf(discarding)}) too.` : ""}`}
        confirmLabel="Discard"
        onConfirm={() => {
          if (discarding) void discard(discarding.id);
          setDiscarding(null);
        }}
        onClose={() => setDiscarding(null)}
      />
    </>
  );
}

const humanise = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

/**
 * Edits what was queued: its text and number fields, the ones a refusal usually names. Lists
 * (hazards, precautions) stay as they were; to change those, discard and file the form again.
 */
function EditDialog({ item, onClose, onSaved }: { item: OutboxItem; onClose: () => void; onSaved: () => void }) {
  const [values, setValues] = useState<Record<string, unknown>>({ ...(item.input as Record<string, unknown>) });
  const editable = Object.entries(values).filter(([, v]) => typeof v === "string" || typeof v === "number");
  const save = () => {
    void editAndRetry(item, values, labelOf(item.path, values)).then(() => {
      onClose();
      onSaved();
    });
  };
  return (
    <Modal opened onClose={onClose} title={`Edit ${KIND_LABEL[item.path]}`} centered>
      <Stack gap="sm">
        {item.error ? (
          <Alert color="red" p="xs">
            {item.error}
          </Alert>
        ) : null}
        {editable.map(([key, value]) =>
          typeof value === "number" ? (
            <NumberInput key={key} label={humanise(key)} value={value} onChange={(v) => setValues((s) => ({ ...s, [key]: typeof v === "number" ? v : Number(v) }))} />
          ) : String(value).length > 60 ? (
            <Textarea key={key} label={humanise(key)} value={String(value)} autosize minRows={2} onChange={(e) => setValues((s) => ({ ...s, [key]: e.currentTarget.value }))} />
          ) : (
            <TextInput key={key} label={humanise(key)} value={String(value)} onChange={(e) => setValues((s) => ({ ...s, [key]: e.currentTarget.value }))} />
          ),
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>Save and retry</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
