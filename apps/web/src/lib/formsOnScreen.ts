import { useEffect, useSyncExternalStore } from "react";

/**
 * How many record forms are on screen (each useFormSafety counts itself in while mounted), and
 * whether a dialog is open. The required-training reminder waits while either is, so it never
 * covers a form's or a dialog's actions on a phone (issue #37; components/TrainingReminder.tsx).
 */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Counts the calling form in while it is mounted and `active`. A list screen counts its new-record
 * form in from the moment it decides to open it, before the form's lazily loaded code arrives: the
 * reminder would otherwise show in that gap and be taken away again a moment later.
 */
export function useCountFormOnScreen(active = true): void {
  useEffect(() => {
    if (!active) return;
    count += 1;
    emit();
    return () => {
      count -= 1;
      emit();
    };
  }, [active]);
}

/** Whether any record form is on screen now. */
export function useFormOnScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => count > 0,
    () => false,
  );
}

/**
 * Whether a dialog (a Mantine modal: `role="dialog"`, in a portal on <body>) is open. Read from the
 * page rather than counted by each of the app's dialogs, so a new dialog needs nothing to be
 * covered.
 */
const dialogOpen = () => document.querySelector('[role="dialog"]') !== null;
const subscribeDialogs = (listener: () => void) => {
  const observer = new MutationObserver(listener);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => observer.disconnect();
};
const watchNothing = () => () => {};
const never = () => false;

/** Whether a dialog is open; `watch` false (nothing would use the answer) watches no page changes. */
export function useDialogOnScreen(watch: boolean): boolean {
  return useSyncExternalStore(watch ? subscribeDialogs : watchNothing, watch ? dialogOpen : never, never);
}
