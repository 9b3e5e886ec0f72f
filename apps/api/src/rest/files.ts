import type { FastifyReply, FastifyRequest } from "fastify";
import type { FileSender } from "./meta.js";
import { photoBytes, thumbnailBytes } from "./photos.js";

/**
 * Answers that are files (rest/meta.ts `send` and `files`). The OSHA 300, 300A and 301 routes, a
 * toolbox talk and the sign-on coverage answer JSON, or a file: a PDF for `?format=pdf` or
 * `Accept: application/pdf`, CSV for `?format=csv` (`?format=ita`: OSHA's ITA CSV).
 */

type Format = "json" | "pdf" | "csv" | "ita";

/** The format a request asks for: `?format=`, else a PDF for an `Accept` that wants one and not JSON. */
export function formatOf(req: FastifyRequest): Format {
  const asked = (req.query as Record<string, unknown>).format;
  if (asked === "pdf" || asked === "csv" || asked === "ita") return asked;
  const accept = req.headers.accept ?? "";
  return /application\/pdf/.test(accept) && !/application\/json/.test(accept) ? "pdf" : "json";
}

function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
}

function sendFile(reply: FastifyReply, type: string, fileName: string, body: Buffer | string) {
  return reply
    .code(200)
    .header("content-type", type)
    .header("content-disposition", attachment(fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(body);
}

const pdf = (reply: FastifyReply, f: { fileName: string; data: Uint8Array }) =>
  sendFile(reply, "application/pdf", f.fileName, Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength));
const csv = (reply: FastifyReply, f: { fileName: string; csv: string }) => sendFile(reply, "text/csv; charset=utf-8", f.fileName, f.csv);

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A stored upload (a safety plan) with its own type and name. */
function download(reply: FastifyReply, file: { fileName: string; fileType: string; data: Uint8Array }) {
  return reply
    .code(200)
    .header("content-type", file.fileType)
    .header("content-length", String(file.data.byteLength))
    .header("content-disposition", contentDisposition(file.fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
}

// biome-ignore lint/suspicious/noExplicitAny: each sender reads the answer of the procedures that name it
type Answer = any;

/** How each `send` strategy sends a procedure's answer. */
export const SENDERS: Record<
  FileSender,
  (req: FastifyRequest, reply: FastifyReply, answer: Answer) => FastifyReply | Promise<FastifyReply>
> = {
  csv: (_req, reply, answer) => csv(reply, answer),
  pdf: (_req, reply, answer) => pdf(reply, answer),
  download: (_req, reply, answer) => download(reply, answer),
  photo: photoBytes,
  thumbnail: thumbnailBytes,
};

/** The sender of a `files` format: a PDF for `pdf`, CSV for the others. */
export const fileSender = (format: string): FileSender => (format === "pdf" ? "pdf" : "csv");
