import type { DbHandle } from "@sitesafe/db";
import { badRequest, unsupportedInput } from "@sitesafe/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.js";
import type { Context } from "../context.js";
import type { DatabaseRecovery } from "../databaseRecovery.js";
import { sendError } from "../errors.js";
import { restAnswer, type StreamSlots, streamWholeList, WholeListOutlet } from "../lists.js";
import { registerApiDocs } from "../openapi/routes.js";
import { createCaller } from "../router.js";
import { assertTokenMayWrite } from "../services/tokens.js";
import { csvExportFor, sendCsv } from "./csv.js";
import { fileSender, formatOf, SENDERS } from "./files.js";
import { type RestRoute, restRoutes } from "./index.js";
import { PICKERS } from "./pick.js";
import { UPLOADS } from "./uploads.js";

export interface RestOptions {
  config: Config;
  dbHandle: DbHandle;
  /** The health check's look at the database and its schema (databaseRecovery.ts). */
  recovery: DatabaseRecovery;
  /** The request's context, built once per request (server.ts). */
  contextFor: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  wholeListSlots: StreamSlots;
}

/**
 * The REST adapter (docs/decisions/0003-rest-over-trpc.md): the health check, the API document,
 * and every `/api/...` route a procedure declares (rest/meta.ts, gathered by rest/index.ts), each
 * calling its procedure through tRPC's `createCaller` so validation, permissions, transactions and
 * error mapping exist once. Errors are answered by errors.ts.
 */
export async function registerRest(app: FastifyInstance, { config, recovery, contextFor, wholeListSlots }: RestOptions): Promise<void> {
  // The database and its schema, not just a connection: a database recreated empty is migrated and
  // bootstrapped here as on start, and answers 503 until that has worked.
  app.get("/api/health", async (_req, reply) => {
    const ready = await recovery.check().catch(() => false);
    if (ready) return { status: "ok", db: "ok" };
    return reply.code(503).send({ status: "error", db: "unavailable", message: "The database is unavailable" });
  });
  /** A constant answer with no database work: the benchmark's ceiling for this server. */
  app.get("/api/bare", async () => ({ ok: true }));
  await registerApiDocs(app, restRoutes);

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const params = (req.params ?? {}) as Record<string, string>;
        // A CSV export (rest/csv.ts) runs the same procedure with the same filters; `format` is not one.
        const csv = csvExportFor(route, req);
        const { format: _format, ...filters } = (req.query ?? {}) as Record<string, unknown>;
        const query = csv ? filters : ((req.query ?? {}) as Record<string, unknown>);
        const body = isPlainObject(req.body) ? req.body : {};
        try {
          // The domain's input rule (input.ts), also for routes whose procedure takes no input.
          const unsupported = unsupportedInput(body) ?? unsupportedInput(query) ?? unsupportedInput(params);
          if (unsupported) throw badRequest(unsupported.message, [unsupported]);
          // A write takes its input from the body and the path only: a query string is refused, so
          // a cross-site form or link cannot smuggle a write's fields past the body's content type.
          if (route.method !== "GET" && Object.keys(query).length > 0) throw badRequest(WRITE_INPUT_IN_QUERY);
          const ctx = await contextFor(req, reply);
          // Before the call: a read-only token must not get as far as reading an upload's body.
          if (route.method !== "GET") assertTokenMayWrite(ctx.token);
          const wholeList = new WholeListOutlet();
          const caller = createCaller({ ...ctx, wholeList });
          const input = inputOf(route, params, query, body);
          const call = (procedure: string, value: unknown) => procedureAt(caller, procedure)(value);
          let result: unknown;
          if (route.upload) {
            result = await UPLOADS[route.upload](caller, { raw: req, reply }, input as Record<string, unknown>, (full) =>
              call(route.procedure, full),
            );
          } else if (route.files) {
            // JSON, or one of the files the route lists (`?format=`, or `Accept: application/pdf`).
            const format = formatOf(req);
            const file = format === "json" ? undefined : route.files[format];
            if (file) await SENDERS[fileSender(format)](req, reply, await call(file, input));
            else await reply.code(200).send(await call(route.procedure, input));
          } else if (route.send) {
            await SENDERS[route.send](req, reply, await call(route.procedure, input));
          } else {
            result = await call(route.pick ? await PICKERS[route.pick](caller, body) : route.procedure, input);
          }
          // No onWrite here: every write route calls a mutation, whose middleware (trpc.ts) runs it once.
          if (route.raw) return reply;
          const answer = restAnswer(wholeList, result);
          const streaming = { slots: wholeListSlots, owner: String(ctx.user?.id ?? req.ip), idleTimeoutMs: config.streamIdleTimeoutMs };
          if (csv) return await sendCsv(reply, answer, csv, streaming);
          if (answer.kind === "whole list") return await streamWholeList(reply, answer.chunks, streaming);
          if (route.status === 204) return reply.code(204).send();
          return reply.code(route.status ?? 200).send(answer.value ?? null);
        } catch (error) {
          return sendError(req, reply, error);
        }
      },
    });
  }
}

/** The answer to a write (POST, PUT, DELETE) that carries a query string. */
export const WRITE_INPUT_IN_QUERY = "A change takes its input from the request body, not the query string";

/**
 * The input a route hands its procedure (rest/meta.ts): a GET's query and path params, a write's
 * body and path params (the path wins; a write with a query string is refused above), `set` over
 * both. None for a procedure that takes none.
 */
function inputOf(route: RestRoute, params: Record<string, string>, query: Record<string, unknown>, body: Record<string, unknown>) {
  if (!route.hasInput) return undefined;
  const path = route.params
    ? Object.fromEntries(Object.entries(params).map(([name, value]) => [route.params?.[name] ?? name, value]))
    : params;
  const rest = route.pathOnly ? {} : route.method === "GET" ? query : body;
  return { ...rest, ...path, ...route.set };
}

/** The caller's procedure at a path such as "jha.byId". */
function procedureAt(caller: object, path: string): (input: unknown) => Promise<unknown> {
  return path
    .split(".")
    .reduce((node: Record<string, unknown>, key) => node[key] as Record<string, unknown>, caller as Record<string, unknown>) as never;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Buffer);
}
