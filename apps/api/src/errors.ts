import { classifyDbError } from "@sitesafe/db";
import { AppError, toFieldIssues } from "@sitesafe/domain";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { localize, requestLanguage } from "./language.js";

/**
 * The one error module of the API (docs/api.md): every failure, whoever raised it (a procedure's
 * AppError, a database error, a Zod schema, Fastify itself), becomes a tRPC code, an HTTP status
 * and the `{ message, issues? }` body here. The tRPC errorFormatter (trpc.ts), the REST adapter
 * (rest/register.ts) and Fastify's error and not-found handlers (server.ts) all answer with
 * `errorResponse`.
 */

export interface ErrorBody {
  message: string;
  issues?: { path: string; message: string }[];
}

/** Localises a message the client will read; the identity keeps the product's English texts. */
export type Translate = (message: string) => string;

const untranslated: Translate = (message) => message;

/**
 * Turns the error a procedure threw into the one the client sees: AppError keeps its code and
 * message; database failures that are the caller's doing become 409/400, an unreachable database
 * 503; anything else stays a 500 and is logged with its stack by the HTTP layer.
 */
export function normaliseError(error: unknown): TRPCError {
  if (error instanceof TRPCError && shaped.has(error)) return error;
  return remember(normalised(error));
}

/** The errors normaliseError made: their messages are the product's, whatever their cause says. */
const shaped = new WeakSet<TRPCError>();
const remember = (error: TRPCError): TRPCError => {
  shaped.add(error);
  return error;
};

function normalised(error: unknown): TRPCError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
    // tRPC answers a failure to read the input (a stack overflow on deep nesting, a superjson value
    // it cannot rebuild, unparsable JSON) with a 400 that carries the failure's own text
    // ("Maximum call stack size exceeded"). Only a schema's issues and the product's own errors
    // keep their message; anything else with a cause says "Invalid input" (issue #30, L3).
    const foreign = error.cause !== undefined && error.cause !== error && !hasIssues(error.cause);
    return foreign ? new TRPCError({ code: error.code, message: "Invalid input", cause: error.cause }) : error;
  }
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
        return new TRPCError({
          code: "CONFLICT",
          message: "The record was changed at the same time by someone else. Please try again.",
          cause,
        });
      case "unavailable":
        return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "The database is unavailable. Please try again shortly.", cause });
    }
  }
  return error instanceof TRPCError ? error : new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", cause });
}

const hasIssues = (cause: unknown): boolean => Array.isArray((cause as { issues?: unknown } | undefined)?.issues);

/** `{path, message}` issues of a validation error, whichever library raised it. */
function validationIssues(error: TRPCError): { path: string; message: string }[] | undefined {
  const cause = error.cause as { issues?: unknown } | undefined;
  if (cause instanceof AppError) return cause.issues;
  if (cause && Array.isArray(cause.issues)) return toFieldIssues(cause.issues as Parameters<typeof toFieldIssues>[0]);
  return undefined;
}

/**
 * Fastify's own client errors (unparsable JSON, body too large, bad content type, the rate limit's
 * 429 from server.ts) with the status Fastify gave them; null for anything else.
 */
function fastifyClientError(error: unknown): { status: number; message: string } | null {
  if (!(error instanceof Error) || error instanceof TRPCError || error instanceof AppError) return null;
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode !== "number" || statusCode <= 0 || statusCode >= 500) return null;
  const message =
    code === "FST_ERR_CTP_BODY_TOO_LARGE"
      ? "Request body is too large"
      : code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
        ? "Unsupported content type"
        : code === "FST_ERR_CTP_EMPTY_JSON_BODY"
          ? "Request body is empty"
          : statusCode === 400
            ? "Invalid request body"
            : error.message;
  return { status: statusCode, message };
}

/**
 * The error a client sees when reading a multipart upload failed: @fastify/multipart's limits as
 * 413/400 with the upload's own messages, an AppError as it is, anything else (a broken or
 * abandoned body) as a 400 to try again.
 */
export function multipartError(error: unknown, messages: { tooLarge: string; noFile: string; oneAtATime: string }): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("PAYLOAD_TOO_LARGE", messages.tooLarge);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT")
    return new AppError("BAD_REQUEST", messages.oneAtATime);
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return new AppError("BAD_REQUEST", messages.noFile);
  return new AppError("BAD_REQUEST", "The upload could not be read. Please try again.");
}

/**
 * The one place an error becomes an HTTP status and the `{ message, issues? }` body (docs/api.md).
 * A validation error's message is its first issue's. An unexpected error is a 500 with a generic
 * message: no stack, SQL or internal message reaches the client; `unexpected` tells the caller to
 * log it. `translate` is applied to the message and to every issue's message.
 */
export function errorResponse(
  error: unknown,
  translate: Translate = untranslated,
): { status: number; body: ErrorBody; unexpected: boolean } {
  const fastify = fastifyClientError(error);
  if (fastify) return { status: fastify.status, body: { message: translate(fastify.message) }, unexpected: false };
  const mapped = normaliseError(error);
  const status = getHTTPStatusCodeFromError(mapped);
  if (status >= 500 && mapped.code !== "SERVICE_UNAVAILABLE") {
    return { status: 500, body: { message: translate("Internal server error") }, unexpected: true };
  }
  const issues = mapped.code === "BAD_REQUEST" ? validationIssues(mapped) : undefined;
  const body: ErrorBody = { message: translate(issues?.[0]?.message ?? mapped.message) };
  if (issues?.length) body.issues = issues.map((issue) => ({ path: issue.path, message: translate(issue.message) }));
  return { status, body, unexpected: false };
}

/** The error's cause worth logging: what a procedure threw rather than tRPC's wrapper. */
export const loggedCause = (error: unknown): unknown => (error instanceof TRPCError ? (error.cause ?? error) : error);

/** Answers a Fastify request with the error's status and body; an unexpected error is logged (once, here). */
export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown, translate?: Translate) {
  // In the request's language (language.ts): the user's saved choice, else Accept-Language, else English.
  const language = requestLanguage(req);
  const { status, body, unexpected } = errorResponse(error, translate ?? ((message) => localize(message, language)));
  if (unexpected) req.log.error({ err: loggedCause(error) }, "unexpected error");
  return reply.code(status).send(body);
}
