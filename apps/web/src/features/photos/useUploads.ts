import type { PhotoRecordRef } from "@sitesafe/domain";
import { useMemo, useSyncExternalStore } from "react";
import { type OutboxItem, PHOTO_UPLOAD, type PhotoUploadInput } from "../outbox/outboxItem";
import { progressOf, progressSnapshot, subscribeProgress } from "../outbox/photoUpload";
import { useOutboxItems } from "../outbox/useOutbox";

/**
 * A photo in the Outbox as its tile shows it. "waiting": not tried yet, or its report is itself
 * still queued; "retrying": the last try failed and it tries again at `retryAt`; "done": sent.
 */
type UploadState = "waiting" | "uploading" | "retrying" | "done" | "failed";

export interface PhotoUpload {
  key: string;
  record: PhotoUploadInput["record"];
  fileName: string;
  /** A local copy for the preview tile while the upload is on its way (none once sent). */
  previewUrl: string | null;
  state: UploadState;
  /** 0..1 of the bytes sent. */
  progress: number;
  retryAt: number | null;
  error: string | null;
  /** The server's photo id once sent. */
  photoId: number | null;
  sentAt: number | null;
}

/** One object URL per stored photo, revoked when the photo leaves the Outbox or is sent. */
const previews = new Map<string, string>();
function previewOf(item: OutboxItem<typeof PHOTO_UPLOAD>): string | null {
  if (!item.input.blob) return null;
  let url = previews.get(item.id);
  if (!url) {
    url = URL.createObjectURL(item.input.blob);
    previews.set(item.id, url);
  }
  return url;
}
function forgetPreviews(keep: Set<string>) {
  for (const [id, url] of previews) {
    if (keep.has(id)) continue;
    URL.revokeObjectURL(url);
    previews.delete(id);
  }
}

function stateOf(item: OutboxItem, byId: Map<string, OutboxItem>): UploadState {
  switch (item.status) {
    case "sending":
      return "uploading";
    case "sent":
      return "done";
    case "failed":
      return "failed";
    default: {
      const first = item.after ? byId.get(item.after) : undefined;
      if (first && first.status !== "sent") return "waiting";
      return item.error ? "retrying" : "waiting";
    }
  }
}

/** This user's photos in the Outbox, or those of one record, kept current (progress included). */
export function useUploads(record?: PhotoRecordRef): readonly PhotoUpload[] {
  const items = useOutboxItems();
  const version = useSyncExternalStore(subscribeProgress, progressSnapshot, progressSnapshot);
  const kind = record?.kind;
  const id = record?.id;
  const uploads = useMemo(() => {
    const all = items ?? [];
    const byId = new Map(all.map((i) => [i.id, i]));
    const photos = all.filter((i): i is OutboxItem<typeof PHOTO_UPLOAD> => i.path === PHOTO_UPLOAD).reverse();
    forgetPreviews(new Set(photos.filter((p) => p.input.blob).map((p) => p.id)));
    return photos
      .filter((p) => !kind || (p.input.record.kind === kind && p.input.record.id === id))
      .map(
        (p): PhotoUpload => ({
          key: p.id,
          record: p.input.record,
          fileName: p.input.fileName,
          previewUrl: previewOf(p),
          state: stateOf(p, byId),
          progress: p.status === "sent" ? 1 : 0,
          retryAt: p.retryAt ?? null,
          error: p.error ?? null,
          photoId: p.status === "sent" ? (p.resultId ?? null) : null,
          sentAt: p.sentAt ?? null,
        }),
      );
  }, [items, kind, id]);
  // Progress changes many times a second: only the uploading tile's number moves.
  return useMemo(
    () => (version >= 0 ? uploads.map((u) => (u.state === "uploading" ? { ...u, progress: progressOf(u.key) } : u)) : uploads),
    [uploads, version],
  );
}
