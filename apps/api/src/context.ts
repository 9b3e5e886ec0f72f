import type { compliance, Database, DbHandle, dataVersions } from "@sitesafe/db";
import { type Action, type Actor, can, forbidden, type Language, type PublicUser, type ResourceFacts } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { RequestAnswers } from "./answerBudget.js";
import { type ValidatedSession, validateSessionToken } from "./auth/sessions.js";
import type { Config } from "./config.js";
import { resolveLanguage } from "./language.js";
import type { WholeListOutlet } from "./lists.js";
import { forRequest, guardPlugin, type ReadMemory } from "./readMemory/index.js";
import { authenticateServiceToken, type RequestToken } from "./services/tokens.js";

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** What a procedure may do to the response's session cookie; the HTTP layer applies it. */
export interface SessionCookieJar {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  db: Kysely<Database>;
  dbHandle: DbHandle;
  config: Config;
  log: Logger;
  /** Client address, for the failed-login limit and the logs. */
  ip: string;
  /** The cookie session; null for a request authenticated with a service token. */
  session: ValidatedSession | null;
  /** The service token of a `Authorization: Bearer` request (services/tokens.ts); null otherwise. */
  token: RequestToken | null;
  user: PublicUser | null;
  actor: Actor | null;
  cookies: SessionCookieJar;
  /** Set by the REST adapter: lists asked for whole are left here and streamed, not read into memory (lists.ts). */
  wholeList?: WholeListOutlet | undefined;
  /** Where project screens get worker counts and compliance (readMemory/figures.ts). */
  projectFigures: compliance.ProjectFiguresLookup;
  /** Where worker lists get each worker's compliance (readMemory/figures.ts). */
  workerCompliance: compliance.WorkerComplianceLookup;
  /**
   * This database's per-table change counters (`dataVersions.currentVersions`), read once per
   * request before anything else the request reads: what a memory holds is reused only while the
   * counters of the tables it was read from (readMemory/tables.ts) are the ones read before it was.
   */
  dataVersions: () => Promise<dataVersions.DataVersions>;
  /**
   * A value shared by every request of the server (the staff dashboard's company-wide figures):
   * read once, then reused while the counters of its tables (readMemory/tables.ts) are unchanged. Without
   * a memory, read every time.
   */
  shared<T>(name: string, read: () => Promise<T>): Promise<T>;
  /**
   * Answers a read from the answer memory while the data is unchanged, else computes it
   * (readMemory/answers.ts). Without a memory, or with no one signed in, it always computes.
   */
  remember<T>(path: string, input: unknown, compute: () => Promise<T>): Promise<T>;
  /** The request's `Idempotency-Key` header, honoured by creates (services/idempotency.ts). */
  idempotencyKey: string | null;
  /** The language of this request's messages and training content (language.ts), resolved once. */
  language: Language;
  /** The request's share of the memory for answers in flight (answerBudget.ts); unset outside HTTP. */
  answers?: RequestAnswers | undefined;
}

/** The context of a procedure behind `authedProcedure`: someone is signed in. */
export type SignedInContext = Context & { actor: Actor };

export interface ContextInput {
  dbHandle: DbHandle;
  config: Config;
  log: Logger;
  ip: string;
  sessionToken: string | undefined;
  /**
   * The secret of an `Authorization: Bearer` header. When set, it alone authenticates the request
   * (any cookie is ignored) and an unknown, revoked or expired token is a 401.
   */
  bearerToken?: string | undefined;
  cookies: SessionCookieJar;
  /** The server's read memory (readMemory/); tests that build contexts directly go without, and every read computes. */
  memory?: ReadMemory | undefined;
  /** The request's `Idempotency-Key` header. */
  idempotencyKey?: string | undefined;
  /** The request's `Accept-Language` header (language.ts). */
  acceptLanguage?: string | undefined;
  /** The request's answers in flight (answerBudget.ts), for whoever turns out to be signed in. */
  answers?: ((userId: number | null) => RequestAnswers) | undefined;
}

/** Builds a context without HTTP, so tests can call procedures through `createCaller`. */
export async function createContext(input: ContextInput): Promise<Context> {
  // The table map's guard (readMemory/guard.ts), on in the tests: every remembered computation's
  // reads must be listed in its entry of readMemory/tables.ts.
  const checking = input.config.checkReadTables === true;
  const db = checking ? input.dbHandle.db.withPlugin(guardPlugin()) : input.dbHandle.db;
  const reads = forRequest(input.memory, db, checking);
  const bearer = input.bearerToken !== undefined ? await authenticateServiceToken(db, input.bearerToken) : null;
  const sessionToken = input.sessionToken;
  const session =
    !bearer && sessionToken ? await reads.guarded("session", () => validateSessionToken(db, sessionToken, reads.sessions)) : null;
  if (session?.renewed && input.sessionToken) input.cookies.set(input.sessionToken, session.expiresAt);
  // Without a bearer token, a cookie that names no live session (expired, signed out elsewhere, made up) is cleared, so
  // the browser stops sending it with every request.
  if (!bearer && input.sessionToken !== undefined && !session) input.cookies.clear();
  const user = bearer?.user ?? session?.user ?? null;
  return {
    db,
    dbHandle: input.dbHandle,
    config: input.config,
    log: input.log,
    ip: input.ip,
    session,
    token: bearer?.token ?? null,
    user,
    actor: bearer
      ? bearer.actor
      : session
        ? {
            userId: session.user.id,
            role: session.user.role,
            workerId: session.workerId,
            position: session.position,
            assignedProjectIds: session.assignedProjectIds,
          }
        : null,
    cookies: input.cookies,
    idempotencyKey: input.idempotencyKey ?? null,
    answers: input.answers?.(user?.id ?? null),
    language: resolveLanguage({ sessionUser: bearer ? null : (session?.user ?? null), acceptLanguage: input.acceptLanguage }),
    projectFigures: reads.projectFigures,
    workerCompliance: reads.workerCompliance,
    dataVersions: reads.versions,
    shared: reads.shared,
    // A method, not an arrow: the REST adapter and tRPC's middlewares hand procedures copies of
    // this context, and the key must say whether the copy streams whole lists. Keyed by the user a
    // session or a service token acts as: a token answers exactly what its owner would see.
    remember<T>(this: Context, path: string, the: unknown, compute: () => Promise<T>): Promise<T> {
      if (!user) return reads.guarded(`answer:${path}`, compute);
      const outlet = this.wholeList;
      // A whole list left in the outlet is streamed by this request, never remembered.
      // The language is part of the key: a module is answered in the reader's language.
      return reads.answer(
        { userId: user.id, rest: outlet !== undefined, path, input: the, language: this.language },
        compute,
        () => outlet?.source === undefined,
        { actor: this.actor, input: the },
      );
    },
  };
}

/** Throws 403 unless the policy allows the action. */
export function assertCan(actor: Actor, action: Action, resource?: ResourceFacts): void {
  if (!can(actor, action, resource)) throw forbidden();
}
