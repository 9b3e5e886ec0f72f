import type { ZodType } from "zod";
import { appRouter } from "../router.js";
import type { RestMeta } from "./meta.js";

/** A REST route as the adapter serves it: what its procedure declares (rest/meta.ts), and the procedure. */
export interface RestRoute extends RestMeta {
  /** The procedure that answers ("jha.byId"); for a `pick` route, the one whose answer is documented. */
  procedure: string;
  /** Whether the procedure takes input; one that does not is called with none. */
  hasInput: boolean;
  /** The JSON answer, for the OpenAPI document and its contract test (never checked at run time). */
  output?: ZodType;
  /** The route sends its answer itself (a file, or JSON beside files): no status or body of the adapter's. */
  raw: boolean;
}

interface Procedure {
  _def: { inputs: unknown[]; meta?: { rest?: RestMeta | readonly RestMeta[]; output?: ZodType } };
}

/**
 * Every route the procedures of `router` declare, in the router's order (each procedure's routes in
 * the order it lists them). Fastify matches a static segment before a parameter whatever the order
 * ("/api/projects/stats" before "/api/projects/:id"; tested). A route declared twice, or naming a
 * file procedure that does not exist, stops the server from starting.
 */
export function restRoutesOf(router: unknown): RestRoute[] {
  const procedures = (router as { _def: { procedures: Record<string, Procedure> } })._def.procedures;
  const routes: RestRoute[] = [];
  const seen = new Set<string>();
  for (const [procedure, { _def }] of Object.entries(procedures)) {
    const declared = _def.meta?.rest;
    if (!declared) continue;
    for (const meta of Array.isArray(declared) ? (declared as readonly RestMeta[]) : [declared as RestMeta]) {
      const key = `${meta.method} ${meta.path}`;
      // The meta's type is only an outline (trpc.ts): a route not made by get/post/put/del stops here.
      if (
        !["GET", "POST", "PUT", "DELETE"].includes(meta.method) ||
        ![200, 201, 204].includes(meta.status) ||
        !meta.path.startsWith("/api/")
      )
        throw new Error(`REST: ${key} (${procedure}) is not a route of rest/meta.ts`);
      if (seen.has(key)) throw new Error(`REST: ${key} is declared twice (${procedure})`);
      seen.add(key);
      for (const other of Object.values(meta.files ?? {}))
        if (!procedures[other]) throw new Error(`REST: ${key} names ${other}, which is no procedure`);
      routes.push({
        ...meta,
        procedure,
        hasInput: _def.inputs.length > 0,
        ...(_def.meta?.output ? { output: _def.meta.output } : {}),
        raw: meta.send !== undefined || meta.files !== undefined,
      });
    }
  }
  return routes;
}

/** Every documented /api/... route (besides the health check and the API document). */
export const restRoutes: RestRoute[] = restRoutesOf(appRouter);
