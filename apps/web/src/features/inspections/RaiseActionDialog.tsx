import { Input, SegmentedControl, Select, Text, Textarea, TextInput } from "@mantine/core";
import { ACTION_PRIORITIES, type ActionPriority, createActionSchema, dueDateFor } from "@sitesafe/domain";
import { useNavigate } from "@tanstack/react-router";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormDialog } from "../../components/FormDialog";
import { toDateTimeLocal } from "../../lib/format";
import { localizeMessage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { errorMessage, trpc } from "../../lib/trpc";

/** The record an action is raised from: an incident report or a JHA form of the project. */
export type ActionSource = { kind: "incident"; id: number } | { kind: "jha"; id: number };

/**
 * "Raise corrective action" from an incident report or a JHA form (POST /api/corrective-actions
 * with incidentReportId or jhaFormId): what must be done (prefilled, editable), who fixes it (a user
 * who works on the project), the priority and the due date it gives (high 24 h, medium 7 days, low
 * 30 days; editable). Then the new action's page.
 */
export function RaiseActionDialog({
  projectId,
  source,
  suggestions,
  onClose,
}: {
  projectId: number;
  source: ActionSource;
  /** Descriptions to start from (the incident's preventive measures, the JHA's hazards by risk); the first is prefilled. */
  suggestions: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation("inspections");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const owners = trpc.correctiveActions.owners.useQuery({ projectId });
  const [description, setDescription] = useState((suggestions[0] ?? "").slice(0, 2000));
  const [suggestion, setSuggestion] = useState<string | null>(suggestions.length > 0 ? "0" : null);
  const [ownerUserId, setOwnerUserId] = useState<string | null>(null);
  const [priority, setPriority] = useState<ActionPriority>("medium");
  const [due, setDue] = useState(() => toDateTimeLocal(dueDateFor("medium", new Date())));
  const [dueEdited, setDueEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const raise = trpc.correctiveActions.create.useMutation({
    onSuccess: (action) => {
      notifySuccess(t("raise.raised"));
      void utils.correctiveActions.invalidate();
      onClose();
      void navigate({ to: "/actions/$id", params: { id: String(action.id) } });
    },
    onError: (error) => {
      const issues =
        error instanceof TRPCClientError ? (error.data as { issues?: { path: string; message: string }[] })?.issues : undefined;
      if (issues?.length) setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      notifyError(t("raise.failed"), errorMessage(error));
    },
  });
  const choosePriority = (next: ActionPriority) => {
    setPriority(next);
    // The due date follows the priority until the user sets it themselves.
    if (!dueEdited) setDue(toDateTimeLocal(dueDateFor(next, new Date())));
  };
  const submit = () => {
    const input = {
      projectId,
      description,
      priority,
      ownerUserId: ownerUserId === null ? undefined : Number(ownerUserId),
      dueAt: due ? new Date(due) : undefined,
      ...(source.kind === "incident" ? { incidentReportId: source.id } : { jhaFormId: source.id }),
    };
    const parsed = createActionSchema.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= localizeMessage(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    raise.mutate(parsed.data);
  };
  return (
    <FormDialog
      noValidate
      title={t("raise.title")}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      actions={{ submitLabel: t("raise.submit"), loading: raise.isPending, testId: "raise-action-submit", size: "md" }}
    >
      {suggestions.length > 1 ? (
        <Select
          label={t("raise.fromHazard")}
          size="md"
          data={suggestions.map((text, i) => ({ value: String(i), label: text.length > 90 ? `${text.slice(0, 89)}…` : text }))}
          value={suggestion}
          onChange={(v) => {
            setSuggestion(v);
            if (v !== null) setDescription((suggestions[Number(v)] ?? "").slice(0, 2000));
          }}
          allowDeselect={false}
          data-path="suggestion"
        />
      ) : null}
      <Textarea
        label={t("raise.description")}
        withAsterisk
        autosize
        minRows={3}
        size="md"
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
        data-path="description"
      />
      <Select
        label={t("raise.owner")}
        placeholder={t("raise.ownerPlaceholder")}
        withAsterisk
        size="md"
        searchable
        data={(owners.data ?? []).map((o) => ({ value: String(o.userId), label: o.position ? `${o.name} · ${o.position}` : o.name }))}
        value={ownerUserId}
        onChange={setOwnerUserId}
        error={errors.ownerUserId ?? (owners.error ? errorMessage(owners.error) : undefined)}
        data-path="ownerUserId"
      />
      <Input.Wrapper label={t("raise.priority")} size="md">
        <SegmentedControl
          fullWidth
          size="md"
          data={ACTION_PRIORITIES.map((p) => ({ value: p, label: t(`labels.priority.${p}`) }))}
          value={priority}
          onChange={(v) => choosePriority(v as ActionPriority)}
          data-path="priority"
        />
      </Input.Wrapper>
      <TextInput
        type="datetime-local"
        label={t("raise.due")}
        description={t("raise.dueHint")}
        size="md"
        value={due}
        onChange={(e) => {
          setDue(e.currentTarget.value);
          setDueEdited(true);
        }}
        error={errors.dueAt}
        data-path="dueAt"
      />
      {errors.projectId || errors.incidentReportId || errors.jhaFormId ? (
        <Text size="sm" c="red">
          {errors.projectId ?? errors.incidentReportId ?? errors.jhaFormId}
        </Text>
      ) : null}
    </FormDialog>
  );
}
