// Light session helpers for /auth, which does not load the tRPC client or TanStack Query (bundle
// budget, scripts/check-bundle.mjs). Signed-in screens use useSession() from ./auth.

import { askSession, sessionData } from "./earlySession";
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

/** GET /trpc/auth.session (a plain fetch, no tRPC client): the user and their policy facts when
 * signed in, null when not (apps/api/src/routers/auth.ts). The first check on a page adopts the
 * answer index.html's early script started (./earlySession). A failed check counts as signed out
 * (the sign-in form shows) and is not remembered. Every body is read (a response whose body is
 * never read stays open in the browser's eyes, and in Lighthouse's network log, until the page
 * goes away: issue #37). */
export function checkSignedIn(): Promise<boolean> {
  inFlight ??= askSession(languageHeaders())
    .then(
      (answer) => {
        const data = sessionData(answer);
        if (!data) return false;
        const signedIn = data.json != null;
        rememberSignedIn(signedIn);
        return signedIn;
      },
      () => false,
    )
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
