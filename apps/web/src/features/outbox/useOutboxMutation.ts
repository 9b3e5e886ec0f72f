import { useNavigate } from "@tanstack/react-router";
import { useCallback, useRef, useState } from "react";
import { useCurrentUser } from "../../lib/auth";
import { i18n } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { isNetworkFailure, isOnline, markUnreachable } from "../offline/network";
import { kindLabel, OutboxFullError, queue, sendOnce } from "./outbox";
import type { OutboxInput, OutboxItem, OutboxOutput, OutboxPath, OutboxProcedure } from "./outboxItem";

export type Outcome<P extends OutboxPath> = { sent: true; data: OutboxOutput<P> } | { sent: false; item: OutboxItem<P> };

export interface OutboxMutationOptions<P extends OutboxProcedure> {
  /** Awaited when it returns a promise (a form keeping its photos for the new record). */
  onSuccess?: (data: OutboxOutput<P>) => void | Promise<void>;
  /** A refusal from the server (the user is still on the form and can fix it). */
  onError?: (error: unknown) => void;
  /** Kept for later: by default a toast says so and the Outbox opens. */
  onQueued?: (item: OutboxItem<P>) => void;
  /** Kept for later, before the toast or `onQueued`: e.g. queue the form's photos after the item. */
  withQueued?: (item: OutboxItem<P>) => Promise<unknown>;
}

// The "saved to the Outbox" and "not saved on this device" toasts, in the UI's language: live
// bindings that follow a language switch, so every screen that imports them shows the current language.
export let NOT_KEPT_TITLE: string = i18n.t("outbox:limits.notKeptTitle");
export let QUEUED_TITLE: string = i18n.t("outbox:queuedTitle");
export let QUEUED_MESSAGE: string = i18n.t("outbox:queuedMessage");
const updateQueued = () => {
  NOT_KEPT_TITLE = i18n.t("outbox:limits.notKeptTitle");
  QUEUED_TITLE = i18n.t("outbox:queuedTitle");
  QUEUED_MESSAGE = i18n.t("outbox:queuedMessage");
};
// Also when the outbox's texts arrive (they load with the signed-in layout, lib/i18n).
i18n.on("languageChanged", updateQueued);
i18n.store.on("added", updateQueued);

/**
 * A create that works offline: in place of `trpc.<area>.<create>.useMutation(options)`, use
 * `useOutboxMutation("<area>.<create>", options)`; `mutate(input)` is the same. Online, it sends
 * at once with an Idempotency-Key. Offline, or when the request gets no answer, the input goes to
 * the Outbox under that same key (the server may have created it already: the key makes the later
 * send return that record instead of a second one). A refusal goes to `onError` as before.
 */
export function useOutboxMutation<P extends OutboxProcedure>(path: P, options: OutboxMutationOptions<P> = {}) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const send = useCallback(
    async (input: OutboxInput<P>): Promise<Outcome<P>> => {
      const key = crypto.randomUUID();
      const keep = async () => {
        if (!user) throw new Error("Not signed in");
        return queue<P>({ id: key, userId: user.id, path, input, label: labelOf(path, input) });
      };
      if (!isOnline()) return { sent: false, item: await keep() };
      try {
        return { sent: true, data: await sendOnce(path, input, key) };
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        markUnreachable();
        return { sent: false, item: await keep() };
      }
    },
    [path, user],
  );

  /**
   * Resolves once the input is stored: sent (after `onSuccess`) or kept in the Outbox (after
   * `onQueued`, by default a toast and the Outbox screen); rejects on a refusal (after `onError`).
   * A form's draft may go either way: the Outbox holds what was not sent.
   */
  const mutateAsync = useCallback(
    async (input: OutboxInput<P>): Promise<Outcome<P>> => {
      setPending(true);
      try {
        const outcome = await send(input);
        if (outcome.sent) await latest.current.onSuccess?.(outcome.data);
        else {
          await latest.current.withQueued?.(outcome.item);
          if (latest.current.onQueued) latest.current.onQueued(outcome.item);
          else {
            notifySuccess(QUEUED_TITLE, QUEUED_MESSAGE);
            void navigate({ to: "/outbox" });
          }
        }
        return outcome;
      } catch (error) {
        // The Outbox or the device is full: the form and its draft stay; the message says what to do.
        if (error instanceof OutboxFullError) notifyError(NOT_KEPT_TITLE, error.message);
        else latest.current.onError?.(error);
        throw error;
      } finally {
        setPending(false);
      }
    },
    [send, navigate],
  );

  const mutate = useCallback(
    (input: OutboxInput<P>) => {
      mutateAsync(input).catch(() => undefined);
    },
    [mutateAsync],
  );

  return { mutate, mutateAsync, send, isPending };
}

/** What the Outbox calls an item: its title, else the start of its text, else its kind. */
export function labelOf(path: OutboxPath, input: unknown): string {
  const fields = (input ?? {}) as { title?: unknown; content?: unknown; guestName?: unknown };
  const text =
    typeof fields.title === "string" && fields.title.trim()
      ? fields.title
      : typeof fields.content === "string"
        ? fields.content
        : typeof fields.guestName === "string"
          ? fields.guestName
          : "";
  const short = text.trim().slice(0, 80);
  return short ? `${kindLabel(path)}: ${short}` : kindLabel(path);
}

/**
 * For a write that is not a create (progress sent with PUT when a record exists): its answer when
 * it gets one, else the create's outcome through the Outbox (the server treats both alike).
 */
export async function sentOrQueued<P extends OutboxProcedure>(
  write: Promise<OutboxOutput<P>>,
  viaOutbox: () => Promise<Outcome<P>>,
): Promise<Outcome<P>> {
  try {
    return { sent: true, data: await write };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    markUnreachable();
    return viaOutbox();
  }
}
