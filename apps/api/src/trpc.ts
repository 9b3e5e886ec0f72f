import { AppError, DEFAULT_LANGUAGE, NOT_SIGNED_IN, SESSION_REQUIRED, isStaff, toFieldIssues, unsupportedInput } from "@sitesafe/domain";
import { classifyDbError } from "@sitesafe/db";
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import type { Context } from "./context.js";
import { assertTokenMayWrite, recordTokenWrite } from "./services/tokens.js";
import { localizeBody } from "./language.js";

/**
 * Turns the error a procedure threw into the one the client sees: AppError keeps its code and
 * message; database failures that are the caller's doing become 409/400, an unreachable database
 * 503; anything else stays a 500 and is logged with its stack by the HTTP layer.
 */
export function normaliseError(error: unknown): TRPCError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") return error;
  const db = classifyDbError(cause);
  if (db) {
    switch (db.kind) {
      case "unique":
        return new TRPCError({ code: "CONFLICT", message: "This record already exists", cause });
      case "foreignKey":
        return new TRPCError({ code: "BAD_REQUEST", message: "A referenced record does not exist", cause });
      case "check":
      case "invalidInput":
        return new TRPCError({ code: "BAD_REQUEST", message: "Invalid input", cause });
      case "concurrentChange":
        return new TRPCError({ code: "CONFLICT", message: "The record was changed at the same time by someone else. Please try again.", cause });
      case "unavailable":
        return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The database is unavailable. Please try again shortly.", cause });
    }
  }
  return error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", cause });
}

/** `{path, message}` issues of a validation error, whichever library raised it. */
export function validationIssues(error: TRPCError): { path: string; message: string }[] | undefined {
  const cause = error.cause as { issues?: unknown } | undefined;
  if (cause instanceof AppError) return cause.issues;
  if (cause && Array.isArray(cause.issues)) return toFieldIssues(cause.issues as Parameters<typeof toFieldIssues>[0]);
  return undefined;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error, ctx }) {
    const issues = error.code === "BAD_REQUEST" ? validationIssues(error) : undefined;
    const message = issues?.[0]?.message ?? (error.code === "INTERNAL_SERVER_ERROR" ? "Internal server error" : error.message);
    // Never send stacks or SQL to the client. Messages in the request's language (language.ts).
    const localized = localizeBody({ message, issues }, ctx?.language ?? DEFAULT_LANGUAGE);
    return { message: localized.message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues: localized.issues } };
  },
});

const mapErrors = t.middleware(async ({ ctx, next, path, type }) => {
  const result = await next();
  // Any write may change who may do what (role, assignment, logout): remembered sessions go.
  if (type === "mutation") ctx.onWrite();
  if (type === "mutation" && result.ok && ctx.actor) await recordTokenWrite(ctx.db, ctx.actor, path);
  if (!result.ok) {
    const mapped = normaliseError(result.error);
    if (mapped.code === "FORBIDDEN") {
      ctx.log.warn({ event: "authorization_denied", path, userId: ctx.actor?.userId ?? null }, "authorization denied");
    }
    if (mapped !== result.error) throw mapped;
  }
  return result;
});

/**
 * The domain's one input rule (input.ts: no NUL in text, dates within the supported years) on
 * every procedure's raw input, the REST table's bodies, queries and path ids included.
 */
const supportedInputOnly = t.middleware(async ({ getRawInput, next }) => {
  const issue = unsupportedInput(await getRawInput());
  if (issue) throw new AppError("BAD_REQUEST", issue.message, [issue]);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** A `read` service token may run queries only (after mapErrors, so its 403 is mapped and logged). */
const tokenScope = t.middleware(({ ctx, next, type }) => {
  if (type === "mutation") assertTokenMayWrite(ctx.token);
  return next();
});

export const publicProcedure = t.procedure.use(mapErrors).use(supportedInputOnly).use(tokenScope);

/** Someone is signed in, with a session cookie or a service token acting as its owner. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor || !ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: NOT_SIGNED_IN });
  return next({ ctx: { ...ctx, actor: ctx.actor, user: ctx.user } });
});

/**
 * Signed in with a password session, not a service token: changing the password and minting new
 * tokens, which would let a leaked token outlive its revocation or expiry.
 */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.session) throw new AppError("FORBIDDEN", SESSION_REQUIRED);
  return next({ ctx: { ...ctx, session: ctx.session } });
});

export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!isStaff(ctx.actor)) throw new AppError("FORBIDDEN", "Only admins and managers can do this");
  return next();
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.role !== "admin") throw new AppError("FORBIDDEN", "Only admins can do this");
  return next();
});

/**
 * A read whose answer may come from the answer memory (answerMemory.ts): only for procedures that
 * read, never write, and whose answer follows from the signed-in user, the input, the data and the
 * clock. `.query(remembered(({ ctx, input }) => ...))`.
 */
export function remembered<Opts extends { ctx: Context; input: unknown; path: string }, T>(
  resolve: (opts: Opts) => Promise<T>,
): (opts: Opts) => Promise<T> {
  return (opts) => opts.ctx.remember(opts.path, opts.input, () => resolve(opts));
}
