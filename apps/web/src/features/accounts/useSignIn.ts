import { useState } from "react";
import { preloadToasts } from "../../components/ToastsOnDemand";
import { notifySuccess } from "../../lib/notify";
import { postJson } from "../../lib/rest";
import { navigateFully } from "../../lib/session";

/** The user object POST /api/login and POST /api/register answer with (the fields read here). */
type SignedInUser = { username: string; firstName: string | null };

/**
 * A sign-in call with the state the form shows: loading on the button while it runs, the error of
 * the last attempt (cleared when a new one starts), and on success the toast and the full
 * navigation to / (docs/api.md). Plain fetch to the REST API: /auth does not load tRPC.
 */
export function useSignIn<Input>(path: string, successTitle: string) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = (input: Input) => {
    setPending(true);
    setError(null);
    // The welcome toast's container, ready by the time the answer comes.
    preloadToasts();
    postJson<SignedInUser>(path, input)
      .then((user) => {
        notifySuccess(successTitle, `Welcome, ${user.firstName ?? user.username}!`);
        navigateFully("/");
      }, setError)
      .finally(() => setPending(false));
  };
  return { submit, isPending, error };
}
