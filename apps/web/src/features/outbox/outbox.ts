import type { AppRouter } from "@sitesafe/api/types";
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { createStore, del, get, set, values } from "idb-keyval";
import superjson from "superjson";
import type { RouterInputs, RouterOutputs } from "../../lib/trpc";
import { isNetworkFailure, markReachable, markUnreachable } from "../offline/network";
import { i18n, languageHeaders } from "../../lib/i18n";

/**
 * The outbox (docs/decisions/0111-offline-outbox-and-idempotency.md): a create that cannot reach
 * the server is kept in IndexedDB with the idempotency key it was (or will be) sent with, and sent
 * again until the server answers. The server keeps the first answer under that key for 24 hours,
 * so a send whose answer was lost creates nothing twice. A refusal stays here with the server's
 * message until the user edits and retries or discards it; nothing is dropped silently.
 */
export const OUTBOX_PROCEDURES = [
  "jha.create",
  "jha.addComment",
  "incidents.create",
  "permits.create",
  "comments.create",
  "training.createProgress",
  "videos.createProgress",
] as const;
export type OutboxPath = (typeof OUTBOX_PROCEDURES)[number];

type Split<P extends string> = P extends `${infer A}.${infer B}` ? [A, B] : never;
type Area<P extends OutboxPath> = Split<P>[0] & keyof RouterInputs;
type Proc<P extends OutboxPath> = Split<P>[1] & keyof RouterInputs[Area<P>] & keyof RouterOutputs[Area<P>];
export type OutboxInput<P extends OutboxPath> = RouterInputs[Area<P>][Proc<P>];
export type OutboxOutput<P extends OutboxPath> = RouterOutputs[Area<P>][Proc<P>];

export type OutboxStatus = "pending" | "sending" | "sent" | "failed";

export interface OutboxItem<P extends OutboxPath = OutboxPath> {
  /** Also the Idempotency-Key it is sent with. */
  id: string;
  /** Only the user who queued it sees and sends it. */
  userId: number;
  path: P;
  input: OutboxInput<P>;
  /** What the user sees: "Trench excavation". */
  label: string;
  status: OutboxStatus;
  createdAt: number;
  attempts: number;
  /** The server's message for a refusal, or why the last try failed. */
  error?: string;
  sentAt?: number;
  /** The id of what was created, for a link. */
  resultId?: number;
}

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
export function sendOnce<P extends OutboxPath>(path: P, input: OutboxInput<P>, key: string): Promise<OutboxOutput<P>> {
  const [area, proc] = path.split(".") as [string, string];
  const procedures = client as unknown as Record<string, Record<string, { mutate(input: unknown, opts: unknown): Promise<unknown> }>>;
  const procedure = procedures[area]?.[proc];
  if (!procedure) throw new Error(`Unknown outbox procedure ${path}`);
  return procedure.mutate(input, { context: { idempotencyKey: key } }) as Promise<OutboxOutput<P>>;
}

export async function listOutbox(userId: number): Promise<OutboxItem[]> {
  const all = await values<OutboxItem>(store).catch(() => [] as OutboxItem[]);
  return all.filter((item) => item.userId === userId).sort((a, b) => b.createdAt - a.createdAt);
}

export async function queue<P extends OutboxPath>(item: Omit<OutboxItem<P>, "status" | "createdAt" | "attempts">): Promise<OutboxItem<P>> {
  const stored: OutboxItem<P> = { ...item, status: "pending", createdAt: Date.now(), attempts: 0 };
  await set(item.id, stored, store);
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

export async function discard(id: string): Promise<void> {
  await del(id, store);
  changed();
}

/**
 * A refused item with new input, sent again. A new key: the server stored nothing for a refusal,
 * but a new key makes sure the edited request is never compared with the old one.
 */
export async function editAndRetry(item: OutboxItem, input: unknown, label: string): Promise<void> {
  await del(item.id, store);
  await queue({ id: crypto.randomUUID(), userId: item.userId, path: item.path, input: input as never, label });
}

export async function retry(id: string): Promise<void> {
  await update(id, { status: "pending", error: undefined });
}

/** The server's message for a refusal (4xx), or undefined when the request did not get an answer. */
export function refusalOf(error: unknown): { status: number; message: string } | undefined {
  if (!(error instanceof TRPCClientError) || isNetworkFailure(error)) return undefined;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { status, message: error.message };
  return undefined;
}

let running: Promise<number> | undefined;

/**
 * Sends this user's pending items, oldest first, one at a time; stops at the first that gets no
 * answer (still offline). Returns how many were sent. One run at a time per page; another tab
 * sending the same item at once is harmless (same key).
 */
export function flushOutbox(userId: number, onSent?: (item: OutboxItem) => void): Promise<number> {
  running ??= (async () => {
    let sent = 0;
    try {
      const items = (await listOutbox(userId)).filter((i) => i.status === "pending" || i.status === "sending").reverse();
      for (const item of items) {
        await update(item.id, { status: "sending", attempts: item.attempts + 1 });
        try {
          const result = (await sendOnce(item.path, item.input, item.id)) as { id?: number } | null;
          markReachable();
          const done = await update(item.id, { status: "sent", sentAt: Date.now(), error: undefined, resultId: result?.id });
          sent++;
          if (done) onSent?.(done);
        } catch (error) {
          const refusal = refusalOf(error);
          if (refusal) {
            await update(item.id, { status: "failed", error: refusal.message });
            continue;
          }
          const offline = isNetworkFailure(error);
          if (offline) markUnreachable();
          await update(item.id, { status: "pending", error: offline ? undefined : error instanceof Error ? error.message : String(error) });
          break;
        }
      }
      await pruneSent(userId);
    } finally {
      running = undefined;
    }
    return sent;
  })();
  return running;
}

async function pruneSent(userId: number) {
  const old = (await listOutbox(userId)).filter((i) => i.status === "sent" && Date.now() - (i.sentAt ?? 0) > KEEP_SENT_MS);
  for (const item of old) await del(item.id, store);
  if (old.length) changed();
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
    default:
      return undefined;
  }
}

/** What an item is, in the UI's language (outbox namespace, labels.kind). */
export function kindLabel(path: OutboxPath): string {
  return i18n.t(`outbox:labels.kind.${path.replace(".", "_")}`, { defaultValue: KIND_LABEL[path] });
}

/** The English names (the outbox namespace's labels.kind). */
export const KIND_LABEL: Record<OutboxPath, string> = {
  "jha.create": "JHA form",
  "jha.addComment": "JHA comment",
  "incidents.create": "Incident report",
  "permits.create": "Hot work permit request",
  "comments.create": "Safety message",
  "training.createProgress": "Training progress",
  "videos.createProgress": "Video progress",
};
