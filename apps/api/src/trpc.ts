import {
  type Action,
  type Actor,
  AppError,
  can,
  DEFAULT_LANGUAGE,
  forbidden,
  isStaff,
  NOT_SIGNED_IN,
  SESSION_REQUIRED,
  unsupportedInput,
} from "@sitesafe/domain";
import { initTRPC, TRPCError } from "@trpc/server";
import { answerTransformer } from "./answerTransformer.js";
import type { Context } from "./context.js";
import { errorResponse, normaliseError } from "./errors.js";
import { localize } from "./language.js";
import { assertNotToken, assertTokenMayWrite, recordTokenWrite } from "./services/tokens.js";

// What a procedure declares about itself with `.meta(...)`. `sessionOnly`: a signed-in password
// session only, never a service token (see `guard`); declared through the session builders
// below rather than by hand. `rest` and `output`: its REST route(s), made by rest/meta.ts's
// `get`/`post`/`put`/`del`, and the Zod schema of the JSON it answers, read by the REST adapter and
// the OpenAPI document only (rest/index.ts checks them when the server starts). (A type literal, not
// a named type, and only its outline: the typed client in packages/client names the router's types
// through the API's public exports only, and every procedure's type carries this one; with the full
// route and Zod types its declarations could not be named and grew past what tsc writes out.)
const t = initTRPC
  .context<Context>()
  .meta<{
    sessionOnly?: boolean;
    rest?: { readonly method: string; readonly path: string } | readonly { readonly method: string; readonly path: string }[];
    output?: { readonly _zod: object };
  }>()
  .create({
    // superjson's format both ways; answers written by a faster serializer (answerTransformer.ts).
    transformer: answerTransformer,
    errorFormatter({ shape, error, ctx }) {
      // The body every client sees, shaped once (errors.ts), in the request's language (language.ts):
      // never stacks or SQL.
      const language = ctx?.language ?? DEFAULT_LANGUAGE;
      const { body } = errorResponse(error, (message) => localize(message, language));
      return {
        message: body.message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues: body.issues },
      };
    },
  });

/**
 * Every procedure's first and only shared middleware (one layer, not three: tRPC copies its options
 * at each layer, which showed in a profile of small answers):
 * - the domain's one input rule (input.ts: no NUL in text, dates within the supported years) on the
 *   raw input, the REST routes' bodies, queries and path ids included;
 * - what a service token may run, before the input is read: a session-only procedure no token at
 *   all, a `read` token queries only;
 * - errors mapped to the product's (errors.ts), a refusal logged;
 * - after a successful write: the token's write recorded, and the figures cache cleared so the
 *   writer's next read shows their write (figuresCache.ts).
 */
const guard = t.middleware(async ({ ctx, meta, next, path, type, getRawInput }) => {
  const refused = (error: unknown) => {
    const mapped = normaliseError(error);
    if (mapped.code === "FORBIDDEN") {
      ctx.log.warn({ event: "authorization_denied", path, userId: ctx.actor?.userId ?? null }, "authorization denied");
    }
    return mapped;
  };
  let result: Awaited<ReturnType<typeof next>>;
  try {
    const issue = unsupportedInput(await getRawInput());
    if (issue) throw new AppError("BAD_REQUEST", issue.message, [issue]);
    if (meta?.sessionOnly) assertNotToken(ctx.token);
    if (type === "mutation") assertTokenMayWrite(ctx.token);
    result = await next();
  } catch (error) {
    throw refused(error);
  }
  if (type === "mutation" && result.ok && ctx.actor) await recordTokenWrite(ctx.db, ctx.actor, path);
  if (type === "mutation" && result.ok) ctx.figures.clear();
  if (!result.ok) {
    const mapped = refused(result.error);
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(guard);

/** Someone is signed in, with a session cookie or a service token acting as its owner. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor || !ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: NOT_SIGNED_IN });
  // tRPC merges these into the context (no copy of our own).
  return next({ ctx: { actor: ctx.actor, user: ctx.user } });
});

/**
 * Signed in with a password session, not a service token (`sessionOnly`, checked in `guard`):
 * whatever manages credentials or power over accounts (passwords, account roles, invite tokens,
 * service tokens). A token that could do these could make itself a credential that outlives its
 * revocation or expiry (docs/decisions/0110-api-consumers.md). The authorization test checks every
 * session-only route with a read-write token.
 */
export const sessionProcedure = authedProcedure.meta({ sessionOnly: true }).use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("FORBIDDEN", SESSION_REQUIRED);
  return next({ ctx: { session: ctx.session } });
});

export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.actor)) throw new AppError("FORBIDDEN", "Only admins and managers can do this");
  return next();
});

/**
 * A procedure that only actors passing `allowed` may call at all (a role rule, never a record's
 * facts): anyone else gets 403 before the input is read, so a refused role learns nothing of the
 * input's shape from a schema's messages (issue #30, L4). The service keeps its own checks of the
 * record. `staffProcedure` and `adminProcedure` are the same idea with their own messages.
 */
export function roleProcedure(allowed: (actor: Actor) => boolean, message?: string) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!allowed(ctx.actor)) throw forbidden(message);
    return next();
  });
}

/**
 * A procedure for one of the policy's actions that need no record's facts (`can` in
 * packages/domain's policy.ts): the same rule the service asserts, checked before the input.
 * Use it wherever the policy names the action, so the router and the service cannot differ (a
 * Safety Manager worker may add training modules; a staff-only check here refused them).
 */
export const actionProcedure = (action: Action) => roleProcedure((actor) => can(actor, action));

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "admin") throw new AppError("FORBIDDEN", "Only admins can do this");
  return next();
});

/** Staff with a password session (`sessionProcedure`): issuing invite tokens. */
export const staffSessionProcedure = staffProcedure.meta({ sessionOnly: true });

/** An admin with a password session (`sessionProcedure`): passwords, staff accounts, others' tokens. */
export const adminSessionProcedure = adminProcedure.meta({ sessionOnly: true });
