import type { AppRouter } from "@sitesafe/api/types";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { createStore, del, get, set, setMany, values } from "idb-keyval";
import superjson from "superjson";
import { i18n, languageHeaders } from "../../lib/i18n";
import { isNetworkFailure, markReachable, markUnreachable } from "../offline/network";
import { inputWithNeeds, waitersOf, waitsForAnother } from "./needs";
import {
  type OutboxInput,
  type OutboxItem,
  type OutboxOutput,
  type OutboxPath,
  type OutboxProcedure,
  PHOTO_UPLOAD,
  type PhotoUploadInput,
} from "./outboxItem";
import { photoRetryDelay, resolvePhotoRecord, roomFor, UploadRefused, uploadPhoto, withRecordId } from "./photoUpload";

/**
 * The outbox (docs/decisions/0111-offline-outbox-and-idempotency.md): a create that cannot reach
 * the server is kept in IndexedDB with the idempotency key it was (or will be) sent with, and sent
 * again until the server answers. The server keeps the first answer under that key for 24 hours,
 * so a send whose answer was lost creates nothing twice. A refusal stays here with the server's
 * message until the user edits and retries or discards it; nothing is dropped silently.
 */
const store = createStore("sitesafe-outbox", "items");
/** Sent items stay listed this long, so the user sees that they went. */
const KEEP_SENT_MS = 3 * 24 * 60 * 60 * 1000;

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const flushRequests = new Set<() => void>();
/** Asks the mounted sender (OutboxSync) to send now, also when the browser says it is offline. */
export function requestFlush(): void {
  for (const listener of flushRequests) listener();
}
export function onFlushRequest(listener: () => void): () => void {
  flushRequests.add(listener);
  return () => {
    flushRequests.delete(listener);
  };
}

/** A tRPC client of its own: one call per request, so each carries its own Idempotency-Key. */
const client = createTRPCClient<AppRouter>({
  links: [
    httpLink({
      url: "/trpc",
      transformer: superjson,
      headers: ({ op }) => {
        const key = op.context.idempotencyKey;
        return typeof key === "string" ? { ...languageHeaders(), "Idempotency-Key": key } : languageHeaders();
      },
    }),
  ],
});

/** Calls the create once with this key; throws what tRPC throws. */
export function sendOnce<P extends OutboxProcedure>(path: P, input: OutboxInput<P>, key: string): Promise<OutboxOutput<P>> {
  const [area, proc] = path.split(".") as [string, string];
  const procedures = client as unknown as Record<string, Record<string, { mutate(input: unknown, opts: unknown): Promise<unknown> }>>;
  const procedure = procedures[area]?.[proc];
  if (!procedure) throw new Error(`Unknown outbox procedure ${path}`);
  return procedure.mutate(input, { context: { idempotencyKey: key } }) as Promise<OutboxOutput<P>>;
}

/**
 * This user's items, newest first. An item is "sending" in IndexedDB only while a run sends it: with
 * no run on this page, it was left so by a page closed mid-send, and waits again (as "pending", so
 * OutboxSync sends it; it used to stay "sending" and was never sent on its own).
 */
export async function listOutbox(userId: number): Promise<OutboxItem[]> {
  const all = await values<OutboxItem>(store).catch(() => [] as OutboxItem[]);
  return all
    .filter((item) => item.userId === userId)
    .map((item): OutboxItem => (item.status === "sending" && !running ? { ...item, status: "pending" } : item))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** Why an item could not be kept: the Outbox or the device is full. Nothing queued before is touched. */
export class OutboxFullError extends Error {}

const NO_ROOM = "This device has no room left to keep it. Send or discard items in the Outbox, then try again.";
/** NO_ROOM in the UI's language (outbox namespace, limits.noRoom). */
const noRoom = () => i18n.t("outbox:limits.noRoom", { defaultValue: NO_ROOM });

export async function queue<P extends OutboxPath>(item: Omit<OutboxItem<P>, "status" | "createdAt" | "attempts">): Promise<OutboxItem<P>> {
  const stored: OutboxItem<P> = { ...item, status: "pending", createdAt: Date.now(), attempts: 0 };
  const full = roomFor(await listOutbox(item.userId), [stored]);
  if (full) throw new OutboxFullError(full);
  try {
    await set(item.id, stored, store);
  } catch (error) {
    // The browser's storage quota: say so instead of losing the item silently.
    if (error instanceof DOMException && error.name === "QuotaExceededError") throw new OutboxFullError(noRoom());
    throw error;
  }
  changed();
  return stored;
}

/** Several items at once (a record's photos): all kept, or none and the reason. */
export async function queueAll(items: Omit<OutboxItem, "status" | "createdAt" | "attempts">[]): Promise<OutboxItem[]> {
  const first = items[0];
  if (!first) return [];
  const now = Date.now();
  const stored = items.map((item, i): OutboxItem => ({ ...item, status: "pending", createdAt: now + i, attempts: 0 }));
  const full = roomFor(await listOutbox(first.userId), stored);
  if (full) throw new OutboxFullError(full);
  try {
    await setMany(
      stored.map((item) => [item.id, item]),
      store,
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === "QuotaExceededError") throw new OutboxFullError(noRoom());
    throw error;
  }
  changed();
  return stored;
}

async function update(id: string, change: Partial<OutboxItem>): Promise<OutboxItem | undefined> {
  const item = await get<OutboxItem>(id, store);
  if (!item) return undefined;
  const next = { ...item, ...change };
  await set(id, next, store);
  changed();
  return next;
}

/**
 * Deletes an item and what waits for it (a queued report's photos: they have nowhere to go). An
 * inspection takes its staged photos not yet sent with it; a staged photo is only dropped from its
 * inspection, which is then sent without it.
 */
export async function discard(id: string): Promise<void> {
  const item = await get<OutboxItem>(id, store);
  await del(id, store);
  if (item && item.status !== "sent") {
    for (const waiting of await dependentsOf(item)) await del(waiting.id, store);
    const all = await listOutbox(item.userId);
    for (const photo of all.filter((i) => item.needs?.includes(i.id) && i.status !== "sent")) await del(photo.id, store);
    for (const waiter of waitersOf(item, all))
      await set(waiter.id, { ...waiter, needs: waiter.needs?.filter((n) => n !== id), error: undefined }, store);
  }
  changed();
}

/** The items waiting for this one (its photos). */
async function dependentsOf(item: OutboxItem): Promise<OutboxItem[]> {
  return (await listOutbox(item.userId)).filter((i) => i.after === item.id && i.status !== "sent");
}

/**
 * A refused item with new input, sent again. A new key: the server stored nothing for a refusal,
 * but a new key makes sure the edited request is never compared with the old one.
 */
export async function editAndRetry(item: OutboxItem, input: unknown, label: string): Promise<void> {
  const id = crypto.randomUUID();
  const waiting = await dependentsOf(item);
  const next: OutboxItem = {
    ...item,
    id,
    input: input as never,
    label,
    status: "pending",
    attempts: 0,
    error: undefined,
    createdAt: Date.now(),
  };
  await set(id, next, store);
  await del(item.id, store);
  // Its photos now wait for the edited item.
  for (const photo of waiting) await set(photo.id, { ...photo, after: id }, store);
  changed();
}

export async function retry(id: string): Promise<void> {
  await update(id, { status: "pending", error: undefined, retryAt: undefined });
}

/** The server's message for a refusal (4xx), or undefined when the request did not get an answer. */
function refusalOf(error: unknown): { status: number; message: string } | undefined {
  if (error instanceof UploadRefused) return { status: error.status, message: error.message };
  if (!(error instanceof TRPCClientError) || isNetworkFailure(error)) return undefined;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { status, message: error.message };
  return undefined;
}

let running: Promise<OutboxItem[]> | undefined;
let again = false;

/**
 * Sends this user's pending items, oldest first, one at a time; stops at the first that gets no
 * answer (still offline). An item that waits for another (a photo for a report still queued) is
 * skipped until that one is sent, then goes to the record it created. Items queued during a run
 * are sent in the same run. Resolves with the items sent. One run at a time per page; another tab
 * sending the same item at once is harmless (same key).
 */
export function flushOutbox(userId: number, onSent?: (item: OutboxItem) => void): Promise<OutboxItem[]> {
  if (running) {
    // Items queued meanwhile are picked up before the run ends.
    again = true;
    return running;
  }
  running = (async () => {
    const sent: OutboxItem[] = [];
    const tried = new Set<string>();
    try {
      for (;;) {
        again = false;
        const all = await listOutbox(userId);
        const byId = new Map(all.map((i) => [i.id, i]));
        const next = all
          .filter((i) => (i.status === "pending" || i.status === "sending") && !tried.has(i.id) && !waitsForAnother(i, byId))
          .sort((a, b) => a.createdAt - b.createdAt)[0];
        if (!next) break;
        tried.add(next.id);
        const item = await update(next.id, { status: "sending", attempts: next.attempts + 1 });
        if (!item) continue;
        try {
          const result = (await sendItem(item, byId)) as { id?: number } | null;
          markReachable();
          const done = await update(item.id, {
            status: "sent",
            sentAt: Date.now(),
            error: undefined,
            retryAt: undefined,
            resultId: result?.id,
            ...sentInput(item, byId),
          });
          if (done) {
            sent.push(done);
            onSent?.(done);
            // Its photos now know their record, even if this item is removed from the list.
            if (done.resultId !== undefined)
              for (const photo of await dependentsOf(done)) await update(photo.id, { input: withRecordId(photo, done.resultId) });
          }
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal) {
            await update(item.id, { status: "failed", error: refusal.message, retryAt: undefined });
            // The inspection that needs this photo stays, waiting, and says why.
            for (const waiter of waitersOf(item, await listOutbox(userId)))
              await update(waiter.id, { error: photoRefused(refusal.message) });
            continue;
          }
          const offline = isNetworkFailure(error);
          if (offline) markUnreachable();
          const message = error instanceof Error ? error.message : String(error);
          if (item.path === PHOTO_UPLOAD) {
            // A photo says why it waits ("You are offline ...") and when it tries again.
            await update(item.id, { status: "pending", error: message, retryAt: Date.now() + photoRetryDelay(item.attempts) });
          } else {
            await update(item.id, { status: "pending", error: offline ? undefined : message });
          }
          break;
        }
        if (!again && tried.size > 1000) break;
      }
      await pruneSent(userId);
    } finally {
      running = undefined;
    }
    return sent;
  })();
  return running;
}

const PHOTO_REFUSED = "A photo of this inspection was refused: {{message}} Retry or discard the photo; the inspection waits here.";
/** Shown on an inspection whose staged photo was refused (outbox namespace, photoRefused). */
const photoRefused = (message: string) =>
  i18n.t("outbox:photoRefused", { message, defaultValue: PHOTO_REFUSED, interpolation: { escapeValue: false } });

function sendItem(item: OutboxItem, byId: Map<string, OutboxItem>): Promise<unknown> {
  if (item.path === PHOTO_UPLOAD) return uploadPhoto(item.id, resolvePhotoRecord(item as OutboxItem<typeof PHOTO_UPLOAD>, byId));
  return sendOnce(item.path, inputWithNeeds(item, byId) as never, item.id);
}

/** A sent photo keeps its record and name but not its bytes: the server has them now. */
function sentInput(item: OutboxItem, byId: Map<string, OutboxItem>): Partial<OutboxItem> {
  if (item.path !== PHOTO_UPLOAD) return {};
  const input = resolvePhotoRecord(item as OutboxItem<typeof PHOTO_UPLOAD>, byId);
  return { input: { ...input, blob: null } };
}

async function pruneSent(userId: number) {
  const old = (await listOutbox(userId)).filter((i) => i.status === "sent" && Date.now() - (i.sentAt ?? 0) > KEEP_SENT_MS);
  for (const item of old) await del(item.id, store);
  if (old.length) changed();
}

/** Items that are edited by filling in their form again, never field by field: a photo, a signature. */
export function editableInOutbox(path: OutboxPath): boolean {
  return path !== PHOTO_UPLOAD && path !== "signOn.sign";
}

/** Where a sent item's record is shown. */
export function recordLink(item: OutboxItem): string | undefined {
  if (item.resultId === undefined) return undefined;
  switch (item.path) {
    case "jha.create":
      return `/forms/jha/${item.resultId}`;
    case "incidents.create":
      return `/forms/incident-reports/${item.resultId}`;
    case "permits.create":
      return `/forms/hot-work-permits/${item.resultId}`;
    case "inspections.create":
      return `/inspections/${item.resultId}`;
    case "signOn.sign": {
      const { kind, id } = item.input as OutboxInput<"signOn.sign">;
      return kind === "jha" ? `/forms/jha/${id}` : kind === "talk" ? `/talks/${id}` : `/forms/hot-work-permits/${id}`;
    }
    case PHOTO_UPLOAD: {
      const { record } = item.input as PhotoUploadInput;
      if (record.id === null || record.kind === "inspectionItem") return undefined;
      return record.kind === "incident"
        ? `/forms/incident-reports/${record.id}`
        : record.kind === "jha"
          ? `/forms/jha/${record.id}`
          : record.kind === "correctiveAction"
            ? `/actions/${record.id}`
            : `/talks/${record.id}`;
    }
    default:
      return undefined;
  }
}

/** What an item is, in the UI's language (outbox namespace, labels.kind). */
export function kindLabel(path: OutboxPath): string {
  return i18n.t(`outbox:labels.kind.${path.replace(".", "_")}`, { defaultValue: KIND_LABEL[path] });
}

/** The English names (the outbox namespace's labels.kind). */
const KIND_LABEL: Record<OutboxPath, string> = {
  "jha.create": "JHA form",
  "jha.addComment": "JHA comment",
  "incidents.create": "Incident report",
  "permits.create": "Hot work permit request",
  "comments.create": "Safety message",
  "training.createProgress": "Training progress",
  "videos.createProgress": "Video progress",
  "signOn.sign": "Crew signature",
  "inspections.create": "Inspection",
  [PHOTO_UPLOAD]: "Photo",
};
