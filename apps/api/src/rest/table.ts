import type { FastifyReply, FastifyRequest } from "fastify";
import type { Caller } from "../router.js";

type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** What a REST route hands its procedure. Inputs are validated by the procedure's own schema. */
export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** A GET's query and path params, a write's body and path params (path wins; a write with a query
   * string is refused, rest/register.ts): the usual procedure input. Typed `never` so it fits any
   * procedure's input; the procedure's Zod schema is what checks it. */
  input: never;
  raw: FastifyRequest;
  /** The reply, for `raw` routes that stream a file or set their own headers. */
  reply: FastifyReply;
}

export interface RestRoute {
  method: HttpMethod;
  /** Fastify path, e.g. "/api/projects/:id". */
  path: string;
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
  /** Success status: 200 by default; 201 for creates; 204 for deletes (no body). */
  status?: 200 | 201 | 204;
  /** Routes that stream a file or read multipart handle the reply themselves. */
  raw?: boolean;
  /**
   * The procedure whose answer the route sends, named when the route calls another one first (a
   * permission check before reading an upload, the session to pick an action). The OpenAPI
   * document (openapi/document.ts) otherwise records the first procedure a route calls; naming it
   * here keeps the document true without teaching the recorder to run past real calls.
   */
  procedure?: string;
  /** Answers besides JSON, by `?format=` value: the media type each sends (raw routes). */
  formats?: Record<string, string>;
}

export const get = (path: string, call: RestRoute["call"]): RestRoute => ({ method: "GET", path, call });
export const post = (path: string, call: RestRoute["call"], status: 200 | 201 = 201): RestRoute => ({ method: "POST", path, call, status });
export const put = (path: string, call: RestRoute["call"]): RestRoute => ({ method: "PUT", path, call });
export const del = (path: string, call: RestRoute["call"]): RestRoute => ({ method: "DELETE", path, call, status: 204 });
