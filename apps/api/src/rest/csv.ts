import { Readable } from "node:stream";
import { complianceStatus, csvLine } from "@sitesafe/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type RestAnswer, type StreamOptions, streamWholeList } from "../lists.js";

/**
 * CSV exports of the lists a manager reports on (docs/decisions/0110-api-consumers.md): the list path with `?format=csv` or
 * `Accept: text/csv`, with the same filters and permissions as the JSON (the same procedure runs).
 * The CSV is a transform over the list's row chunks, so a whole list streams without being held
 * in memory. RFC 4180 (quoted where needed, CRLF line ends), UTF-8 with a byte order mark so
 * Excel reads accents, and cells that a spreadsheet would run as a formula neutralised: every cell
 * goes through the domain's `csvCell` (packages/domain/src/csv.ts), as the OSHA files' do.
 */

export interface CsvColumn<T = never> {
  header: string;
  value: (row: T) => unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: each export reads the fields of its own list's rows
type Row = any;
const col = (header: string, value: (row: Row) => unknown): CsvColumn<Row> => ({ header, value });
const field = (name: string, header = name) => col(header, (row) => row[name]);
const joined = (name: string, header = name) => col(header, (row) => (Array.isArray(row[name]) ? row[name].join("; ") : row[name]));
const personName = (person: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(" ") : "";

/** The exports, by REST route ("GET path"): the columns of each. */
export const CSV_EXPORTS: Record<string, { fileName: string; columns: CsvColumn<Row>[] }> = {
  "GET /api/projects": {
    fileName: "projects",
    columns: [
      field("id"),
      field("name"),
      field("location"),
      field("status"),
      field("startDate"),
      field("endDate"),
      field("description"),
      field("safetyManagerName"),
      field("safetyManagerPhone"),
      field("safetyManagerEmail"),
      field("workerCount"),
      field("compliancePercentage"),
      col("complianceStatus", (row) => complianceStatus(row.compliancePercentage)),
      field("hasSafetyPlan"),
      field("createdAt"),
    ],
  },
  "GET /api/workers": {
    fileName: "workers",
    columns: [
      field("id"),
      field("firstName"),
      field("lastName"),
      field("username"),
      field("email"),
      field("phone"),
      field("role", "position"),
      field("company"),
      field("hardhatNumber"),
      joined("projectIds"),
      field("safetyCompliance"),
      col("complianceStatus", (row) => complianceStatus(row.safetyCompliance)),
      field("createdAt"),
    ],
  },
  "GET /api/jha-forms": {
    fileName: "jha-forms",
    columns: [
      field("id"),
      field("projectId"),
      field("projectName"),
      field("title"),
      field("jobDescription"),
      col("hazards", (row) =>
        row.hazards.map((h: { description: string; riskLevel: string }) => `${h.description} (${h.riskLevel})`).join("; "),
      ),
      col(
        "highestRisk",
        (row) => ["high", "medium", "low"].find((level) => row.hazards.some((h: { riskLevel: string }) => h.riskLevel === level)) ?? "",
      ),
      col("controlMeasures", (row) =>
        row.controlMeasures
          .map((m: { description: string; responsibility: string }) => `${m.description} (${m.responsibility})`)
          .join("; "),
      ),
      field("submitterName"),
      field("submittedAt"),
      field("updatedAt"),
    ],
  },
  "GET /api/incident-reports": {
    fileName: "incident-reports",
    columns: [
      field("id"),
      field("projectId"),
      field("projectName"),
      field("title"),
      field("date"),
      field("severity"),
      field("status"),
      field("location"),
      field("reporterName"),
      joined("involvedWorkers"),
      field("description"),
      field("actionTaken"),
      field("preventiveMeasures"),
      field("createdAt"),
      field("updatedAt"),
    ],
  },
  "GET /api/hot-work-permits": {
    fileName: "hot-work-permits",
    columns: [
      field("id"),
      field("projectId"),
      field("projectName"),
      field("title"),
      field("location"),
      field("status"),
      field("startDate"),
      field("endDate"),
      field("requesterName"),
      field("requestedAt"),
      field("workDescription"),
      joined("precautions"),
      joined("equipmentUsed"),
      field("fireWatchRequired"),
      field("fireWatchBy"),
      field("approvedAt"),
      field("rejectedAt"),
      field("rejectionReason"),
      field("closedAt"),
      field("closingNotes"),
    ],
  },
  "GET /api/safety-comments": {
    fileName: "safety-messages",
    columns: [
      field("id"),
      field("projectId"),
      col("projectName", (row) => row.project?.name ?? ""),
      field("title"),
      field("content"),
      field("status"),
      col("author", (row) => personName(row.user)),
      field("createdAt"),
      field("resolvedAt"),
      col("resolvedBy", (row) => personName(row.resolvedByUser)),
      field("managerResponse"),
    ],
  },
  // Inspections (issue #35): one row per item answer, and the corrective actions.
  "GET /api/inspection-answers": {
    fileName: "inspection-answers",
    columns: [
      field("inspectionId"),
      field("project"),
      field("template"),
      field("templateVersion"),
      field("inspectedAt"),
      field("inspector"),
      field("score"),
      field("section"),
      field("item"),
      field("weight"),
      field("answer"),
      field("outcome"),
      field("note"),
    ],
  },
  "GET /api/corrective-actions": {
    fileName: "corrective-actions",
    columns: [
      field("id"),
      field("projectName", "project"),
      field("source"),
      field("description"),
      field("priority"),
      field("status"),
      field("ownerName", "owner"),
      field("raisedByName", "raisedBy"),
      field("createdAt", "raisedAt"),
      field("dueAt"),
      field("overdue"),
      field("closedAt"),
    ],
  },
  "GET /api/training-completion": {
    fileName: "training-completion",
    columns: [
      field("workerId"),
      field("workerName"),
      field("company"),
      field("position"),
      field("moduleId"),
      field("moduleTitle"),
      field("moduleType"),
      field("status"),
      field("progress"),
      field("completedAt"),
      field("lastAccessedAt"),
    ],
  },
};

/** The export a GET asks for with `?format=csv` or `Accept: text/csv`, if its route has one. */
export function csvExportFor(route: { method: string; path: string }, req: FastifyRequest) {
  if (route.method !== "GET") return undefined;
  const spec = CSV_EXPORTS[`${route.method} ${route.path}`];
  if (!spec) return undefined;
  const format = (req.query as Record<string, unknown> | undefined)?.format;
  const accept = req.headers.accept ?? "";
  return format === "csv" || (format === undefined && /\btext\/csv\b/i.test(accept)) ? spec : undefined;
}

const BOM = "\uFEFF";
/** Output in pieces of about 32 KB (see lists.ts: small strings die young). */
const PIECE_CHARS = 32 * 1024;

/** The CSV text of row chunks, piece by piece: a BOM and the header, then one CRLF line per row. */
export async function* csvLines<T>(chunks: AsyncIterable<readonly T[]>, columns: readonly CsvColumn<T>[]): AsyncGenerator<string> {
  let piece = `${BOM}${csvLine(columns.map((c) => c.header))}\r\n`;
  for await (const chunk of chunks) {
    for (const row of chunk) {
      piece += `${csvLine(columns.map((c) => c.value(row)))}\r\n`;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = "";
      }
    }
  }
  yield piece;
}

/**
 * Sends a list answer as CSV: a whole list streams through the same path as the JSON whole lists
 * (lists.ts: keyset chunks, back-pressure, a stream slot and the idle timeout); a page is one chunk.
 */
export async function sendCsv(
  reply: FastifyReply,
  answer: RestAnswer,
  spec: { fileName: string; columns: CsvColumn<Row>[] },
  streaming: StreamOptions,
): Promise<FastifyReply> {
  reply
    .header("content-disposition", `attachment; filename="${spec.fileName}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .header("x-content-type-options", "nosniff");
  const format = {
    contentType: "text/csv; charset=utf-8",
    render: (chunks: AsyncIterable<readonly Row[]>) => csvLines(chunks, spec.columns),
  };
  if (answer.kind === "whole list") return streamWholeList(reply, answer.chunks, streaming, format);
  return reply.type(format.contentType).send(Readable.from(csvLines(rowsOnce(answer.value as readonly Row[]), spec.columns)));
}

async function* rowsOnce<T>(rows: readonly T[]): AsyncGenerator<readonly T[]> {
  yield rows;
}
