import { PHOTO_MAX_BYTES, type PhotoRecordRef, type PhotoSummary } from "@sitesafe/domain";
import { i18n } from "../../lib/i18n";
import { shrinkPhoto } from "./shrinkPhoto";

/** The queue lives outside React: its messages are read in the UI's language when they happen. */
const text = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: "photos", ...options });

/**
 * Photo uploads of this tab, kept outside React so they go on after the form that started them
 * closes. One upload at a time (a phone on a weak signal does better with one than with five);
 * a failed attempt that may succeed later (no network, a timeout, the server busy or restarting)
 * is retried with growing pauses, and at once when the browser comes back online. A refusal
 * (not a photo, too large, no room, not allowed) is final and shows the server's message.
 */
export type UploadState = "preparing" | "waiting" | "uploading" | "retrying" | "done" | "failed";

export interface PhotoUpload {
  key: string;
  record: PhotoRecordRef;
  fileName: string;
  /** A local copy for the preview tile while the upload is on its way. */
  previewUrl: string;
  state: UploadState;
  /** 0..1 of the bytes sent. */
  progress: number;
  attempts: number;
  /** When the next attempt starts (state "retrying"). */
  retryAt: number | null;
  error: string | null;
  photo: PhotoSummary | null;
}

interface Entry extends PhotoUpload {
  file: File;
  keepLocation: boolean;
  body: { blob: Blob; fileName: string } | null;
}

const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;
const MAX_ATTEMPTS = 8;
/** An attempt that makes no progress for this long is abandoned and retried. */
const STALL_MS = 45_000;

const entries: Entry[] = [];
let snapshot: readonly PhotoUpload[] = [];
const listeners = new Set<() => void>();
let running = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

function publish() {
  snapshot = entries.map(({ file: _f, keepLocation: _k, body: _b, ...visible }) => ({ ...visible }));
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const uploadsSnapshot = (): readonly PhotoUpload[] => snapshot;

export const uploadUrl = (record: PhotoRecordRef) =>
  record.kind === "incident" ? `/api/incident-reports/${record.id}/photos` : `/api/jha-forms/${record.id}/photos`;

/** Queues photos for a record; they are shrunk, then sent one by one. */
export function enqueuePhotos(record: PhotoRecordRef, files: readonly File[], keepLocation: boolean): void {
  for (const file of files) {
    entries.push({
      key: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
      record,
      fileName: file.name,
      previewUrl: URL.createObjectURL(file),
      state: "preparing",
      progress: 0,
      attempts: 0,
      retryAt: null,
      error: null,
      photo: null,
      file,
      keepLocation,
      body: null,
    });
  }
  publish();
  void pump();
}

/** Tries a failed or waiting upload again now. */
export function retryUpload(key: string): void {
  const entry = entries.find((e) => e.key === key);
  if (!entry || (entry.state !== "failed" && entry.state !== "retrying")) return;
  entry.state = entry.body ? "waiting" : "preparing";
  entry.retryAt = null;
  entry.error = null;
  entry.attempts = 0;
  publish();
  void pump();
}

/** Forgets an upload that is finished, failed or not yet started. */
export function dismissUpload(key: string): void {
  const index = entries.findIndex((e) => e.key === key);
  const entry = entries[index];
  if (!entry || entry.state === "uploading") return;
  URL.revokeObjectURL(entry.previewUrl);
  entries.splice(index, 1);
  publish();
}

class Refused extends Error {}

async function pump(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const now = Date.now();
      const next = entries.find((e) => e.state === "preparing" || e.state === "waiting" || (e.state === "retrying" && (e.retryAt ?? 0) <= now));
      if (!next) break;
      await attempt(next);
    }
  } finally {
    running = false;
  }
  scheduleRetry();
}

function scheduleRetry() {
  clearTimeout(retryTimer);
  const due = entries.filter((e) => e.state === "retrying").map((e) => e.retryAt ?? 0);
  if (due.length === 0) return;
  retryTimer = setTimeout(() => void pump(), Math.max(0, Math.min(...due) - Date.now()));
}

async function attempt(entry: Entry): Promise<void> {
  try {
    if (!entry.body) {
      entry.state = "preparing";
      publish();
      const shrunk = await shrinkPhoto(entry.file, entry.keepLocation);
      if (shrunk.blob.size > PHOTO_MAX_BYTES) throw new Refused(text("queue.tooLarge"));
      entry.body = { blob: shrunk.blob, fileName: shrunk.fileName };
    }
    entry.state = "uploading";
    entry.progress = 0;
    entry.attempts += 1;
    publish();
    entry.photo = await send(entry, entry.body);
    entry.state = "done";
    entry.progress = 1;
    entry.error = null;
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : text("queue.failed");
    if (error instanceof Refused || entry.attempts >= MAX_ATTEMPTS) {
      entry.state = "failed";
      entry.error = message;
    } else {
      entry.state = "retrying";
      entry.error = message;
      entry.retryAt = Date.now() + Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (entry.attempts - 1)) * (0.75 + Math.random() * 0.5);
    }
  }
  publish();
}

/** One attempt, with XMLHttpRequest: fetch cannot report upload progress. */
function send(entry: Entry, body: { blob: Blob; fileName: string }): Promise<PhotoSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall = setTimeout(() => xhr.abort(), STALL_MS);
    const alive = () => {
      clearTimeout(stall);
      stall = setTimeout(() => xhr.abort(), STALL_MS);
    };
    xhr.open("POST", uploadUrl(entry.record));
    xhr.responseType = "json";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      alive();
      if (event.lengthComputable) {
        entry.progress = event.loaded / event.total;
        publish();
      }
    };
    xhr.onload = () => {
      clearTimeout(stall);
      const data = xhr.response as { message?: string } | null;
      if (xhr.status === 201) return resolve(data as unknown as PhotoSummary);
      const message = data?.message ?? text("queue.serverAnswered", { status: xhr.status });
      // Worth another try: a timeout, too many requests, the server busy or restarting.
      const transient = xhr.status === 408 || xhr.status === 429 || xhr.status >= 500;
      reject(transient ? new Error(message) : new Refused(message));
    };
    xhr.onerror = () => {
      clearTimeout(stall);
      reject(new Error(navigator.onLine ? text("queue.dropped") : text("queue.offline")));
    };
    xhr.onabort = () => reject(new Error(text("queue.stalled")));
    const form = new FormData();
    form.append("keepLocation", entry.keepLocation ? "true" : "false");
    form.append("file", body.blob, body.fileName);
    xhr.send(form);
  });
}

if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    for (const entry of entries) if (entry.state === "retrying") entry.retryAt = Date.now();
    void pump();
  });
}

