import { AppError, can, FILE_TOO_LARGE, forbidden, NO_FILE_SELECTED, NOT_SIGNED_IN, sanitizeFileName } from "@sitesafe/domain";
import type { FastifyRequest } from "fastify";
import { watchBody } from "../bodyTimeout.js";
import { multipartError } from "../errors.js";
import type { Caller } from "../router.js";
import type { UploadReader } from "./meta.js";
import { stagePhoto, type UploadRequest, uploadPhoto } from "./photos.js";

/**
 * Multipart uploads (rest/meta.ts `upload`): each reads the body into its procedure's input, after
 * the refusal that needs no body, and calls the procedure with it (`call`) while its memory share
 * is held. `input` is what the path (and the route's `set`) gave.
 */
export const UPLOADS: Record<
  UploadReader,
  (caller: Caller, req: UploadRequest, input: Record<string, unknown>, call: (input: unknown) => Promise<unknown>) => Promise<unknown>
> = {
  // photos.checkUpload runs first (a refusal before the body is read); photos.upload answers.
  photo: (caller, req, input, call) => {
    const record = { kind: input.kind as never, id: input.id };
    return uploadPhoto(caller, req, record, (upload) => call({ record, ...upload }));
  },
  stagedPhoto: (caller, req, _input, call) => stagePhoto(caller, req, call),
  safetyPlan: async (caller, req, input, call) => {
    await assertMayUpload(caller);
    // A body that stops coming ends with a 408 instead of holding the request open (bodyTimeout.ts).
    const upload = await watchBody(req.raw, req.reply).during(readPlanUpload(req.raw));
    return call({
      id: input.id,
      // A file's name comes from the sender's computer, not from typing: it is cleaned (control
      // characters, NUL included, dropped), never refused by the input rule.
      fileName: sanitizeFileName(upload.fileName),
      description: upload.description,
      data: new Uint8Array(upload.data),
    });
  },
};

/**
 * Reads the multipart body of a safety plan upload: the file (capped at 10 MB while streaming by
 * @fastify/multipart's fileSize limit, registered in server.ts) and the optional description.
 * Other fields the client sends (projectId, uploadedBy) are ignored: the path and the session say.
 */
async function readPlanUpload(req: FastifyRequest): Promise<{ fileName: string; data: Buffer; description: string | null }> {
  if (!req.isMultipart()) throw new AppError("BAD_REQUEST", NO_FILE_SELECTED);
  let file: { fileName: string; data: Buffer } | null = null;
  let description: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === "file") {
        // Every file part must be drained; only the first one named "file" (or the first file) is kept.
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE);
        if (!file && part.filename) file = { fileName: part.filename, data };
      } else if (part.fieldname === "description" && typeof part.value === "string") {
        description = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, { tooLarge: FILE_TOO_LARGE, noFile: NO_FILE_SELECTED, oneAtATime: "Upload one file at a time" });
  }
  if (!file) throw new AppError("BAD_REQUEST", NO_FILE_SELECTED);
  return { ...file, description };
}

/** Refuses before reading up to 10 MB from someone who may not upload at all. */
async function assertMayUpload(caller: Caller) {
  const session = await caller.auth.session();
  if (!session) throw new AppError("UNAUTHORIZED", NOT_SIGNED_IN);
  if (!can(session.actor, "safetyPlan.upload")) throw forbidden();
}
