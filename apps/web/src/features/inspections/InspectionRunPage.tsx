import { Alert, Badge, Button, Card, Group, NumberInput, Progress, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { answerOutcome, type InspectionItem, scoreInspection, type TemplateContent } from "@sitesafe/domain";
import { IconCamera, IconCheck, IconMinus, IconX } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { useCurrentUser } from "../../lib/auth";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";
import { useOutboxMutation } from "../outbox/useOutboxMutation";
import { SignaturePadField, type SignaturePadHandle } from "../signOn/SignaturePadField";

type Value = string | number | null;
interface Draft {
  projectId: string | null;
  templateId: string | null;
  templateVersion: number | null;
  answers: Record<string, { value: Value; note: string }>;
  notes: string;
}

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

/**
 * /inspections/new: an inspection walked on a phone. Pick the project and template, answer each
 * item with large buttons, add notes, preview the score (the server computes the real one), sign,
 * submit. The answers are kept on the device as a draft until submitted; offline, the inspection
 * waits in the Outbox with the template version it was walked with.
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

  const clearDraft = () => {
    if (user) window.localStorage.removeItem(draftKey(user.id));
  };
  const create = useOutboxMutation("inspections.create", {
    onSuccess: (inspection) => {
      clearDraft();
      notifySuccess(
        t("run.saved"),
        t("run.savedMessage", { score: inspection.score === null ? "—" : `${inspection.score}%`, count: inspection.actions.length }),
      );
      void navigate({ to: "/inspections/$id", params: { id: String(inspection.id) } });
    },
    withQueued: async () => clearDraft(),
    onError: (error) => notifyError(t("run.failedToSave"), errorMessage(error)),
  });

  const set = (key: string, change: Partial<{ value: Value; note: string }>) =>
    setDraft((d) => ({ ...d, answers: { ...d.answers, [key]: { value: null, note: "", ...d.answers[key], ...change } } }));

  const submit = () => {
    if (answered < required.length) {
      setShowMissing(true);
      return;
    }
    const signature = pad.current?.toDataUrl() ?? null;
    if (!signature) {
      setSignatureError(t("run.signatureRequired"));
      return;
    }
    setSignatureError(null);
    if (!template.data || templateId === null || !draft.projectId) return;
    create.mutate({
      projectId: Number(draft.projectId),
      templateId,
      templateVersion: template.data.currentVersion,
      inspectedAt: new Date(),
      answers: items
        .filter((item) => draft.answers[item.key] !== undefined)
        .map((item) => ({ itemKey: item.key, value: draft.answers[item.key]?.value ?? null, note: draft.answers[item.key]?.note || null })),
      notes: draft.notes || null,
      signature,
    });
  };

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
          onChange={(id) => setDraft((d) => ({ ...d, templateId: id, answers: {} }))}
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
                    onChange={(change) => set(item.key, change)}
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
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={() => void navigate({ to: "/inspections" })}>
                {t("run.cancel")}
              </Button>
              <Button size="md" onClick={submit} loading={create.isPending} data-testid="submit-inspection">
                {t("run.submit")}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </>
  );
}

function ItemCard({
  item,
  answer,
  missing,
  onChange,
}: {
  item: InspectionItem;
  answer: { value: Value; note: string } | undefined;
  missing: boolean;
  onChange: (change: Partial<{ value: Value; note: string }>) => void;
}) {
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
      style={missing ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
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
      </Stack>
    </Card>
  );
}
