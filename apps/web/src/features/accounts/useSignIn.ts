import { useState } from "react";
import { preloadToasts } from "../../components/ToastsOnDemand";
import { i18n, isLanguage, type Language, rememberLanguage } from "../../lib/i18n";
import { notifySuccess } from "../../lib/notify";
import { postJson, sendJson } from "../../lib/rest";
import { navigateFully } from "../../lib/session";

/** The user object POST /api/login and POST /api/register answer with (the fields read here). */
type SignedInUser = { username: string; firstName: string | null; language?: string | null };

/** A language picked on the sign-in page, to be saved on the user who then signs in. */
let chosenHere: Language | undefined;
export function markLanguageChosen(language: Language) {
  chosenHere = language;
}

/**
 * After sign-in: a language picked on this page becomes the user's saved one (PUT
 * /api/user/language); otherwise the user's saved language is the one the app opens in.
 */
async function settleLanguage(user: SignedInUser) {
  if (chosenHere && chosenHere !== user.language) {
    await sendJson("PUT", "/api/user/language", { language: chosenHere }).catch(() => undefined);
    return;
  }
  if (isLanguage(user.language)) rememberLanguage(user.language);
}

/**
 * A sign-in call with the state the form shows: loading on the button while it runs, the error of
 * the last attempt (cleared when a new one starts), and on success the toast and the full
 * navigation to / (docs/api.md). Plain fetch to the REST API: /auth does not load tRPC.
 */
export function useSignIn<Input>(path: string, successTitleKey: string) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = (input: Input) => {
    setPending(true);
    setError(null);
    // The welcome toast's container, ready by the time the answer comes.
    preloadToasts();
    postJson<SignedInUser>(path, input)
      .then(async (user) => {
        await settleLanguage(user);
        const t = i18n.getFixedT(null, "accounts");
        notifySuccess(t(successTitleKey), t("auth.welcome", { name: user.firstName ?? user.username }));
        navigateFully("/");
      }, setError)
      .finally(() => setPending(false));
  };
  return { submit, isPending, error };
}
