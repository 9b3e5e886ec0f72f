import type { CsvExport } from "./csv.js";

/**
 * A procedure's REST route, declared on the procedure itself (issue #32):
 *
 *   byId: authedProcedure
 *     .meta({ rest: get("/api/jha-forms/:id"), output: out.jhaForm })
 *     .input(byIdSchema)
 *     .query(...)
 *
 * The REST adapter (rest/register.ts) and the OpenAPI document (openapi/document.ts) walk the
 * router and read these; nothing else lists routes. `output` (openapi/schemas.ts) is the answer's
 * JSON as the document describes it; it is not checked at run time (docs/decisions/0125-routes-on-procedures.md).
 *
 * The input a route hands its procedure: a GET's query and path params, a write's body and path
 * params (the path wins), then `set` over both. `params` renames path params, `pathOnly` leaves the
 * query or body out. A procedure that takes no input is called with none.
 *
 * A list that a manager takes to a spreadsheet declares its CSV columns on its route too
 * (`get("/api/projects", { csv })`, rest/csv.ts).
 *
 * Routes that move bytes name a strategy instead of carrying code: `send` (rest/files.ts) sends the
 * procedure's answer as a file, `files` lists other procedures answering `?format=` files beside the
 * JSON, `upload` (rest/uploads.ts) reads a multipart body into the input, `pick` (rest/pick.ts)
 * chooses among procedures of one answer shape by who asks.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";
/** How a file answer is sent (rest/files.ts). */
export type FileSender = "csv" | "pdf" | "download" | "photo" | "thumbnail";
/** How a multipart body is read (rest/uploads.ts). */
export type UploadReader = "photo" | "stagedPhoto" | "safetyPlan";
/** Which procedure answers, chosen per request (rest/pick.ts). */
export type Picker = "commentUpdate";

export interface RestMeta {
  method: HttpMethod;
  /** Fastify path, e.g. "/api/projects/:id". */
  path: string;
  /** Success status: 200 by default; 201 for creates; 204 for deletes (no body). */
  status: 200 | 201 | 204;
  /** Path params under the input's names, e.g. `{ id: "jhaFormId" }`. */
  params?: Readonly<Record<string, string>>;
  /** Input fields the route fixes, over whatever the request sends, e.g. `{ kind: "jha" }`. */
  set?: Readonly<Record<string, string | number | boolean>>;
  /** The input is the path params (and `set`) only: the query or body is not read. */
  pathOnly?: boolean;
  /** The list also answers as CSV (`?format=csv` or `Accept: text/csv`), with these columns (rest/csv.ts). */
  csv?: CsvExport;
  /** The answer is a file, sent this way. */
  send?: FileSender;
  /** Files besides the JSON, by `?format=` value: the procedure answering each (`pdf`: a PDF, else CSV). */
  files?: Readonly<Record<string, string>>;
  /** A multipart body, read this way into the input. */
  upload?: UploadReader;
  /** The procedure that answers is chosen per request; the declaring one documents the answer. */
  pick?: Picker;
}

type Options = Omit<Partial<RestMeta>, "method" | "path">;

export const get = (path: string, options: Options = {}): RestMeta => ({ method: "GET", path, status: 200, ...options });
export const post = (path: string, options: Options = {}): RestMeta => ({ method: "POST", path, status: 201, ...options });
export const put = (path: string, options: Options = {}): RestMeta => ({ method: "PUT", path, status: 200, ...options });
export const del = (path: string, options: Options = {}): RestMeta => ({ method: "DELETE", path, status: 204, ...options });
