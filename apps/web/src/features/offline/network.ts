import { useSyncExternalStore } from "react";

/**
 * Whether the server can be reached, as far as the app knows: the browser's own online flag, and
 * the last request's fate (a phone on one bar of signal often says "online" while every request
 * fails). A failed fetch marks the server unreachable until a request gets through again.
 */
let unreachableSince: number | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    unreachableSince = null;
    emit();
  });
  window.addEventListener("offline", emit);
}

export function markUnreachable() {
  if (unreachableSince === null) {
    unreachableSince = Date.now();
    emit();
  }
}

export function markReachable() {
  if (unreachableSince !== null) {
    unreachableSince = null;
    emit();
  }
}

export function isOnline(): boolean {
  return (typeof navigator === "undefined" || navigator.onLine) && unreachableSince === null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when the connection comes or goes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Subscribes outside React (the outbox sender). */
export const onConnectivityChange = subscribe;

/** A request that never reached the server (offline, DNS, dropped connection), not a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof TypeError) return true;
  // tRPC wraps a failed fetch in a TRPCClientError without a server answer (no data, no shape).
  const e = error as { name?: string; data?: unknown; shape?: unknown; message?: string } | null;
  return Boolean(
    e && e.name === "TRPCClientError" && e.data == null && e.shape == null && /fetch|network|load failed/i.test(e.message ?? ""),
  );
}
