import { Alert, Button, Card, Group, Progress, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { answerOutcome, can, itemsMissingPhoto, PHOTO_REQUIRED_ON_FAIL, scoreInspection, type TemplateContent } from "@sitesafe/domain";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { useActor, useCurrentUser } from "../../lib/auth";
import { i18n, localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, type RouterInputs, trpc } from "../../lib/trpc";
import { isOnline } from "../offline/network";
import { flushOutbox, listOutbox, OutboxFullError, queueAll } from "../outbox/outbox";
import { type OutboxItem, PHOTO_UPLOAD } from "../outbox/outboxItem";
import { labelOf, NOT_KEPT_TITLE, QUEUED_MESSAGE, QUEUED_TITLE, useOutboxMutation } from "../outbox/useOutboxMutation";
import { SignaturePadField, type SignaturePadHandle } from "../signOn/SignaturePadField";
import { draftPhotoBlob, dropDraftPhoto, dropDraftPhotos, keepDraftPhoto } from "./draftPhotos";
import { type DraftAnswer, ItemCard } from "./RunItem";

interface Draft {
  projectId: string | null;
  templateId: string | null;
  templateVersion: number | null;
  answers: Record<string, DraftAnswer>;
  notes: string;
}
type InspectionInput = RouterInputs["inspections"]["create"];

const EMPTY: Draft = { projectId: null, templateId: null, templateVersion: null, answers: {}, notes: "" };
/** The draft key: under formDraft's prefix, so signing out clears it with the other drafts (lib/formDraft.ts). */
const draftKey = (userId: number) => `sitesafe.draft.${userId}.inspection`;

function readDraft(userId: number | undefined): Draft {
  if (userId === undefined) return EMPTY;
  try {
    const raw = window.localStorage.getItem(draftKey(userId));
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as { values: Draft }).values } : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Every photo the draft keeps, with the item it belongs to. */
const draftPhotos = (draft: Draft) =>
  Object.entries(draft.answers).flatMap(([itemKey, answer]) => (answer.photos ?? []).map((photo) => ({ itemKey, ...photo })));

/**
 * /inspections/new: an inspection walked on a phone. Pick the project and template, answer each
 * item with large buttons, add notes, preview the score (the server computes the real one), sign,
 * submit. A failed item takes photos (the camera), an owner and a priority for its corrective
 * action; an item that needs a photo when it fails blocks submit without one (itemsMissingPhoto,
 * the server's rule). The answers are kept on the device as a draft until submitted, the photos in
 * IndexedDB beside it; offline, the inspection waits in the Outbox with the template version it was
 * walked with, after its photos (staged uploads whose ids it is sent with: outbox/needs.ts).
 */
export function InspectionRunPage() {
  const { t } = useTranslation("inspections");
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => readDraft(user?.id));
  const [signatureError, setSignatureError] = useState<string | null>(null);
  const [showMissing, setShowMissing] = useState(false);
  const pad = useRef<SignaturePadHandle>(null);
  const projects = trpc.projects.options.useQuery();
  const templates = trpc.inspections.templates.useQuery({ language: i18n.language === "es" ? "es" : "en" });
  const templateId = draft.templateId ? Number(draft.templateId) : null;
  const template = trpc.inspections.template.useQuery({ id: templateId ?? 0 }, { enabled: templateId !== null });

  useEffect(() => {
    if (user === null || user === undefined) return;
    try {
      window.localStorage.setItem(draftKey(user.id), JSON.stringify({ savedAt: new Date().toISOString(), values: draft }));
    } catch {
      // No room on the device: the inspection still works without a draft.
    }
  }, [draft, user]);

  const sections: TemplateContent = (template.data?.sections as TemplateContent | undefined) ?? [];
  const items = useMemo(() => sections.flatMap((s) => s.items), [sections]);
  const outcomes = useMemo(
    () =>
      items.flatMap((item) => {
        const answer = draft.answers[item.key];
        const outcome = answer ? answerOutcome(item, answer.value as never) : null;
        return outcome ? [{ itemKey: item.key, outcome }] : [];
      }),
    [items, draft.answers],
  );
  const preview = scoreInspection(sections, outcomes);
  const required = items.filter((i) => i.type !== "text");
  const answered = required.filter((i) => outcomes.some((o) => o.itemKey === i.key)).length;
  const failedKeys = new Set(outcomes.filter((o) => o.outcome === "fail").map((o) => o.itemKey));
  const missingPhoto = new Set(
    itemsMissingPhoto(
      sections,
      outcomes.map((o) => ({ ...o, photoCount: draft.answers[o.itemKey]?.photos?.length ?? 0 })),
    ),
  );
  const projectId = draft.projectId ? Number(draft.projectId) : null;
  // Who may own a failed item's action (staff and the project's workers): read once the project is
  // chosen, so the saved cache has it offline; without it the inspector owns the action.
  const actor = useActor();
  const mayRaise = actor !== null && projectId !== null && can(actor, "correctiveAction.create", { projectId });
  const owners = trpc.correctiveActions.owners.useQuery({ projectId: projectId ?? 0 }, { enabled: mayRaise, retry: false });
  const utils = trpc.useUtils();
  const [sendingPhotos, setSendingPhotos] = useState(false);

  const clearDraft = () => {
    if (user) window.localStorage.removeItem(draftKey(user.id));
  };
  const saved = (inspection: { id: number; score: number | null; actions: unknown[] }) => {
    notifySuccess(
      t("run.saved"),
      t("run.savedMessage", { score: inspection.score === null ? "—" : `${inspection.score}%`, count: inspection.actions.length }),
    );
    void navigate({ to: "/inspections/$id", params: { id: String(inspection.id) } });
  };
  const create = useOutboxMutation("inspections.create", {
    onSuccess: (inspection) => {
      clearDraft();
      saved(inspection);
    },
    withQueued: async () => clearDraft(),
    onError: (error) => notifyError(t("run.failedToSave"), errorMessage(error)),
  });

  const set = (key: string, change: Partial<DraftAnswer>) =>
    setDraft((d) => ({ ...d, answers: { ...d.answers, [key]: { value: null, note: "", ...d.answers[key], ...change } } }));

  const addPhoto = async (key: string, file: File) => {
    if (!user) return;
    try {
      const photo = await keepDraftPhoto(user.id, file);
      setDraft((d) => {
        const answer = { value: null, note: "", ...d.answers[key] };
        return { ...d, answers: { ...d.answers, [key]: { ...answer, photos: [...(answer.photos ?? []), photo] } } };
      });
    } catch (error) {
      notifyError(t("run.photoNotKept"), error instanceof Error ? error.message : String(error));
    }
  };
  const removePhoto = (key: string, id: string) => {
    void dropDraftPhoto(id);
    setDraft((d) => {
      const answer = d.answers[key];
      if (!answer) return d;
      return { ...d, answers: { ...d.answers, [key]: { ...answer, photos: (answer.photos ?? []).filter((p) => p.id !== id) } } };
    });
  };

  /**
   * An inspection with photos goes through the Outbox, online too: the staged photos first, then
   * the inspection, which waits for them and is sent with their ids (outbox/needs.ts). Online, this
   * waits for that send and opens the inspection; otherwise the Outbox keeps it all.
   */
  const submitWithPhotos = async (input: InspectionInput, photos: { itemKey: string; id: string; fileName: string }[]) => {
    if (!user || !template.data) return;
    const online = isOnline();
    const photoItems: Omit<OutboxItem, "status" | "createdAt" | "attempts">[] = [];
    for (const photo of photos) {
      const blob = await draftPhotoBlob(photo.id);
      if (!blob) continue;
      photoItems.push({
        id: crypto.randomUUID(),
        userId: user.id,
        path: PHOTO_UPLOAD,
        input: {
          record: { kind: "inspectionItem", id: null },
          staged: { itemKey: photo.itemKey },
          fileName: photo.fileName,
          keepLocation: false,
          blob,
          bytes: blob.size,
        },
        label: photo.fileName,
        quiet: online,
      });
    }
    const inspectionId = crypto.randomUUID();
    try {
      await queueAll([
        ...photoItems,
        {
          id: inspectionId,
          userId: user.id,
          path: "inspections.create",
          input,
          label: labelOf("inspections.create", { title: template.data.name }),
          needs: photoItems.map((p) => p.id),
          quiet: online,
        },
      ]);
    } catch (error) {
      if (error instanceof OutboxFullError) notifyError(NOT_KEPT_TITLE, error.message);
      else notifyError(t("run.failedToSave"), errorMessage(error));
      return;
    }
    // The Outbox holds the photos now.
    clearDraft();
    await dropDraftPhotos(draftPhotos(draft).map((p) => p.id));
    if (online) {
      await flushOutbox(user.id);
      const item = (await listOutbox(user.id)).find((i) => i.id === inspectionId);
      if (item?.status === "sent" && item.resultId !== undefined) {
        saved(await utils.inspections.byId.fetch({ id: item.resultId }));
        return;
      }
      if (item?.status === "failed") {
        notifyError(t("run.failedToSave"), item.error ?? "");
        void navigate({ to: "/outbox" });
        return;
      }
    }
    notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
    void navigate({ to: "/outbox" });
  };

  const submit = () => {
    if (answered < required.length || missingPhoto.size > 0) {
      setShowMissing(true);
      return;
    }
    const signature = pad.current?.toDataUrl() ?? null;
    if (!signature) {
      setSignatureError(t("run.signatureRequired"));
      return;
    }
    setSignatureError(null);
    if (!template.data || templateId === null || projectId === null) return;
    const input: InspectionInput = {
      projectId,
      templateId,
      templateVersion: template.data.currentVersion,
      inspectedAt: new Date(),
      answers: items
        .filter((item) => draft.answers[item.key] !== undefined)
        .map((item) => {
          const answer = draft.answers[item.key];
          const failed = failedKeys.has(item.key);
          return {
            itemKey: item.key,
            value: answer?.value ?? null,
            note: answer?.note || null,
            ...(failed && answer?.ownerUserId ? { ownerUserId: Number(answer.ownerUserId) } : {}),
            ...(failed && answer?.priority ? { priority: answer.priority } : {}),
          };
        }),
      notes: draft.notes || null,
      signature,
    };
    // Only a failed item's photos go; the others (an item answered again) are dropped.
    const photos = draftPhotos(draft).filter((p) => failedKeys.has(p.itemKey));
    if (photos.length === 0) {
      create.mutate(input);
      void dropDraftPhotos(draftPhotos(draft).map((p) => p.id));
      return;
    }
    setSendingPhotos(true);
    void submitWithPhotos(input, photos).finally(() => setSendingPhotos(false));
  };
  const ownerOptions = (owners.data ?? []).map((o) => ({ value: String(o.userId), label: o.name }));

  return (
    <>
      <PageHeader title={t("run.title")} subtitle={t("run.draftKept")} />
      <Stack gap="md" maw={720}>
        <Select
          label={t("run.project")}
          data={(projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={draft.projectId}
          onChange={(projectId) => setDraft((d) => ({ ...d, projectId }))}
          searchable
          size="md"
          data-testid="inspection-project"
        />
        <Select
          label={t("run.template")}
          data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          value={draft.templateId}
          onChange={(id) =>
            setDraft((d) => {
              // A new template starts afresh: the old answers' photos go too.
              void dropDraftPhotos(draftPhotos(d).map((p) => p.id));
              return { ...d, templateId: id, answers: {} };
            })
          }
          searchable
          size="md"
          data-testid="inspection-template"
        />
        {!draft.projectId || !template.data ? (
          <Text c="dimmed">{t("run.pickFirst")}</Text>
        ) : (
          <>
            <Card withBorder radius="md" padding="sm" style={{ position: "sticky", top: 56, zIndex: 5 }}>
              <Group justify="space-between" gap="xs">
                <Text fw={600} data-testid="score-preview">
                  {preview.score === null ? t("run.scoreNone") : t("run.scorePreview", { score: preview.score })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("run.answered", { done: answered, total: required.length })}
                </Text>
              </Group>
              <Progress value={required.length ? (answered / required.length) * 100 : 0} mt={6} size="sm" />
            </Card>
            {sections.map((section) => (
              <Stack key={section.title} gap="sm">
                <Title order={2} size="h4">
                  {section.title}
                </Title>
                {section.items.map((item) => (
                  <ItemCard
                    key={item.key}
                    item={item}
                    answer={draft.answers[item.key]}
                    missing={showMissing && item.type !== "text" && !outcomes.some((o) => o.itemKey === item.key)}
                    photoMissing={showMissing && missingPhoto.has(item.key)}
                    owners={ownerOptions}
                    onChange={(change) => set(item.key, change)}
                    onAddPhoto={(file) => void addPhoto(item.key, file)}
                    onRemovePhoto={(id) => removePhoto(item.key, id)}
                  />
                ))}
              </Stack>
            ))}
            <Textarea
              label={t("run.notes")}
              value={draft.notes}
              onChange={(e) => {
                const notes = e.currentTarget.value;
                setDraft((d) => ({ ...d, notes }));
              }}
              autosize
              minRows={2}
            />
            <div>
              <Text fw={600} mb={4}>
                {t("run.signature")}
              </Text>
              <SignaturePadField ref={pad} error={signatureError} />
            </div>
            {showMissing && answered < required.length ? (
              <Alert color="red" role="alert">
                {t("run.unanswered")}
              </Alert>
            ) : null}
            {showMissing && missingPhoto.size > 0 ? (
              <Alert color="red" role="alert" data-testid="photo-missing">
                {localizeMessage(PHOTO_REQUIRED_ON_FAIL)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={() => void navigate({ to: "/inspections" })}>
                {t("run.cancel")}
              </Button>
              <Button size="md" onClick={submit} loading={create.isPending || sendingPhotos} data-testid="submit-inspection">
                {t("run.submit")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </>
  );
}
