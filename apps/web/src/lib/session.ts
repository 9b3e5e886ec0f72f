// Light session helpers for /auth, which does not load the tRPC client or TanStack Query (bundle
// budget, scripts/check-bundle.mjs). Signed-in screens use useSession() from ./auth.

import { languageHeaders } from "./i18n";

/** Full navigation after login, registration and logout, as the product asks: every cache starts clean. */
export function navigateFully(path: string) {
  window.location.assign(path);
}

/** How long a session answer is trusted: the session query's staleTime in ./auth. */
const FRESH_MS = 60_000;
let last: { signedIn: boolean; at: number } | undefined;
let inFlight: Promise<boolean> | undefined;

/** Records what a session check found, so that /auth and the protected layout redirecting to
 * each other do not ask the server again. */
export function rememberSignedIn(signedIn: boolean) {
  last = { signedIn, at: Date.now() };
}

/** What a session check found within the last minute, if anything. */
export function knownSignedIn(): boolean | undefined {
  return last && Date.now() - last.at < FRESH_MS ? last.signedIn : undefined;
}

/** GET /api/user: the user when signed in, 401 when not (docs/api.md). A failed check counts
 * as signed out (the sign-in form shows) and is not remembered. */
export function checkSignedIn(): Promise<boolean> {
  inFlight ??= fetch("/api/user", { headers: { accept: "application/json", ...languageHeaders() } })
    .then(
      (res) => {
        if (res.ok || res.status === 401) rememberSignedIn(res.ok);
        // The body is read (and dropped), the 401's too: a response whose body is never read stays
        // open in the browser's eyes (and in Lighthouse's network log) until the page goes away (issue #37).
        void res.arrayBuffer().catch(() => undefined);
        return res.ok;
      },
      () => false,
    )
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
