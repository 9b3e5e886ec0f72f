import { compliance, type Database, type DbHandle } from "@sitesafe/db";
import { type Action, type Actor, can, forbidden, type Language, type PublicUser, type ResourceFacts } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { RequestAnswers } from "./answerBudget.js";
import { type ValidatedSession, validateSessionToken } from "./auth/sessions.js";
import type { Config } from "./config.js";
import { FiguresCache } from "./figuresCache.js";
import type { Delivery } from "./jobs/queue.js";
import { resolveLanguage } from "./language.js";
import type { WholeListOutlet } from "./lists.js";
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
  /**
   * The server's cache of company-wide figures (figuresCache.ts): at most FIGURES_CACHE_MS old,
   * cleared by every write through this server.
   */
  figures: FiguresCache;
  /** Where project screens get worker counts and compliance: every project's, from `figures`. */
  projectFigures: compliance.ProjectFiguresLookup;
  /** Where worker lists get each worker's compliance (compliance.ts of the db package). */
  workerCompliance: compliance.WorkerComplianceLookup;
  /** The request's `Idempotency-Key` header, honoured by creates (services/idempotency.ts). */
  idempotencyKey: string | null;
  /** The job queue and e-mail (services/notifications.ts); unset for contexts built without a server (the bell only). */
  delivery?: Delivery | undefined;
  /** The server's clock (Config.now): what a service stamps and schedules with. */
  now: () => Date;
  /** The language of this request's messages and training content (language.ts), resolved once. */
  language: Language;
  /** The request's share of the memory for answers in flight (answerBudget.ts); unset outside HTTP. */
  answers?: RequestAnswers | undefined;
}

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
  /** The server's figures cache (figuresCache.ts); without one (tests building contexts), every figure is read. */
  figures?: FiguresCache | undefined;
  /** The request's `Idempotency-Key` header. */
  idempotencyKey?: string | undefined;
  /** The server's job queue and whether e-mail is on. */
  delivery?: Delivery | undefined;
  /** The request's `Accept-Language` header (language.ts). */
  acceptLanguage?: string | undefined;
  /** The request's answers in flight (answerBudget.ts), for whoever turns out to be signed in. */
  answers?: ((userId: number | null) => RequestAnswers) | undefined;
}

const NO_CACHE = new FiguresCache(0);
const wallClock = () => new Date();

/** Builds a context without HTTP, so tests can call procedures through `createCaller`. */
export async function createContext(input: ContextInput): Promise<Context> {
  const db = input.dbHandle.db;
  const figures = input.figures ?? NO_CACHE;
  const bearer = input.bearerToken !== undefined ? await authenticateServiceToken(db, input.bearerToken) : null;
  const sessionToken = input.sessionToken;
  const session = !bearer && sessionToken ? await validateSessionToken(db, sessionToken) : null;
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
    delivery: input.delivery,
    now: input.config.now ?? wallClock,
    answers: input.answers?.(user?.id ?? null),
    language: resolveLanguage({ sessionUser: bearer ? null : (session?.user ?? null), acceptLanguage: input.acceptLanguage }),
    figures,
    projectFigures: cachedProjectFigures(db, figures),
    workerCompliance: compliance.workerComplianceOfIds(db),
  };
}

/**
 * A lookup of at most this many projects (a worker's own, one project's page) reads just those
 * when every project's figures are not held: ~1 ms on seed:large, where reading all 200 takes
 * ~40 ms (docs/decisions/performance.md, "Without the read memory").
 */
const FEW_PROJECTS = 10;

/**
 * Every project's figures from the cache (one read serves every staff project screen for a few
 * seconds); a project the cached read does not know yet (created through another instance) is
 * read on the spot, never shown without figures.
 */
function cachedProjectFigures(db: Kysely<Database>, figures: FiguresCache): compliance.ProjectFiguresLookup {
  const readNow = compliance.projectFiguresOf(db);
  if (!figures.enabled) return readNow;
  return async (ids) => {
    if (ids.length === 0) return new Map();
    const held = figures.held<ReadonlyMap<number, compliance.ProjectFigures>>("projectFigures");
    if (!held && ids.length <= FEW_PROJECTS) return readNow(ids);
    const all = await (held ?? figures.get("projectFigures", () => compliance.allProjectFigures(db)));
    return ids.every((id) => all.has(id)) ? all : readNow(ids);
  };
}

/** Throws 403 unless the policy allows the action. */
export function assertCan(actor: Actor, action: Action, resource?: ResourceFacts): void {
  if (!can(actor, action, resource)) throw forbidden();
}
