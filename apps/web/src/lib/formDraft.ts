import { useCallback, useEffect, useRef, useState } from "react";
import { useCurrentUser } from "./auth";

/**
 * Drafts of the JHA, incident, permit and safety-message forms, kept on this device as the user
 * types: one per user and form, cleared on submit, on discard and on logout. A reopened form
 * offers "Continue your draft" (components/DraftBanner.tsx).
 */

const PREFIX = "sitesafe.draft.";
/** How long after the last keystroke the draft is written. */
const SAVE_DELAY_MS = 400;
/** A draft larger than this is not kept (localStorage is small and shared by the whole app). */
const MAX_DRAFT_CHARS = 200_000;

export interface StoredDraft<V> {
  savedAt: string;
  values: V;
}

const keyOf = (userId: number, formKey: string) => `${PREFIX}${userId}.${formKey}`;

function readDraft<V>(userId: number | undefined, formKey: string): StoredDraft<V> | null {
  if (userId === undefined) return null;
  try {
    const raw = window.localStorage.getItem(keyOf(userId, formKey));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDraft<V>>;
    return parsed && typeof parsed.savedAt === "string" && parsed.values !== undefined ? (parsed as StoredDraft<V>) : null;
  } catch {
    return null;
  }
}

function writeDraft<V>(userId: number, formKey: string, values: V) {
  try {
    const text = JSON.stringify({ savedAt: new Date().toISOString(), values });
    if (text.length <= MAX_DRAFT_CHARS) window.localStorage.setItem(keyOf(userId, formKey), text);
  } catch {
    // Private mode or a full quota: the form still works, it just cannot keep a draft.
  }
}

function removeDraft(userId: number | undefined, formKey: string) {
  if (userId === undefined) return;
  try {
    window.localStorage.removeItem(keyOf(userId, formKey));
  } catch {
    // Nothing was kept.
  }
}

/** On logout: this user's drafts go, so the next person on a shared device does not see them. */
export function clearDraftsOf(userId: number | undefined) {
  if (userId === undefined) return;
  try {
    const mine = `${PREFIX}${userId}.`;
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i)).filter(
      (k): k is string => !!k?.startsWith(mine),
    );
    for (const k of keys) window.localStorage.removeItem(k);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

/** Whether a draft exists for this form (for "Continue your draft" on a list page). */
export function useHasDraft(formKey: string): boolean {
  const userId = useCurrentUser()?.id;
  return readDraft(userId, formKey) !== null;
}

/** The part of a @mantine/form form the draft needs. */
interface DraftableForm<V> {
  values: V;
  isDirty: () => boolean;
  setValues: (values: V) => void;
}

/**
 * Keeps the form's values as a draft while it is changed. When a draft existed as the form
 * opened, `offer` holds it until the user continues it or starts over (nothing is written
 * meanwhile, so opening the form does not overwrite the draft).
 */
export function useFormDraft<V>(form: DraftableForm<V>, formKey: string, { continueAtOnce = false }: { continueAtOnce?: boolean } = {}) {
  const userId = useCurrentUser()?.id;
  const [offer, setOffer] = useState<StoredDraft<V> | null>(() => readDraft<V>(userId, formKey));
  // Opened through "Continue your draft" elsewhere (a list page): take the draft without asking again.
  const continued = useRef(false);
  useEffect(() => {
    if (!continueAtOnce || continued.current || !offer) return;
    continued.current = true;
    form.setValues(offer.values);
    setOffer(null);
  }, [continueAtOnce, offer, form]);
  const timer = useRef<number | undefined>(undefined);
  const dirty = form.isDirty();

  // Typing while a draft is offered means starting afresh: the new work is what gets kept.
  useEffect(() => {
    if (offer && dirty && !continueAtOnce) setOffer(null);
  }, [offer, dirty, continueAtOnce]);

  useEffect(() => {
    if (userId === undefined || offer || !dirty) return;
    window.clearTimeout(timer.current);
    const values = form.values;
    timer.current = window.setTimeout(() => writeDraft(userId, formKey, values), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [userId, formKey, offer, dirty, form.values]);

  const restore = useCallback(() => {
    if (!offer) return;
    form.setValues(offer.values);
    setOffer(null);
  }, [offer, form]);

  const discard = useCallback(() => {
    window.clearTimeout(timer.current);
    removeDraft(userId, formKey);
    setOffer(null);
  }, [userId, formKey]);

  /** After a successful submit: the draft is done with. */
  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    removeDraft(userId, formKey);
  }, [userId, formKey]);

  return { offer, restore, discard, clear };
}
