import { audit, type Database, photos } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  canAttachPhoto,
  canDeletePhoto,
  canSeePhotoRecord,
  forbidden,
  notFound,
  PHOTO_MAX_BYTES,
  PHOTO_THUMBNAIL_PX,
  PHOTO_TOO_LARGE,
  PHOTO_TYPE_NOT_ACCEPTED,
  PHOTO_UNREADABLE,
  type PhotoRecordFacts,
  type PhotoRecordRef,
  type PhotoType,
  photoLimit,
  photoLimitMessage,
  STAGED_PHOTO_LIMIT_REACHED,
  STAGED_PHOTO_MAX_AGE_HOURS,
  STAGED_PHOTOS_PER_USER,
} from "@sitesafe/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import sharp, { type Metadata } from "sharp";
import { ByteBudget } from "../byteBudget.js";
import { stripHeifMetadata } from "./heifMetadata.js";
import { stripPhotoMetadata } from "./photoMetadata.js";

/**
 * Photos on incident reports and JHA forms, and a toolbox talk's one group photo
 * (docs/decisions/0108-photos.md): who may see, add and delete them, what the server does to the
 * bytes, and the limit per record (10, a talk 1). The REST adapter reads the upload
 * (rest/photos.ts); the bytes arrive here already capped at 10 MB.
 */

export const NOT_YOUR_RECORD = "You can only add photos to records you may edit";
export const NOT_YOUR_PHOTO = "You can only delete photos you added to a record you may edit";
export const NO_PREVIEW = "This photo has no preview";
const NOT_YOUR_PROJECT = "You can only access records of projects you're assigned to";
/** Larger images are refused before decoding: a small file can hold a huge, memory-hungry image. */
const PHOTO_MAX_PIXELS = 50_000_000;
const PHOTO_TOO_MANY_PIXELS = "The photo has more than 50 megapixels. Please choose a smaller photo.";
/** A 503 when an upload (rest/photos.ts) or a decode waited too long for its turn. */
export const PHOTOS_BUSY = "The server is busy with other photo uploads. Please try again shortly.";

// libvips keeps no decoded images between requests, and one image is worked on at a time per
// call: memory stays predictable on a small machine (the upload budget in rest/photos.ts bounds
// how many uploads are held at once, the decode budget below how many are decoded).
sharp.cache(false);
sharp.concurrency(1);

/**
 * Decoding is admitted by pixels, not by the size of the file: a 400 KB PNG can hold 7000 x 7000
 * pixels at 16 bits per channel, 294 MB once decoded. Each decode takes its cost (`decodeCost`)
 * from one budget per process before sharp starts; the others wait their turn. The budget is
 * 128 MiB, and every decode takes at least half of it, so at most two run at once: two of the
 * libuv pool's four threads stay free for what else needs them (password hashing at login, file
 * reads). A photo whose decode alone would cost more than the whole budget is refused before any
 * decoding (413). Measured, resident memory per decode: an interlaced 16-bit PNG or a progressive
 * JPEG holds its whole cost (+330 MB for 7000 x 7000 x 3 x 2 bytes, +284 MB for a progressive 4:4:4
 * JPEG of 49 megapixels); a plain PNG about a quarter; a baseline JPEG, shrunk by 8 while it is
 * decoded for the thumbnail, a sixty-fourth (+5 MB for 48 megapixels).
 */
export const PHOTO_DECODE_BUDGET = 128 * 1024 * 1024;
const decodeBudget = new ByteBudget(PHOTO_DECODE_BUDGET);
const DECODE_WAIT_MS = 60_000;
export const PHOTO_TOO_COSTLY =
  "The photo has too many pixels for its colour depth to be processed. Please save it as a JPEG or choose a smaller photo.";

/** Bytes per sample of each libvips band format (sharp's `metadata().depth`). */
const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  double: 8,
  complex: 8,
  dpcomplex: 16,
};

/**
 * What decoding an image for its thumbnail may hold, from its header: width x height x channels x
 * bytes per sample. A progressive JPEG keeps every DCT coefficient (2 bytes a sample) until its
 * last scan; a baseline JPEG is decoded at an eighth of its width and height (libjpeg's scaling,
 * which sharp uses when the thumbnail is that much smaller).
 */
export function decodeCost(meta: Metadata): number {
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const channels = meta.channels ?? 4;
  const sample = SAMPLE_BYTES[meta.depth ?? ""] ?? 8;
  if (meta.format === "jpeg") {
    if (meta.isProgressive) return width * height * channels * Math.max(sample, 2);
    const shrink = Math.max(width, height) >= PHOTO_THUMBNAIL_PX * 8 ? 8 : 1;
    return Math.ceil(width / shrink) * Math.ceil(height / shrink) * channels * sample;
  }
  return width * height * channels * sample;
}

const recordName = (record: PhotoRecordRef) =>
  record.kind === "incident"
    ? "Incident report"
    : record.kind === "jha"
      ? "JHA form"
      : record.kind === "talk"
        ? "Toolbox talk"
        : record.kind === "correctiveAction"
          ? "Corrective action"
          : record.kind === "inspectionItem"
            ? "Inspection answer"
            : "Credential";

/** The record, if the actor may see it: 404 when it does not exist, 403 for another project's record. */
async function visibleRecord(db: Kysely<Database>, actor: Actor, record: PhotoRecordRef): Promise<PhotoRecordFacts> {
  const facts = await photos.recordFacts(db, record);
  if (!facts) throw notFound(recordName(record));
  if (!canSeePhotoRecord(actor, facts)) throw forbidden(NOT_YOUR_PROJECT);
  return facts;
}

/**
 * Refuses an upload before its bytes are read: no such record, not the actor's to edit, or full.
 * The limit is checked again under a lock when the photo is stored.
 */
export async function assertMayAttach(
  db: Kysely<Database>,
  actor: Actor,
  record: PhotoRecordRef,
  options: { retry?: boolean } = {},
): Promise<void> {
  const facts = await visibleRecord(db, actor, record);
  if (!canAttachPhoto(actor, facts)) throw forbidden(NOT_YOUR_RECORD);
  // A retry of a stored upload (answeredBefore in idempotency.ts) gets its first answer even when
  // that photo was the tenth; a new upload to a full record is still refused when it is stored.
  if (options.retry) return;
  if ((await photos.countPhotos(db, record)) >= photoLimit(record.kind)) throw new AppError("CONFLICT", photoLimitMessage(record.kind));
}

export interface PhotoUpload {
  fileName: string;
  data: Uint8Array;
  /** Keep the EXIF location (and other metadata) as sent; otherwise it is removed. */
  keepLocation: boolean;
}

export async function addPhoto(db: Kysely<Database>, actor: Actor, record: PhotoRecordRef, upload: PhotoUpload) {
  await assertMayAttach(db, actor, record);
  // An inspection item's photos are staged and attached by the inspection's create, never added here (canAttachPhoto).
  const kind = record.kind;
  if (kind === "inspectionItem") throw forbidden(NOT_YOUR_RECORD);
  const prepared = await preparePhoto(upload.data, upload.keepLocation);
  const id = await db.transaction().execute(async (trx) => {
    // Concurrent uploads to one record queue on its row, so the count cannot pass 10.
    const facts = await photos.recordFacts(trx, record, true);
    if (!facts) throw notFound(recordName(record));
    if ((await photos.countPhotos(trx, record)) >= photoLimit(record.kind)) throw new AppError("CONFLICT", photoLimitMessage(record.kind));
    const id = await photos.insertPhoto(trx, {
      record,
      uploadedBy: actor.userId,
      fileName: cleanFileName(upload.fileName, prepared.contentType),
      locationKept: upload.keepLocation,
      ...prepared,
    });
    await audit.recordAudit(trx, {
      actor,
      entity: kind,
      entityId: record.id,
      action: "photo_added",
      details: { photoId: id, byteSize: prepared.data.byteLength, contentType: prepared.contentType },
    });
    return id;
  });
  const photo = await photos.findPhoto(db, id);
  if (!photo) throw notFound("Photo");
  const { record: _facts, thumbnailSize: _t, ...summary } = photo;
  return summary;
}

/**
 * A staged inspection photo (docs/decisions/0124-staged-inspection-photos.md): the role may record
 * inspections (checked by the procedure), and the uploader holds fewer than STAGED_PHOTOS_PER_USER
 * unattached. Checked before the body is read, and again under a lock when the photo is stored.
 */
export async function assertMayStage(db: Kysely<Database>, actor: Actor, options: { retry?: boolean } = {}): Promise<void> {
  if (options.retry) return;
  if ((await photos.countStaged(db, actor.userId)) >= STAGED_PHOTOS_PER_USER) throw new AppError("CONFLICT", STAGED_PHOTO_LIMIT_REACHED);
}

/** Stores a staged photo: the same bytes pipeline as every photo, attached to nothing, its uploader's only. */
export async function stagePhoto(db: Kysely<Database>, actor: Actor, upload: PhotoUpload) {
  await assertMayStage(db, actor);
  const prepared = await preparePhoto(upload.data, upload.keepLocation);
  const id = await db.transaction().execute(async (trx) => {
    // Concurrent uploads of one user queue on their user row, so the count cannot pass the cap.
    await trx.selectFrom("users").select("id").where("id", "=", actor.userId).forNoKeyUpdate().execute();
    if ((await photos.countStaged(trx, actor.userId)) >= STAGED_PHOTOS_PER_USER) throw new AppError("CONFLICT", STAGED_PHOTO_LIMIT_REACHED);
    return photos.insertPhoto(trx, {
      record: null,
      uploadedBy: actor.userId,
      fileName: cleanFileName(upload.fileName, prepared.contentType),
      locationKept: upload.keepLocation,
      ...prepared,
    });
  });
  const photo = await photos.findPhoto(db, id);
  if (!photo) throw notFound("Photo");
  const { record: _facts, thumbnailSize: _t, ...summary } = photo;
  return summary;
}

/** Staged photos are deleted this many at a time: each may hold 10 MB, so a batch stays a short transaction. */
const STAGED_PRUNE_BATCH = 100;

/**
 * Deletes the staged photos older than STAGED_PHOTO_MAX_AGE_HOURS at `now` (their inspection never
 * came), a batch at a time; answers how many. Run by the daily retention job (server.ts).
 */
export async function pruneStagedPhotos(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STAGED_PHOTO_MAX_AGE_HOURS * 3600_000);
  let deleted = 0;
  for (;;) {
    const n = await photos.deleteStagedBefore(db, before, STAGED_PRUNE_BATCH);
    deleted += n;
    if (n < STAGED_PRUNE_BATCH) return deleted;
  }
}

export async function recordPhotos(db: Kysely<Database>, actor: Actor, record: PhotoRecordRef) {
  await visibleRecord(db, actor, record);
  return photos.listPhotos(db, record);
}

/** A photo the actor may see: 404 when missing, 403 when its record is on another project. */
async function visiblePhoto(db: Kysely<Database>, actor: Actor, id: number) {
  const photo = await photos.findPhoto(db, id);
  if (!photo) throw notFound("Photo");
  if (!canSeePhotoRecord(actor, photo.record)) throw forbidden(NOT_YOUR_PROJECT);
  return photo;
}

/** The photo's facts and a reader of its bytes in chunks, so a large photo is never read whole. */
export async function photoFile(db: Kysely<Database>, actor: Actor, id: number) {
  const photo = await visiblePhoto(db, actor, id);
  return {
    id: photo.id,
    fileName: photo.fileName,
    contentType: photo.contentType,
    byteSize: photo.byteSize,
    read: (offset: number, length: number) => photos.photoChunk(db, id, offset, length),
  };
}

export async function photoThumbnail(db: Kysely<Database>, actor: Actor, id: number) {
  const row = await photos.photoThumbnail(db, id);
  if (!row) throw notFound("Photo");
  if (!canSeePhotoRecord(actor, row.record)) throw forbidden(NOT_YOUR_PROJECT);
  if (row.thumbnail === null) throw new AppError("NOT_FOUND", NO_PREVIEW);
  return { id, contentType: "image/jpeg" as const, data: row.thumbnail };
}

export async function removePhoto(db: Kysely<Database>, actor: Actor, id: number): Promise<void> {
  const photo = await visiblePhoto(db, actor, id);
  if (!canDeletePhoto(actor, photo.record, photo)) throw forbidden(NOT_YOUR_PHOTO);
  await db.transaction().execute(async (trx) => {
    if (!(await photos.deletePhoto(trx, id))) throw notFound("Photo");
    // A staged photo belongs to no record yet: nothing to write in a record's history.
    if (photo.recordId === null || photo.recordKind === "inspectionItem") return;
    await audit.recordAudit(trx, {
      actor,
      entity: photo.recordKind,
      entityId: photo.recordId,
      action: "photo_deleted",
      details: { photoId: id, fileName: photo.fileName },
    });
  });
}

export const photoStorage = (db: Kysely<Database>) => photos.photoStorage(db);

export interface PreparedPhoto {
  contentType: PhotoType;
  data: Uint8Array;
  width: number | null;
  height: number | null;
  thumbnail: Uint8Array | null;
}

/**
 * Checks what the bytes are (never the name or the declared type), removes the EXIF location
 * unless asked to keep it, and makes the thumbnail.
 *
 * JPEG, PNG and WebP lose all their metadata (EXIF, XMP, IPTC) without being re-encoded
 * (photoMetadata.ts): no loss of quality, and no decoded 12-megapixel image in memory, which
 * re-encoding with sharp cost (about 75 MB a photo, measured). A JPEG keeps its orientation.
 * HEIC: the libvips inside sharp's npm package cannot decode HEVC, so a HEIC photo is stored as
 * sent with its EXIF and XMP items blanked in place (heifMetadata.ts), and has no thumbnail
 * (docs/decisions/0108-photos.md).
 */
async function preparePhoto(data: Uint8Array, keepLocation: boolean): Promise<PreparedPhoto> {
  if (data.byteLength > PHOTO_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_LARGE);
  const detected = await fileTypeFromBuffer(data);
  const contentType = detected?.mime;
  if (contentType === "image/heic") {
    const stored = keepLocation ? data : stripHeifMetadata(Uint8Array.from(data));
    if (!stored) throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_UNREADABLE);
    return { contentType, data: stored, width: null, height: null, thumbnail: null };
  }
  if (contentType !== "image/jpeg" && contentType !== "image/png" && contentType !== "image/webp") {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_TYPE_NOT_ACCEPTED);
  }
  try {
    // The header only: no pixel is decoded before the decode is admitted.
    const meta = await sharp(data).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > PHOTO_MAX_PIXELS) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_MANY_PIXELS);
    const cost = decodeCost(meta);
    if (cost > PHOTO_DECODE_BUDGET) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_COSTLY);
    const sideways = (meta.orientation ?? 1) >= 5;
    const stored = keepLocation ? data : stripPhotoMetadata(data, contentType, meta.orientation);
    if (!stored) throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_UNREADABLE);
    const release = await decodeBudget.take(Math.max(cost, PHOTO_DECODE_BUDGET / 2), DECODE_WAIT_MS, PHOTOS_BUSY);
    let thumbnail: Buffer;
    try {
      // From the stored bytes: a photo that does not decode is refused, not kept without a preview.
      thumbnail = await sharp(stored, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error", sequentialRead: true })
        .rotate()
        .resize(PHOTO_THUMBNAIL_PX, PHOTO_THUMBNAIL_PX, { fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 72 })
        .toBuffer();
    } finally {
      release();
    }
    return {
      contentType,
      data: stored,
      width: (sideways ? meta.height : meta.width) ?? null,
      height: (sideways ? meta.width : meta.height) ?? null,
      thumbnail,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_MANY_PIXELS);
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", PHOTO_UNREADABLE);
  }
}

const EXTENSION: Record<PhotoType, string> = { "image/jpeg": ".jpg", "image/png": ".png", "image/webp": ".webp", "image/heic": ".heic" };

/** The name as shown and downloaded: no path, no control characters, at most 120 characters, the right extension. */
function cleanFileName(name: string, type: PhotoType): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 110);
  return `${base || "photo"}${EXTENSION[type]}`;
}
