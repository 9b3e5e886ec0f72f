import { type DehydratedState, dehydrate, hydrate, type QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { createStore, del, get, set } from "idb-keyval";
import superjson from "superjson";
import { askSession, sessionData } from "../../lib/earlySession";
import { languageHeaders } from "../../lib/i18n";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { isNetworkFailure, markReachable, markUnreachable } from "./network";
import { rememberSavedCache } from "./savedCache";

/**
 * What a worker has opened stays readable offline (docs/decisions/0111-offline-outbox-and-idempotency.md):
 * the query cache is saved to IndexedDB, tagged with the signed-in user, and put back when the app
 * opens. It is put back only for the user the server says is signed in, or, when the server cannot
 * be reached, for the user who was signed in at the last contact. A server answer of "signed out"
 * or a logout deletes it, so the next person on a shared phone sees nothing of the last one's.
 */
type Session = RouterOutputs["auth"]["session"];
interface Snapshot {
  userId: number;
  /** When the newest answer in it came from the server. */
  syncedAt: number;
  /** The build that wrote it; another build's shapes may differ, so it is not read. */
  build: string;
  state: DehydratedState;
}

const store = createStore("sitesafe-cache", "snapshot");
const KEY = "queries";
const BUILD = import.meta.env.VITE_BUILD_ID ?? "dev";
/** Kept at most a week: older data is more misleading than helpful. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The saved cache is bounded: newest answers first, until this many bytes of JSON. */
const MAX_BYTES = 4 * 1024 * 1024;
/** One answer bigger than this (a whole list) is not worth a slot. */
const MAX_QUERY_BYTES = 512 * 1024;
const SAVE_EVERY_MS = 300;

const sessionKey = getQueryKey(trpc.auth.session, undefined, "query");

/** When what the screens show last came from the server, if the app is showing saved data. */
let restoredSyncedAt: number | null = null;
export const restoredAt = () => restoredSyncedAt;

/**
 * Puts the saved cache back, for the right user, before the signed-in screens render. Asks the
 * server who is signed in first (the answer becomes the session query's data, so nothing is asked
 * twice); offline, it skips the question.
 */
export async function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  const saved = get<Snapshot>(KEY, store).catch(() => undefined);
  const session = navigator.onLine ? await fetchSession() : ({ kind: "unreachable" } as const);
  const snapshot = await saved;
  const usable = snapshot && snapshot.build === BUILD && Date.now() - snapshot.syncedAt < MAX_AGE_MS ? snapshot : undefined;
  if (session.kind === "answer") {
    if (usable && session.session && usable.userId === session.session.user.id) putBack(queryClient, usable.state);
    else if (snapshot) await clearQueryCache();
    queryClient.setQueryData(sessionKey, session.session);
    return;
  }
  if (usable) {
    putBack(queryClient, usable.state);
    restoredSyncedAt = usable.syncedAt;
  }
}

/**
 * Saved answers are shown at once but count as stale, so every screen asks the server again when
 * it mounts: a reload must not show a list as it was before the reload for up to 30 s.
 */
function putBack(queryClient: QueryClient, state: DehydratedState) {
  hydrate(queryClient, state);
  void queryClient.invalidateQueries({ refetchType: "none" });
}

async function fetchSession(): Promise<{ kind: "answer"; session: Session } | { kind: "unreachable" }> {
  try {
    // The page's first ask adopts the answer index.html's early script started (lib/earlySession.ts).
    const data = sessionData(await askSession(languageHeaders()));
    if (!data) return { kind: "unreachable" };
    markReachable();
    return { kind: "answer", session: superjson.deserialize<Session>(data as Parameters<typeof superjson.deserialize>[0]) };
  } catch (error) {
    if (isNetworkFailure(error) || (error as Error).name === "TimeoutError") markUnreachable();
    return { kind: "unreachable" };
  }
}

/**
 * Saves the cache (at most every 300 ms, and when the page is hidden or closed) while someone is
 * signed in; forgets it on sign-out.
 */
export function persistQueryCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const session = queryClient.getQueryData<Session>(sessionKey);
    if (session === null || signedOut) {
      void clearQueryCache();
      return;
    }
    if (!session) return;
    const state = bounded(dehydrate(queryClient));
    const syncedAt = Math.max(0, ...state.queries.map((q) => q.state.dataUpdatedAt));
    if (syncedAt > (restoredSyncedAt ?? 0)) restoredSyncedAt = null;
    void set(KEY, { userId: session.user.id, syncedAt, build: BUILD, state } satisfies Snapshot, store).then(
      () => !signedOut && rememberSavedCache(true),
      () => undefined,
    );
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    markReachable();
    timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
  const saveNow = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  const onHidden = () => document.visibilityState === "hidden" && saveNow();
  document.addEventListener("visibilitychange", onHidden);
  window.addEventListener("pagehide", saveNow);
  return () => {
    unsubscribe();
    document.removeEventListener("visibilitychange", onHidden);
    window.removeEventListener("pagehide", saveNow);
    if (timer) clearTimeout(timer);
  };
}

/** Newest answers first, each under MAX_QUERY_BYTES, all under MAX_BYTES. */
function bounded(state: DehydratedState): DehydratedState {
  let total = 0;
  const queries = [...state.queries]
    .filter((q) => q.state.status === "success")
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .filter((q) => {
      const bytes = JSON.stringify(q.state.data ?? null).length;
      if (bytes > MAX_QUERY_BYTES || total + bytes > MAX_BYTES) return false;
      total += bytes;
      return true;
    });
  return { mutations: [], queries };
}

/** Set by a logout: this page saves nothing more (the app then reloads at /auth). */
let signedOut = false;

/**
 * Logout: deletes the saved cache, and stops this page from saving, so a save still due (its
 * 300 ms timer, or the page hiding as the app goes to /auth) cannot write this user's answers back.
 */
export function forgetSignedInUser(): Promise<void> {
  signedOut = true;
  return clearQueryCache();
}

/** Deletes the saved cache (logout, a signed-out answer, another user). */
async function clearQueryCache(): Promise<void> {
  restoredSyncedAt = null;
  rememberSavedCache(false);
  await del(KEY, store).catch(() => undefined);
}
