import { PHOTO_LONG_EDGE_PX, PHOTO_MAX_BYTES, PHOTO_TARGET_BYTES } from "@sitesafe/domain";

export interface ShrunkPhoto {
  blob: Blob;
  fileName: string;
  /** False when the photo is sent as it was (kept location, or a format this browser cannot draw). */
  shrunk: boolean;
}

/**
 * Makes a phone photo fit a weak signal before upload: long edge at most 2048 px, JPEG of about
 * 1 MB. Drawing it on a canvas also drops all metadata, the EXIF location included. A photo whose
 * location the user keeps is sent as taken when it is within the server's 10 MB; a photo this
 * browser cannot decode (HEIC outside Safari) is sent as it is, and the server handles it.
 */
export async function shrinkPhoto(file: File, keepLocation: boolean): Promise<ShrunkPhoto> {
  if (keepLocation && file.size <= PHOTO_MAX_BYTES) return { blob: file, fileName: file.name, shrunk: false };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return { blob: file, fileName: file.name, shrunk: false };
  }
  try {
    const scale = Math.min(1, PHOTO_LONG_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return { blob: file, fileName: file.name, shrunk: false };
    // JPEG has no transparency: a PNG's clear areas become white, not black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    let blob: Blob | null = null;
    for (const quality of [0.85, 0.75, 0.65, 0.55]) {
      blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
      if (!blob || blob.size <= PHOTO_TARGET_BYTES) break;
    }
    if (!blob) return { blob: file, fileName: file.name, shrunk: false };
    return { blob, fileName: `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`, shrunk: true };
  } finally {
    bitmap.close();
  }
}
