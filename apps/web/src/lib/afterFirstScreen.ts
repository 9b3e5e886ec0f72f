/**
 * Runs `run` once the page has been idle for a while after it started (issue #37): for what the
 * first screen does not need but the next one will (code, styles). `delayMs` 0 is the next idle
 * moment (components/AfterFirstPaint.tsx); at most `idleTimeoutMs` after the delay, idle or not.
 * Returns a cancel function.
 */
export function afterFirstScreen(run: () => void, delayMs = 2500, idleTimeoutMs = 2000): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: idleTimeoutMs });
    else run();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
