// The session question, asked once per page load (issue #37). signed-in-preload.js, the small
// script index.html names before the app's entry (written by build/preload.ts), starts
// GET /trpc/auth.session as soon as the page arrives and leaves the answer on `window`; the app
// adopts it the first time it needs the session (lib/session.ts on /auth,
// features/offline/queryCache.ts for the signed-in screens) instead of asking again after its
// own scripts have loaded and run. No imports: build/preload.ts reads the constants at build time.

/** The app's session read: the signed-in user and their policy facts, or null (apps/api/src/routers/auth.ts). */
export const SESSION_PATH = "/trpc/auth.session";
/** The `window` property the early script leaves its answer on. */
export const EARLY_SESSION_KEY = "__sitesafeSession";
/** How long the session question may take before the app counts the server unreachable. */
export const SESSION_TIMEOUT_MS = 5000;

/** An answer whose body is already read: the early script reads every body, a 401's or 500's too. */
export interface SessionAnswer {
  status: number;
  body: string;
}

type EarlyWindow = Window & { [EARLY_SESSION_KEY]?: Promise<SessionAnswer> | null };

/** The early script's path (index.html names it; build/preload.ts writes it). */
export const EARLY_SCRIPT = "/signed-in-preload.js";

let claimed = false;

/**
 * The early script's answer, once: the first caller gets it and it is dropped from `window`.
 * The script sets its `window` property (null when it asks nothing: offline, or an error) first
 * thing, so a missing property means it has not run yet: an `async` script may run after the app's
 * entry when the entry comes from the browser's cache and the script does not. Then this waits for
 * it (at most the session timeout) rather than asking twice. Undefined when there is no early
 * answer to adopt (taken already, none asked, or no early script: the dev server).
 */
async function claimEarly(): Promise<SessionAnswer | undefined> {
  if (claimed) return undefined;
  claimed = true;
  const w = window as EarlyWindow;
  if (!(EARLY_SESSION_KEY in w)) {
    const script = document.querySelector(`script[src="${EARLY_SCRIPT}"]`);
    if (!script) return undefined;
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      script.addEventListener("load", done, { once: true });
      script.addEventListener("error", done, { once: true });
      setTimeout(done, SESSION_TIMEOUT_MS);
    });
  }
  const early = w[EARLY_SESSION_KEY];
  delete w[EARLY_SESSION_KEY];
  return early ?? undefined;
}

/**
 * The session: the early script's answer when it is still unclaimed (the first ask on a page),
 * else a new GET with the same headers. Rejects on a network failure or after the timeout
 * (an error named "TimeoutError"), as fetch does.
 */
export async function askSession(headers: Record<string, string>): Promise<SessionAnswer> {
  const early = await claimEarly();
  if (early) return early;
  const res = await fetch(SESSION_PATH, {
    credentials: "same-origin",
    headers: { accept: "application/json", ...headers },
    signal: AbortSignal.timeout(SESSION_TIMEOUT_MS),
  });
  return { status: res.status, body: await res.text() };
}

/** The session's JSON as superjson wrote it (`result.data`), or undefined when the answer is no tRPC result. */
export function sessionData(answer: SessionAnswer): { json: unknown; meta?: unknown } | undefined {
  if (answer.status < 200 || answer.status >= 300) return undefined;
  try {
    const parsed = JSON.parse(answer.body) as { result?: { data?: { json: unknown; meta?: unknown } } };
    return parsed.result?.data;
  } catch {
    return undefined;
  }
}
