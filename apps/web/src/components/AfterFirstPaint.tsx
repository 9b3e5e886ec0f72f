import { type ReactNode, useEffect, useState } from "react";

/**
 * Renders its children in a task of their own once the browser is idle after the first paint
 * (issue #37): a phone's main thread then paints the top of the page first instead of one long
 * task for the whole page. For content below the fold only, so nothing in view moves when it
 * arrives.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(id);
  }, []);
  return ready ? children : null;
}
