import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { i18n } from "./i18n";
import { notifyError, notifySuccess } from "./notify";
import { errorMessage } from "./trpc";

/**
 * A detail page's Delete (a project, a worker): whether its confirmation is open, and the delete
 * mutation's handlers. On success the confirmation closes, the page says so with its namespace's
 * `detail.deleted` and `detail.deletedMessage`, and `then` runs (forget the record, refresh the
 * lists, leave); on failure it closes and says `detail.deleteFailed` with the server's message.
 */
export function useConfirmedDelete(namespace: string, then: () => Promise<void>) {
  const [confirming, setConfirming] = useState(false);
  const handlers = {
    onSuccess: async () => {
      setConfirming(false);
      notifySuccess(i18n.t(`${namespace}:detail.deleted`), i18n.t(`${namespace}:detail.deletedMessage`));
      await then();
    },
    onError: (error: unknown) => {
      setConfirming(false);
      notifyError(i18n.t(`${namespace}:detail.deleteFailed`), errorMessage(error));
    },
  };
  return { confirming, setConfirming, handlers };
}

/**
 * A detail page whose record cannot be shown leaves for `to`, saying why: `invalid` for an id in the
 * address that is no positive whole number (when given, else `notFound`), `notFound` with the
 * server's message when the record does not load.
 */
export function useLeaveWhenMissing({
  valid,
  error,
  to,
  notFound,
  invalid,
}: {
  valid: boolean;
  error: unknown;
  to: string;
  notFound: string;
  invalid?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (valid && !error) return;
    if (!valid && invalid) notifyError(invalid);
    else notifyError(notFound, error ? errorMessage(error) : undefined);
    void navigate({ to, replace: true });
  }, [valid, error, to, notFound, invalid, navigate]);
}
