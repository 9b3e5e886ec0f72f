import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, type PhotoRecordKind } from "@sitesafe/domain";
import { localizeMessage } from "../../lib/i18n";
import { notifyError } from "../../lib/notify";
import { OutboxFullError, queueAll, requestFlush } from "../outbox/outbox";
import { type OutboxItem, PHOTO_UPLOAD } from "../outbox/outboxItem";
import { NOT_KEPT_TITLE } from "../outbox/useOutboxMutation";
import { shrinkPhoto } from "./shrinkPhoto";

/** Where photos go: a saved record, or the Outbox item that will create it. */
export type PhotoTarget = { kind: PhotoRecordKind; id: number } | { kind: PhotoRecordKind; after: string };

/**
 * Makes the photos smaller and keeps them in the Outbox (features/outbox/photoUpload.ts), then
 * asks for them to be sent. Resolves once they are stored on the device, so closing the tab after
 * that loses nothing. All are kept or, when the Outbox is full, none, and a toast says why.
 */
export async function queuePhotos(
  userId: number,
  target: PhotoTarget,
  files: readonly File[],
  keepLocation: boolean,
): Promise<OutboxItem[]> {
  if (files.length === 0) return [];
  const items: Omit<OutboxItem, "status" | "createdAt" | "attempts">[] = [];
  for (const file of files) {
    const shrunk = await shrinkPhoto(file, keepLocation);
    if (shrunk.blob.size > PHOTO_MAX_BYTES) {
      notifyError(NOT_KEPT_TITLE, localizeMessage(PHOTO_TOO_LARGE));
      continue;
    }
    const after = "after" in target ? target.after : undefined;
    items.push({
      id: crypto.randomUUID(),
      userId,
      path: PHOTO_UPLOAD,
      input: {
        record: { kind: target.kind, id: "id" in target ? target.id : null },
        fileName: shrunk.fileName,
        keepLocation,
        blob: shrunk.blob,
        bytes: shrunk.blob.size,
      },
      label: shrunk.fileName,
      ...(after ? { after } : { quiet: true }),
    });
  }
  try {
    const kept = await queueAll(items);
    requestFlush();
    return kept;
  } catch (error) {
    if (!(error instanceof OutboxFullError)) throw error;
    notifyError(NOT_KEPT_TITLE, error.message);
    return [];
  }
}
