import { AppError, can, FILE_TOO_LARGE, forbidden, NO_FILE_SELECTED, NOT_SIGNED_IN, sanitizeFileName } from "@sitesafe/domain";
import type { FastifyRequest } from "fastify";
import { watchBody } from "../bodyTimeout.js";
import { multipartError } from "../errors.js";
import type { Caller } from "../router.js";
import { del, get, post, put, type RestRoute } from "./table.js";

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

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** REST paths of the projects area (docs/api.md), each onto a procedure. */
export const projectsRoutes: RestRoute[] = [
  get("/api/projects", (c, r) => c.projects.list(r.input)),
  // A static segment: Fastify's router prefers it over "/api/projects/:id" (tested).
  get("/api/projects/stats", (c) => c.projects.stats()),
  post("/api/projects", (c, r) => c.projects.create(r.input)),
  get("/api/projects/:id", (c, r) => c.projects.byId(r.input)),
  put("/api/projects/:id", (c, r) => c.projects.update(r.input)),
  put("/api/projects/:id/fire-watch-minutes", (c, r) => c.projects.setFireWatchMinutes(r.input)),
  del("/api/projects/:id", (c, r) => c.projects.delete(r.input)),
  get("/api/projects/:id/workers", (c, r) => c.projects.workers(r.input)),
  post("/api/projects/:id/workers", (c, r) => c.projects.assignWorker(r.input)),
  del("/api/projects/:id/workers/:workerId", (c, r) => c.projects.removeWorker(r.input)),
  get("/api/projects/:id/safety-plan", (c, r) => c.projects.safetyPlan(r.input)),
  post("/api/projects/:id/safety-plan", async (c, r) => {
    await assertMayUpload(c);
    // A body that stops coming ends with a 408 instead of holding the request open (bodyTimeout.ts).
    const upload = await watchBody(r.raw, r.reply).during(readPlanUpload(r.raw));
    return c.projects.uploadSafetyPlan({
      id: r.params.id as unknown as number,
      // A file's name comes from the sender's computer, not from typing: it is cleaned (control
      // characters, NUL included, dropped), never refused by the input rule.
      fileName: sanitizeFileName(upload.fileName),
      description: upload.description,
      data: new Uint8Array(upload.data),
    });
  }),
  del("/api/projects/:id/safety-plan", (c, r) => c.projects.deleteSafetyPlan(r.input)),
  {
    method: "GET",
    path: "/api/projects/:id/safety-plan/download",
    raw: true,
    call: async (c, r) => {
      const file = await c.projects.downloadSafetyPlan(r.input);
      return r.reply
        .code(200)
        .header("content-type", file.fileType)
        .header("content-length", String(file.data.byteLength))
        .header("content-disposition", contentDisposition(file.fileName))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
    },
  },
  get("/api/safety-plans", (c) => c.projects.safetyPlans()),
];
