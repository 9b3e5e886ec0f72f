import { useEffect, useSyncExternalStore } from "react";

/**
 * How many record forms are on screen (each useFormSafety counts itself in while mounted). The
 * required-training reminder waits while one is, so it never covers a form's Submit on a phone
 * (issue #37; components/TrainingReminder.tsx).
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

/** Counts the calling form in while it is mounted. */
export function useCountFormOnScreen(): void {
  useEffect(() => {
    count += 1;
    emit();
    return () => {
      count -= 1;
      emit();
    };
  }, []);
}

/** Whether any record form is on screen now. */
export function useFormOnScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => count > 0,
    () => false,
  );
}
