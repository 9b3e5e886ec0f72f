import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Image,
  Modal,
  NumberInput,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { isStaff } from "@sitesafe/domain";
import { IconInbox } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageHeader } from "../../components/PageHeader";
import { useActor } from "../../lib/auth";
import { formatDateTime } from "../../lib/format";
import { i18n } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { isOnline, useOnline } from "../offline/network";
import { useUploads } from "../photos/useUploads";
import { editFields, hasReadOnly } from "./editFields";
import { discard, editAndRetry, editableInOutbox, kindLabel, recordLink, retry } from "./outbox";
import { type OutboxItem, type OutboxStatus, PHOTO_UPLOAD } from "./outboxItem";
import { useFlushOutbox, useOutboxItems } from "./useOutbox";
import { labelOf } from "./useOutboxMutation";

const STATUS_COLOR: Record<OutboxStatus, string> = { pending: "yellow", sending: "blue", sent: "green", failed: "red" };

/** Reports kept on this device until the server has them (features/outbox/outbox.ts). */
export function OutboxPage() {
  const { t } = useTranslation("outbox");
  const items = useOutboxItems();
  const online = useOnline();
  const flush = useFlushOutbox();
  const [sending, setSending] = useState(false);
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const waiting = items?.filter((i) => i.status === "pending").length ?? 0;
  const photos = new Map(useUploads().map((u) => [u.key, u]));
  const labels = new Map(items?.map((i) => [i.id, i.label]));
  /** The photos that go with an item when it is discarded: a report's (after) and an inspection's staged ones (needs). */
  const photosOf = (item: OutboxItem) =>
    items?.filter((i) => (i.after === item.id || item.needs?.includes(i.id)) && i.status !== "sent").length ?? 0;
  /** The report or inspection a photo is for. */
  const photoFor = (item: OutboxItem) =>
    item.after ? labels.get(item.after) : items?.find((i) => i.needs?.includes(item.id) && i.status !== "sent")?.label;

  const sendNow = () => {
    setSending(true);
    void flush().finally(() => setSending(false));
  };

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={
          waiting > 0 ? (
            <Button onClick={sendNow} loading={sending} disabled={!online}>
              {t("sendNow")}
            </Button>
          ) : null
        }
      />
      {items && items.length === 0 ? (
        <Card withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconInbox size={32} stroke={1.4} />
            <Text c="dimmed">{t("empty")}</Text>
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
                    {kindLabel(item.path)} · {t("saved", { date: formatDateTime(new Date(item.createdAt)) })}
                    {item.sentAt ? ` · ${t("sent", { date: formatDateTime(new Date(item.sentAt)) })}` : ""}
                  </Text>
                </Stack>
                <Badge color={STATUS_COLOR[item.status]} variant="light" style={{ flexShrink: 0 }}>
                  {t(`labels.status.${item.status}`)}
                </Badge>
              </Group>
              {item.path === PHOTO_UPLOAD ? (
                <Group gap="sm" wrap="nowrap" data-testid="outbox-photo">
                  {photos.get(item.id)?.previewUrl ? (
                    <Image src={photos.get(item.id)?.previewUrl} alt="" w={64} h={64} radius="sm" fit="cover" />
                  ) : null}
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    {photoFor(item) ? (
                      <Text size="xs" c="dimmed">
                        {t("photoFor", { report: photoFor(item) })}
                      </Text>
                    ) : null}
                    {item.status === "sending" ? (
                      <Progress value={(photos.get(item.id)?.progress ?? 0) * 100} size="sm" aria-label={t("photos:upload.progress")} />
                    ) : null}
                  </Stack>
                </Group>
              ) : null}
              {item.error ? (
                <Alert
                  color={item.status === "failed" ? "red" : "yellow"}
                  p="xs"
                  title={item.status === "failed" ? t("refused") : undefined}
                >
                  {item.error}
                </Alert>
              ) : null}
              <Group gap="xs">
                {item.status === "sent" && recordLink(item) ? (
                  <Anchor component={Link} to={recordLink(item) as string} size="sm">
                    {t("open")}
                  </Anchor>
                ) : null}
                {item.status === "failed" ? (
                  <>
                    {editableInOutbox(item.path) ? (
                      <Button size="xs" variant="light" onClick={() => setEditing(item)}>
                        {t("editAndRetry")}
                      </Button>
                    ) : null}
                    <Button size="xs" variant="default" onClick={() => void retry(item.id).then(sendNow)} disabled={!online}>
                      {t("retry")}
                    </Button>
                  </>
                ) : null}
                {item.status !== "sending" ? (
                  <Button
                    size="xs"
                    variant="subtle"
                    color={item.status === "sent" ? "gray" : "red"}
                    onClick={() => (item.status === "sent" ? void discard(item.id) : setDiscarding(item))}
                  >
                    {item.status === "sent" ? t("removeFromList") : t("discard")}
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
        title={t("discardTitle")}
        message={
          discarding && photosOf(discarding) > 0 ? t("discardMessageWithPhotos", { photos: photosOf(discarding) }) : t("discardMessage")
        }
        confirmLabel={t("discard")}
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

/** A queued create's form names its fields "<area>:form.<key>"; these keys are named otherwise there. */
const FORM_KEY: Record<string, string> = { projectId: "project", startDate: "start", endDate: "end", content: "message" };
const FORMS = new Set(["jha", "incidents", "permits", "comments"]);

/**
 * A field's name as the item's own form shows it (the product's words, in the reader's language), else
 * the Outbox's own name for the fields no form shows (a comment's JHA form, a progress record's
 * module), else the key spelt out.
 */
function fieldLabel(t: TFunction, path: OutboxItem["path"], key: string): string {
  const [area = "", procedure] = path.split(".");
  const formKey = `${area}:form.${FORM_KEY[key] ?? key}`;
  if (procedure === "create" && FORMS.has(area) && i18n.exists(formKey)) return t(formKey);
  return t(`outbox:fields.${key}`, { defaultValue: humanise(key) });
}

interface Choice {
  value: string;
  label: string;
}

/**
 * The projects and people the item's own form offers (its form options), so a refused item can be
 * moved to a project the worker is still on by name. A refusal often means exactly these changed
 * (the worker was taken off the project), so online the dialog asks the server again when it opens
 * and says "checking" until the answer is in, rather than judging the item by options saved before
 * the change. Offline it uses the saved ones. Undefined when none are at hand (offline and never
 * loaded): the dialog then shows the id as a number.
 */
function useChoices(path: OutboxItem["path"]): { project: Choice[]; worker: Choice[] } | "checking" | undefined {
  const area = path.split(".")[0];
  const online = useOnline();
  const fresh = { refetchOnMount: () => (isOnline() ? ("always" as const) : false) };
  const jha = trpc.jha.formOptions.useQuery(undefined, { ...fresh, enabled: area === "jha" });
  const incidents = trpc.incidents.formOptions.useQuery(undefined, { ...fresh, enabled: area === "incidents" });
  const permits = trpc.permits.formOptions.useQuery(undefined, { ...fresh, enabled: area === "permits" });
  const comments = trpc.comments.projectOptions.useQuery(undefined, { ...fresh, enabled: area === "comments" });
  const query =
    area === "jha" ? jha : area === "incidents" ? incidents : area === "permits" ? permits : area === "comments" ? comments : undefined;
  if (online && query?.isFetching) return "checking";
  const options = area === "jha" ? jha.data : area === "incidents" ? incidents.data : area === "permits" ? permits.data : undefined;
  const projects = options?.projects ?? (area === "comments" ? comments.data : undefined);
  if (!projects) return undefined;
  return {
    project: projects.map((p) => ({ value: String(p.id), label: p.name })),
    worker: (options?.workers ?? []).map((w) => ({ value: String(w.id), label: `${w.firstName} ${w.lastName}` })),
  };
}

/**
 * Edits what was queued (editFields.ts): its text, number and yes/no fields, the ones a refusal
 * usually names. Lists (hazards, precautions) and grouped answers are shown read-only, with a note:
 * to change those, discard and file the form again.
 */
function EditDialog({ item, onClose, onSaved }: { item: OutboxItem; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("outbox");
  const [values, setValues] = useState<Record<string, unknown>>({ ...(item.input as Record<string, unknown>) });
  const fields = editFields(values);
  const choices = useChoices(item.path);
  // A worker always files as themselves (the server ignores what the item says), so the person
  // fields are shown as the forms show them: locked, with their own name.
  const actor = useActor();
  const namesPeople = actor !== null && isStaff(actor);
  const loaded = typeof choices === "object" ? choices : undefined;
  const self = loaded?.worker.find((c) => c.value === String(actor?.workerId))?.label ?? t("you");
  // On a phone the dialog takes the screen: its buttons stay in reach above the bottom bar.
  const phone = useMediaQuery("(max-width: 36em)") ?? false;
  const label = (key: string) => fieldLabel(t, item.path, key);
  const change = (key: string, value: unknown) => setValues((s) => ({ ...s, [key]: value }));
  const save = () => {
    void editAndRetry(item, values, labelOf(item.path, values)).then(() => {
      onClose();
      onSaved();
    });
  };
  return (
    <Modal opened onClose={onClose} title={t("edit", { kind: kindLabel(item.path) })} centered fullScreen={phone}>
      <Stack gap="sm">
        {item.error ? (
          <Alert color="red" p="xs">
            {item.error}
          </Alert>
        ) : null}
        {fields.map((field) =>
          field.kind === "choice" && field.of === "worker" && !namesPeople ? (
            <TextInput key={field.key} label={label(field.key)} value={self} readOnly variant="filled" />
          ) : field.kind === "choice" && choices === "checking" ? (
            <TextInput key={field.key} label={label(field.key)} value={t("checkingChoices")} readOnly variant="filled" />
          ) : field.kind === "choice" && loaded ? (
            <Select
              key={field.key}
              label={label(field.key)}
              data={withCurrent(loaded[field.of], field.value, t("unavailableChoice", { id: field.value }))}
              value={String(field.value)}
              allowDeselect={false}
              onChange={(v) => v !== null && change(field.key, Number(v))}
            />
          ) : field.kind === "number" || field.kind === "choice" ? (
            <NumberInput
              key={field.key}
              label={label(field.key)}
              value={field.value}
              onChange={(v) => change(field.key, typeof v === "number" ? v : Number(v))}
            />
          ) : field.kind === "boolean" ? (
            <Checkbox
              key={field.key}
              label={label(field.key)}
              checked={field.value}
              onChange={(e) => change(field.key, e.currentTarget.checked)}
            />
          ) : field.kind === "text" ? (
            field.long ? (
              <Textarea
                key={field.key}
                label={label(field.key)}
                value={field.value}
                autosize
                minRows={2}
                onChange={(e) => change(field.key, e.currentTarget.value)}
              />
            ) : (
              <TextInput
                key={field.key}
                label={label(field.key)}
                value={field.value}
                onChange={(e) => change(field.key, e.currentTarget.value)}
              />
            )
          ) : (
            <TextInput
              key={field.key}
              label={label(field.key)}
              value={field.shown || t("emptyValue")}
              readOnly
              variant="filled"
              data-testid="outbox-read-only-field"
            />
          ),
        )}
        {hasReadOnly(fields) ? (
          <Text size="sm" c="dimmed" data-testid="outbox-read-only-note">
            {t("readOnlyNote")}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={save} disabled={choices === "checking"}>
            {t("saveAndRetry")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The choices, with the queued id kept (and said to be gone) when it is no longer among them: a project the worker left. */
function withCurrent(choices: Choice[], id: number, gone: string): Choice[] {
  return choices.some((c) => c.value === String(id)) ? choices : [...choices, { value: String(id), label: gone }];
}
