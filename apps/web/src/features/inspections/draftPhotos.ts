import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from "@sitesafe/domain";
import { createStore, del, delMany, get, set } from "idb-keyval";
import { useEffect, useState } from "react";
import { localizeMessage } from "../../lib/i18n";
import { shrinkPhoto } from "../photos/shrinkPhoto";

/**
 * The photos of an inspection still being walked (docs/decisions/0124-staged-inspection-photos.md):
 * kept in IndexedDB beside the draft's answers (the draft, in localStorage, names them by id), so a
 * reload or a closed tab loses none. Made smaller and stripped of their location first, as every
 * photo the app sends (shrinkPhoto.ts). At submit they move into the Outbox as staged photos.
 */
const store = createStore("sitesafe-inspection-draft", "photos");

export interface DraftPhotoRef {
  id: string;
  fileName: string;
}

interface DraftPhoto extends DraftPhotoRef {
  userId: number;
  blob: Blob;
}

/** Keeps a photo for the draft; throws with the message to show when it cannot be kept. */
export async function keepDraftPhoto(userId: number, file: File): Promise<DraftPhotoRef> {
  const shrunk = await shrinkPhoto(file, false);
  if (shrunk.blob.size > PHOTO_MAX_BYTES) throw new Error(localizeMessage(PHOTO_TOO_LARGE));
  const photo: DraftPhoto = { id: crypto.randomUUID(), userId, fileName: shrunk.fileName, blob: shrunk.blob };
  await set(photo.id, photo, store);
  return { id: photo.id, fileName: photo.fileName };
}

/** A draft photo's bytes, or undefined when it is gone (another tab submitted the draft). */
export async function draftPhotoBlob(id: string): Promise<Blob | undefined> {
  return (await get<DraftPhoto>(id, store))?.blob;
}

export function dropDraftPhoto(id: string): Promise<void> {
  return del(id, store);
}

export function dropDraftPhotos(ids: readonly string[]): Promise<void> {
  return delMany([...ids], store);
}

/** An object URL of a draft photo for its thumbnail, revoked when the component lets go of it. */
export function useDraftPhotoUrl(id: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    void draftPhotoBlob(id).then((blob) => {
      if (!live || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  return url;
}
