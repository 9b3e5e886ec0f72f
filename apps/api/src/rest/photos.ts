import { Readable } from "node:stream";
import { AppError, keepLocationSchema, PHOTO_MAX_BYTES, PHOTO_NO_FILE, PHOTO_TOO_LARGE, type PhotoRecordKind } from "@sitesafe/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { watchBody } from "../bodyTimeout.js";
import { ByteBudget } from "../byteBudget.js";
import { multipartError } from "../errors.js";
import type { Caller } from "../router.js";
import { PHOTOS_BUSY } from "../services/photos.js";

/** Room for the multipart framing and a few small fields around the photo itself. */
const MULTIPART_SLACK = 64 * 1024;
/**
 * Photo bytes held in memory by uploads at once, per server: two full-size photos (or twenty of
 * the 1 MB the web app sends), and one full-size photo per user, so one user cannot hold them all.
 * Further uploads wait their turn, their bytes unread in the network buffers, so memory stays
 * bounded however many phones upload together. Each photo held costs about three times its size
 * at its peak (the upload, the copy without metadata, the database driver's message), measured by
 * test/photoMemory.test.ts. A share is taken only once the client has begun sending its body, and
 * an upload that stops sending is cut off (bodyTimeout.ts): idle sockets hold nothing.
 */
export const PHOTO_UPLOAD_BUDGET = 2 * (PHOTO_MAX_BYTES + MULTIPART_SLACK);
export const PHOTO_UPLOAD_PER_USER = PHOTO_MAX_BYTES + MULTIPART_SLACK;
const uploadBudget = new ByteBudget(PHOTO_UPLOAD_BUDGET, PHOTO_UPLOAD_PER_USER);
const BUDGET_WAIT_MS = 60_000;
/** Photos are read from the database and sent in pieces of this size. */
const CHUNK_BYTES = 512 * 1024;
/** A download whose client reads nothing for this long is ended. */
const DOWNLOAD_IDLE_MS = 60_000;
/**
 * Photos never change (a new upload is a new id); a browser may keep one for an hour without
 * asking again, and only for this user ("private": never a shared cache). After that the ETag
 * revalidates, and the permission is checked again on every request that reaches the server.
 */
const PHOTO_CACHE = "private, max-age=3600";

/** Who and what an upload reads: the request and its reply (a body that stops coming is answered 408). */
export interface UploadRequest {
  raw: FastifyRequest;
  reply: FastifyReply;
}

/** A photo of a record (`record`: the route's kind and the path's id), then `store` with its bytes. */
export function uploadPhoto<T>(caller: Caller, req: UploadRequest, record: PhotoRecord, store: (upload: PhotoUpload) => Promise<T>) {
  return receivePhoto(caller, req, () => caller.photos.checkUpload(record as never), store);
}

/** A staged inspection photo (docs/decisions/0124-staged-inspection-photos.md): the same upload, attached to nothing yet. */
export function stagePhoto<T>(caller: Caller, req: UploadRequest, store: (upload: PhotoUpload) => Promise<T>) {
  return receivePhoto(caller, req, () => caller.photos.checkStage(), store);
}

type PhotoRecord = { kind: PhotoRecordKind; id: unknown };
type PhotoUpload = { fileName: string; data: Uint8Array; keepLocation: boolean };

/**
 * One photo upload: the refusal that needs no body first, then the body within the byte budget,
 * then `store` with the bytes.
 */
async function receivePhoto<T>(
  caller: Caller,
  req: UploadRequest,
  check: () => Promise<unknown>,
  store: (upload: PhotoUpload) => Promise<T>,
): Promise<T> {
  // 401/403/404/409 before a byte of the body is read.
  await check();
  const declared = Number(req.raw.headers["content-length"]);
  if (declared > PHOTO_MAX_BYTES + MULTIPART_SLACK) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_LARGE);
  const share = declared > 0 ? declared : PHOTO_MAX_BYTES + MULTIPART_SLACK;
  const owner = String((await caller.auth.session())?.actor.userId ?? req.raw.ip);
  const body = watchBody(req.raw, req.reply);
  // Nothing is reserved for a body that has not begun to arrive: two sockets that send headers and
  // then nothing must not hold the budget every other upload waits for.
  await body.started();
  const release = await uploadBudget.take(share, BUDGET_WAIT_MS, PHOTOS_BUSY, owner);
  try {
    const upload = await body.during(readPhotoUpload(req.raw, share));
    return await store({
      fileName: upload.fileName,
      data: upload.data,
      keepLocation: keepLocationSchema.parse(upload.keepLocation),
    });
  } finally {
    release();
  }
}

/**
 * Reads the multipart body: the first file part into one buffer of at most `capacity` bytes
 * (refused past 10 MB), and the optional `keepLocation` field. Other parts are drained.
 */
async function readPhotoUpload(
  req: FastifyRequest,
  capacity: number,
): Promise<{ fileName: string; data: Uint8Array; keepLocation?: string }> {
  if (!req.isMultipart()) throw new AppError("BAD_REQUEST", PHOTO_NO_FILE);
  let file: { fileName: string; data: Uint8Array } | undefined;
  let keepLocation: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } })) {
      if (part.type === "file") {
        const data = await readBounded(part.file, Math.min(capacity, PHOTO_MAX_BYTES));
        if (part.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_LARGE);
        if (!file && data.byteLength > 0) file = { fileName: part.filename || "photo", data };
      } else if (part.fieldname === "keepLocation" && typeof part.value === "string") {
        keepLocation = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, { tooLarge: PHOTO_TOO_LARGE, noFile: PHOTO_NO_FILE, oneAtATime: "Upload one photo at a time" });
  }
  if (!file) throw new AppError("BAD_REQUEST", PHOTO_NO_FILE);
  return { ...file, ...(keepLocation !== undefined ? { keepLocation } : {}) };
}

/** The stream's bytes in one buffer allocated up front; past `max` bytes a 413 (a stalled body: `watchBody`). */
async function readBounded(stream: Readable, max: number): Promise<Uint8Array> {
  const buffer = Buffer.allocUnsafe(max);
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (size + chunk.byteLength > max) {
      stream.resume();
      throw new AppError("PAYLOAD_TOO_LARGE", PHOTO_TOO_LARGE);
    }
    chunk.copy(buffer, size);
    size += chunk.byteLength;
  }
  return buffer.subarray(0, size);
}

/** A photo's bytes as a stream that reads the next piece from the database only when the client wants it. */
function chunkedPhoto(read: (offset: number, length: number) => Promise<Uint8Array | undefined>, size: number): Readable {
  let offset = 0;
  let idle: NodeJS.Timeout | undefined;
  const stream = new Readable({
    read() {
      clearTimeout(idle);
      if (offset >= size) {
        this.push(null);
        return;
      }
      read(offset, Math.min(CHUNK_BYTES, size - offset)).then(
        (chunk) => {
          if (!chunk || chunk.byteLength === 0) return this.destroy(new Error("The photo was deleted while it was sent"));
          offset += chunk.byteLength;
          this.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          idle = setTimeout(() => this.destroy(), DOWNLOAD_IDLE_MS);
        },
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      clearTimeout(idle);
      callback(error);
    },
  });
  return stream;
}

/**
 * Sends a photo's bytes: the sniffed type, nosniff, private caching with an ETag, and a 304 when
 * the browser's copy is current (after the permission check, which the procedure made).
 */
function sendBytes<T extends { id: number; contentType: string }>(variant: string, send: (reply: FastifyReply, file: T) => FastifyReply) {
  return (req: FastifyRequest, reply: FastifyReply, file: T): FastifyReply => {
    const etag = `"photo-${file.id}-${variant}"`;
    reply
      .header("content-type", file.contentType)
      .header("x-content-type-options", "nosniff")
      .header("cache-control", PHOTO_CACHE)
      .header("etag", etag)
      .header("cross-origin-resource-policy", "same-origin");
    const cached = req.headers["if-none-match"];
    if (typeof cached === "string" && cached.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
      return reply.code(304).send();
    return send(reply, file);
  };
}

/** A photo (photos.file), read from the database piece by piece as the client takes it. */
export const photoBytes = sendBytes(
  "full",
  (
    reply,
    photo: {
      id: number;
      contentType: string;
      byteSize: number;
      fileName: string;
      read: (offset: number, length: number) => Promise<Uint8Array | undefined>;
    },
  ) =>
    reply
      .code(200)
      .header("content-length", String(photo.byteSize))
      .header("content-disposition", `inline; filename="${photo.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")}"`)
      .send(chunkedPhoto(photo.read, photo.byteSize)),
);

/** A photo's thumbnail (photos.thumbnail). */
export const thumbnailBytes = sendBytes("thumbnail", (reply, thumb: { id: number; contentType: string; data: Uint8Array }) =>
  reply.code(200).send(Buffer.from(thumb.data.buffer, thumb.data.byteOffset, thumb.data.byteLength)),
);
