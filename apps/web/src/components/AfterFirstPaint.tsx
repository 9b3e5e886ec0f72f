import { type ReactNode, startTransition, useDeferredValue, useEffect, useState } from "react";
import { afterFirstScreen } from "../lib/afterFirstScreen";

/**
 * Renders its children in a task of their own once the browser is idle after the first paint
 * (issue #37): a phone's main thread then paints the top of the page first instead of one long
 * task for the whole page; that render is a transition, so React splits it into slices that a tap
 * can come between. For content below the fold only, so nothing in view moves when it arrives.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => startTransition(() => setReady(true)), 0, 1500), []);
  return ready ? children : null;
}

/**
 * Mounts its children in a background render that React splits into slices of a few
 * milliseconds, showing `fallback` until it is done (issue #37). A screen's first render after its
 * data arrives is otherwise one task: TanStack Query and the router hand React their updates
 * through `useSyncExternalStore`, which React never splits, and on a mid-range phone that task
 * blocked every tap for about a second on the dashboard. Later updates of the children are
 * ordinary renders; only the mount is sliced.
 */
export function InterruptibleMount({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const mounted = useDeferredValue(true, false);
  return mounted ? children : fallback;
}
