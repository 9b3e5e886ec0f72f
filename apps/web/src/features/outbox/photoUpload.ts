import { type PhotoRecordKind, type PhotoSummary, photoLimit, photoLimitMessage } from "@sitesafe/domain";
import { i18n, languageHeaders, localizeMessage } from "../../lib/i18n";
import type { OutboxItem, PhotoUploadInput } from "./outboxItem";

/**
 * Photos in the Outbox (docs/decisions/0111-offline-outbox-and-idempotency.md): a photo is kept in
 * IndexedDB, already made smaller, as an Outbox item whose id is its Idempotency-Key, and sent as
 * multipart to the record's REST upload with real progress. A photo for a report that is itself
 * still queued names that item in `after` and goes to the id it creates.
 */

/** Items not yet sent that one device keeps, and the bytes of the photos among them. */
export const OUTBOX_MAX_ITEMS = 500;
const OUTBOX_MAX_PHOTO_BYTES = 200 * 1024 * 1024;
export const OUTBOX_FULL = `The Outbox is full (${OUTBOX_MAX_ITEMS} items). Send or discard some, then try again.`;
export const OUTBOX_PHOTOS_FULL = `Photos waiting in the Outbox already take ${OUTBOX_MAX_PHOTO_BYTES / 1024 / 1024} MB. Let them upload or discard some, then try again.`;
export const PHOTO_RECORD_GONE = "The report this photo belongs to was discarded.";

// Outside React: the messages are read in the UI's language when they happen (the English above
// is what they say before the app's texts have loaded, and what the tests compare with).
const outboxFull = () => i18n.t("outbox:limits.full", { max: OUTBOX_MAX_ITEMS, defaultValue: OUTBOX_FULL });
const photosFull = () =>
  i18n.t("outbox:limits.photosFull", { size: OUTBOX_MAX_PHOTO_BYTES / 1024 / 1024, defaultValue: OUTBOX_PHOTOS_FULL });
const recordGone = () => i18n.t("photos:queue.recordGone", { defaultValue: PHOTO_RECORD_GONE });

const isPhoto = (item: OutboxItem): item is OutboxItem<"photos.upload"> => item.path === "photos.upload";
const photoBytes = (items: OutboxItem[]) => items.filter(isPhoto).reduce((n, i) => n + (i.input.blob ? i.input.bytes : 0), 0);
/** The record a photo goes to: its id, or the queued item that will create it. */
const targetOf = (item: OutboxItem<"photos.upload">) =>
  // A staged photo counts against its item's limit on the run page (INSPECTION_ITEM_PHOTOS), not here.
  item.input.staged
    ? `staged:${item.id}`
    : item.input.record.id !== null
      ? `${item.input.record.kind}:${item.input.record.id}`
      : `after:${item.after}`;

/**
 * Whether `adding` fits beside what this user's Outbox holds: the message to show when it does
 * not (the Outbox is full, the photos' bytes are at the cap, or a record would pass 10 photos).
 */
export function roomFor(existing: OutboxItem[], adding: OutboxItem[]): string | null {
  const open = existing.filter((i) => i.status !== "sent");
  if (open.length + adding.length > OUTBOX_MAX_ITEMS) return outboxFull();
  const photos = adding.filter(isPhoto);
  if (photos.length === 0) return null;
  if (photoBytes(open) + photoBytes(photos) > OUTBOX_MAX_PHOTO_BYTES) return photosFull();
  const perRecord = new Map<string, number>();
  for (const photo of [...open.filter(isPhoto), ...photos]) perRecord.set(targetOf(photo), (perRecord.get(targetOf(photo)) ?? 0) + 1);
  for (const photo of photos) {
    const kind = photo.input.record.kind;
    if ((perRecord.get(targetOf(photo)) ?? 0) > photoLimit(kind)) return localizeMessage(photoLimitMessage(kind));
  }
  return null;
}

/** The photo's input with its record's id filled in once the record exists. */
export function withRecordId(item: OutboxItem, id: number): PhotoUploadInput {
  const input = item.input as PhotoUploadInput;
  return { ...input, record: { ...input.record, id } };
}

/** The photo's input with the record it goes to: its own, or the one its report's item created. */
export function resolvePhotoRecord(item: OutboxItem<"photos.upload">, byId: Map<string, OutboxItem>): PhotoUploadInput {
  if (item.input.record.id !== null || item.input.staged) return item.input;
  const first = item.after ? byId.get(item.after) : undefined;
  if (first?.status === "sent" && first.resultId !== undefined) return withRecordId(item, first.resultId);
  throw new UploadRefused(409, recordGone());
}

/** Pauses between a photo's tries: 2 s, 4 s, 8 s ... up to a minute, a little spread out. */
export function photoRetryDelay(attempts: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1)) * (0.75 + Math.random() * 0.5);
}

/** The server's refusal of an upload (not a photo, too large, no room, not allowed): final until the user acts. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const progress = new Map<string, number>();
const listeners = new Set<() => void>();
let progressVersion = 0;
const publish = () => {
  progressVersion++;
  for (const listener of listeners) listener();
};
export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
export const progressSnapshot = () => progressVersion;
/** 0..1 of the bytes of the upload under way for this item (kept in memory only). */
export const progressOf = (id: string) => progress.get(id) ?? 0;

/** An attempt that makes no progress for this long is abandoned and tried again later. */
const STALL_MS = 45_000;

const UPLOAD_PATH: Record<PhotoRecordKind, string> = {
  incident: "incident-reports",
  jha: "jha-forms",
  talk: "toolbox-talks",
  credential: "credentials",
  correctiveAction: "corrective-actions",
  // Never used: an inspection item's photos are always staged (uploadUrl).
  inspectionItem: "inspection-photos",
};
/** A record's upload, or the staged inspection photos' route (attached when their inspection is sent). */
const uploadUrl = (input: PhotoUploadInput) =>
  input.staged ? "/api/inspection-photos" : `/api/${UPLOAD_PATH[input.record.kind]}/${input.record.id}/photos`;

/**
 * One attempt, with XMLHttpRequest (fetch cannot report upload progress) and the item's id as
 * Idempotency-Key: a repeat of an upload whose answer was lost returns the same photo. Rejects
 * with a TypeError when the request got no answer (offline), an UploadRefused for a refusal, or
 * an Error for what is worth another try (a timeout, too many requests, the server busy).
 */
export function uploadPhoto(key: string, input: PhotoUploadInput): Promise<PhotoSummary> {
  return new Promise((resolve, reject) => {
    const { record, blob } = input;
    if ((record.id === null && !input.staged) || !blob) return reject(new UploadRefused(409, recordGone()));
    const xhr = new XMLHttpRequest();
    const done = () => {
      clearTimeout(stall);
      progress.delete(key);
      publish();
    };
    let stall = setTimeout(() => xhr.abort(), STALL_MS);
    xhr.open("POST", uploadUrl(input));
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("Idempotency-Key", key);
    // The server answers (its refusals too) in the UI's language, as for every API call.
    for (const [name, value] of Object.entries(languageHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), STALL_MS);
      if (event.lengthComputable) {
        progress.set(key, event.loaded / event.total);
        publish();
      }
    };
    xhr.onload = () => {
      done();
      const data = xhr.response as { message?: string } | null;
      if (xhr.status === 201) return resolve(data as unknown as PhotoSummary);
      const message = data?.message ?? i18n.t("photos:queue.serverAnswered", { status: xhr.status });
      // Worth another try: a timeout, too many requests, the server busy or restarting.
      const transient = xhr.status === 408 || xhr.status === 429 || xhr.status >= 500;
      reject(transient ? new Error(message) : new UploadRefused(xhr.status, message));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError(navigator.onLine ? i18n.t("photos:queue.dropped") : i18n.t("photos:queue.offline")));
    };
    xhr.onabort = () => {
      done();
      reject(new Error(i18n.t("photos:queue.stalled")));
    };
    progress.set(key, 0);
    publish();
    const form = new FormData();
    form.append("keepLocation", input.keepLocation ? "true" : "false");
    form.append("file", blob, input.fileName);
    xhr.send(form);
  });
}
