import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../router.js";
import { del, get, post, put, type RestRequest, type RestRoute } from "./table.js";

/**
 * REST paths of OSHA recordkeeping. The 300, 300A and 301 routes answer JSON, or a file: a PDF for
 * `?format=pdf` or `Accept: application/pdf`, CSV for `?format=csv` (300) and `?format=ita` (300A).
 */

type Format = "json" | "pdf" | "csv" | "ita";

function formatOf(req: FastifyRequest): Format {
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

export const pdf = (reply: FastifyReply, f: { fileName: string; data: Uint8Array }) =>
  sendFile(reply, "application/pdf", f.fileName, Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength));
export const csv = (reply: FastifyReply, f: { fileName: string; csv: string }) =>
  sendFile(reply, "text/csv; charset=utf-8", f.fileName, f.csv);

type Handler = (c: Caller, r: RestRequest) => Promise<unknown>;

/** A GET that answers JSON, or a file in one of the formats it lists. */
export function record(path: string, json: Handler, files: Partial<Record<Exclude<Format, "json">, Handler>>): RestRoute {
  return {
    method: "GET",
    path,
    raw: true,
    formats: Object.fromEntries(Object.keys(files).map((format) => [format, format === "pdf" ? "application/pdf" : "text/csv"])),
    call: async (c, r) => {
      const format = formatOf(r.raw);
      const file = format === "json" ? undefined : files[format];
      if (file) return file(c, r);
      const answer = await json(c, r);
      return r.reply.code(200).send(answer);
    },
  };
}

export const oshaRoutes: RestRoute[] = [
  get("/api/establishments", (c) => c.osha.establishments()),
  post("/api/establishments", (c, r) => c.osha.createEstablishment(r.input)),
  get("/api/establishments/:id", (c, r) => c.osha.establishment(r.input)),
  put("/api/establishments/:id", (c, r) => c.osha.updateEstablishment(r.input)),
  del("/api/establishments/:id", (c, r) => c.osha.deleteEstablishment(r.input)),
  get("/api/establishments/:id/hours/:year", (c, r) => c.osha.hours(r.input)),
  put("/api/establishments/:id/hours/:year", (c, r) => c.osha.putHours(r.input)),
  get("/api/incident-reports/:id/recordkeeping", (c, r) => c.osha.recordkeeping(r.input)),
  put("/api/incident-reports/:id/recordkeeping", (c, r) => c.osha.putRecordkeeping(r.input)),
  record("/api/osha/300", (c, r) => c.osha.log300(r.input), {
    pdf: async (c, r) => pdf(r.reply, await c.osha.log300Pdf(r.input)),
    csv: async (c, r) => csv(r.reply, await c.osha.log300Csv(r.input)),
  }),
  record("/api/osha/300a", (c, r) => c.osha.summary300A(r.input), {
    pdf: async (c, r) => pdf(r.reply, await c.osha.summary300APdf(r.input)),
    ita: async (c, r) => csv(r.reply, await c.osha.itaSummaryCsv(r.input)),
  }),
  {
    method: "GET",
    path: "/api/osha/cases.csv",
    raw: true,
    formats: { csv: "text/csv" },
    call: async (c, r) => csv(r.reply, await c.osha.itaCasesCsv(r.input)),
  },
  record("/api/incident-reports/:id/osha-301", (c, r) => c.osha.form301(r.input), {
    pdf: async (c, r) => pdf(r.reply, await c.osha.form301Pdf(r.input)),
  }),
  get("/api/osha/rates", (c, r) => c.osha.rates(r.input)),
];
