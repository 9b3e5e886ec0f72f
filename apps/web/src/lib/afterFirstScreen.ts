/**
 * Runs `run` once the page has been idle for a while after it started (issue #37): for what the
 * first screen does not need but the next one will (code, styles). Returns a cancel function.
 */
export function afterFirstScreen(run: () => void, delayMs = 2500): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
