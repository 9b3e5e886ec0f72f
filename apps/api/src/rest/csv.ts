import { Readable } from "node:stream";
import { csvLine } from "@sitesafe/domain";
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

/** A list's CSV export, declared on its route (`get(path, { csv })`, rest/meta.ts): the file's name and its columns. */
export interface CsvExport {
  fileName: string;
  columns: CsvColumn<Row>[];
}

// biome-ignore lint/suspicious/noExplicitAny: each export reads the fields of its own list's rows
type Row = any;
/** A column computed from the row. */
export const col = (header: string, value: (row: Row) => unknown): CsvColumn<Row> => ({ header, value });
/** A column that is one field of the row's JSON, under its own name or another. */
export const field = (name: string, header = name) => col(header, (row) => row[name]);
/** A list field as one cell, its values joined with "; ". */
export const joined = (name: string, header = name) => col(header, (row) => (Array.isArray(row[name]) ? row[name].join("; ") : row[name]));
/** A person's first and last name. */
export const personName = (person: { firstName?: string | null; lastName?: string | null } | null | undefined) =>
  person ? [person.firstName, person.lastName].filter(Boolean).join(" ") : "";
/** A list's export: the file's name (a date is added) and its columns. */
export const csvExport = (fileName: string, columns: CsvColumn<Row>[]): CsvExport => ({ fileName, columns });

/** The export a GET asks for with `?format=csv` or `Accept: text/csv`, if its route declares one. */
export function csvExportFor(route: { method: string; csv?: CsvExport }, req: FastifyRequest) {
  if (route.method !== "GET") return undefined;
  const spec = route.csv;
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
export async function sendCsv(reply: FastifyReply, answer: RestAnswer, spec: CsvExport, streaming: StreamOptions): Promise<FastifyReply> {
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
