import { Alert, Button, Card, Group, Text } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import type { FormEvent, KeyboardEvent, ReactNode } from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormDraft, useHasDraft } from "../lib/formDraft";
import { useCountFormOnScreen } from "../lib/formsOnScreen";
import { scrollToFirstError } from "../lib/scrollToFirstError";
import { DraftBanner } from "./DraftBanner";
import { useLeaveGuard } from "./LeaveGuard";

/** The part of a @mantine/form form these helpers use. */
interface SafeForm<V> {
  values: V;
  isDirty: () => boolean;
  setValues: (values: V) => void;
  onSubmit: (handleSubmit: (values: V) => void, handleValidationFailure?: () => void) => (event?: FormEvent<HTMLFormElement>) => void;
}

/**
 * What every record form (JHA, incident, permit, safety message) does so that work is never
 * lost: a draft on this device with "Continue your draft", a question before leaving it changed
 * (link, back, reload, Cancel, Escape), and on a failed validation the first error in view and
 * focused. Use: `<form ref={safety.ref} onSubmit={safety.handleSubmit(save)} onKeyDown={safety.onKeyDown}>`
 * with `{safety.banner}` and `{safety.dialog}` inside.
 */
export function useFormSafety<V>(
  form: SafeForm<V>,
  {
    draftKey,
    onCancel,
    continueDraft = false,
    registerClose,
  }: {
    draftKey: string;
    onCancel?: (() => void) | undefined;
    continueDraft?: boolean;
    /** In a dialog: hands the dialog a close (its X button) that asks first, from useGuardedDialogClose. */
    registerClose?: ((close: () => void) => void) | undefined;
  },
) {
  const ref = useRef<HTMLFormElement>(null);
  useCountFormOnScreen();
  const draft = useFormDraft(form, draftKey, { continueAtOnce: continueDraft });
  const guard = useLeaveGuard(form.isDirty());
  const cancel = () => guard.confirmLeave(() => onCancel?.());
  const { confirmLeave } = guard;
  useEffect(() => {
    if (registerClose && onCancel) registerClose(() => confirmLeave(onCancel));
  }, [registerClose, confirmLeave, onCancel]);

  /** `save` resolves once stored (the caller may navigate to the record) and rejects on failure. */
  const handleSubmit = (save: (values: V) => Promise<unknown>) =>
    form.onSubmit(
      async (values) => {
        // Released first: the caller moves to the saved record before the promise settles.
        guard.release();
        try {
          await save(values);
          draft.clear();
        } catch {
          guard.hold();
        }
      },
      () => scrollToFirstError(ref.current),
    );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // In a dialog, its own Escape handling calls the guarded close (useGuardedDialogClose).
    if (event.key !== "Escape" || !onCancel || registerClose) return;
    // Escape in an open dropdown closes the dropdown, not the form.
    if ((event.target as HTMLElement).getAttribute("aria-expanded") === "true") return;
    event.preventDefault();
    cancel();
  };

  return {
    ref,
    draft,
    cancel,
    handleSubmit,
    onKeyDown,
    confirmLeave: guard.confirmLeave,
    banner: <DraftBanner offer={draft.offer} onContinue={draft.restore} onDiscard={draft.discard} />,
    dialog: guard.dialog,
  };
}

/** On a list page: "Continue your draft" when a new record's form was left unsent on this device. */
export function ContinueDraftNotice({ draftKey, what, onContinue }: { draftKey: string; what: string; onContinue: () => void }) {
  const { t } = useTranslation("common");
  if (!useHasDraft(draftKey)) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconDeviceFloppy size={20} />} mb="md" data-testid="draft-notice">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t("draft.notice", { what })}</Text>
        <Button onClick={onContinue}>{t("draft.continue")}</Button>
      </Group>
    </Alert>
  );
}

/**
 * For a dialog holding a record form: its close button and Escape go through the form, which asks
 * first when it was changed. `<Modal onClose={close}>` and pass `register` to the form's
 * useFormSafety({ registerClose }).
 */
export function useGuardedDialogClose(onClose: () => void) {
  const [close, setClose] = useState<() => void>(() => onClose);
  const register = useCallback((fn: () => void) => setClose(() => fn), []);
  return { close, register };
}

/** A record form in a card (JHA, incident): the form element wired to its safety, with the leave question. */
export function RecordFormCard({
  safety,
  onSubmit,
  label,
  children,
}: {
  safety: Pick<ReturnType<typeof useFormSafety>, "ref" | "onKeyDown" | "dialog">;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="form"
      ref={safety.ref}
      onSubmit={onSubmit}
      onKeyDown={safety.onKeyDown}
      noValidate
      aria-label={label}
    >
      {safety.dialog}
      {children}
    </Card>
  );
}
