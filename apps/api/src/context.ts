import { compliance, type Database, type DbHandle, dataVersions } from "@sitesafe/db";
import { type Action, type Actor, can, forbidden, type Language, type PublicUser, type ResourceFacts } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { AnswerMemory } from "./answerMemory.js";
import type { SessionCache } from "./auth/sessionCache.js";
import { type ValidatedSession, validateSessionToken } from "./auth/sessions.js";
import type { ComplianceMemory } from "./complianceMemory.js";
import type { Config } from "./config.js";
import { resolveLanguage } from "./language.js";
import type { WholeListOutlet } from "./lists.js";
import type { VersionedMemory } from "./memoryStore.js";
import { TRACKED_TABLES, tablesOf } from "./memoryTables.js";
import { checkTables, noteRead, ReadTablesPlugin, recordReads } from "./readTables.js";
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
  /** Called after every successful write, so remembered sessions cannot outlive a change. */
  onWrite: () => void;
  /** Set by the REST adapter: lists asked for whole are left here and streamed, not read into memory (lists.ts). */
  wholeList?: WholeListOutlet | undefined;
  /** Where project screens get worker counts and compliance (complianceMemory.ts). */
  projectFigures: compliance.ProjectFiguresLookup;
  /** Where worker lists get each worker's compliance (complianceMemory.ts). */
  workerCompliance: compliance.WorkerComplianceLookup;
  /**
   * This database's per-table change counters (`dataVersions.currentVersions`), read once per
   * request before anything else the request reads: what a memory holds is reused only while the
   * counters of the tables it was read from (memoryTables.ts) are the ones read before it was.
   */
  dataVersions: () => Promise<dataVersions.DataVersions>;
  /**
   * A value shared by every request of the server (the staff dashboard's company-wide figures):
   * read once, then reused while the counters of its tables (memoryTables.ts) are unchanged. Without
   * a memory, read every time.
   */
  shared<T>(name: string, read: () => Promise<T>): Promise<T>;
  /**
   * Answers a read from the answer memory while the data is unchanged, else computes it
   * (answerMemory.ts). Without a memory, or with no one signed in, it always computes.
   */
  remember<T>(path: string, input: unknown, compute: () => Promise<T>): Promise<T>;
  /** The request's `Idempotency-Key` header, honoured by creates (services/idempotency.ts). */
  idempotencyKey: string | null;
  /** The language of this request's messages and training content (language.ts), resolved once. */
  language: Language;
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
  /** The server's session memory; tests that build contexts directly go without. */
  sessionCache?: SessionCache | undefined;
  /** The server's memory of compliance figures; without it, figures are read on every request. */
  complianceMemory?: ComplianceMemory | undefined;
  /** The server's memory of recent answers; without it, every read is computed. */
  answerMemory?: AnswerMemory | undefined;
  /** The request's `Idempotency-Key` header. */
  idempotencyKey?: string | undefined;
  /** The server's memory of values shared by every request (`Context.shared`). */
  sharedMemory?: VersionedMemory | undefined;
  /** The request's `Accept-Language` header (language.ts). */
  acceptLanguage?: string | undefined;
}

/** Builds a context without HTTP, so tests can call procedures through `createCaller`. */
export async function createContext(input: ContextInput): Promise<Context> {
  const memory = input.answerMemory;
  // The table map's guard (readTables.ts), on in the tests: every remembered computation's reads
  // must be listed in its entry of memoryTables.ts.
  const checking = input.config.checkReadTables === true;
  const db = checking ? input.dbHandle.db.withPlugin(new ReadTablesPlugin()) : input.dbHandle.db;
  // The per-table change counters, asked for once per request and before the request reads
  // anything else, so what is remembered under them (session, figures, answers) is at least as new
  // as they are (answerMemory.ts). Each remembered value is versioned on the counters of the tables
  // it is read from only (memoryTables.ts): a write elsewhere does not make it read again.
  let versions: Promise<dataVersions.DataVersions> | undefined;
  const versionsOnce = () => {
    versions ??= dataVersions.currentVersions(db);
    return versions;
  };
  // READ_MEMORY=unscoped (measuring only): every value on every table, as before 0112.
  const unscoped = input.config.readMemoryUnscoped === true;
  const versionFor = (scope: string) => async () =>
    dataVersions.scopedVersion(await versionsOnce(), unscoped ? undefined : tablesOf(scope));
  const guarded = <T>(scope: string, read: () => Promise<T>): Promise<T> => (checking ? checkedRead(scope, read) : read());
  const versionOnce = versionFor("session");
  const sessionMemory = input.sessionCache ? { cache: input.sessionCache, version: versionOnce } : undefined;
  const figuresLookup = <V>(scope: string, lookup: compliance.FiguresLookup<V>): compliance.FiguresLookup<V> =>
    checking ? (ids) => checkedRead(scope, () => lookup(ids)) : lookup;
  const bearer = input.bearerToken !== undefined ? await authenticateServiceToken(db, input.bearerToken) : null;
  const sessionToken = input.sessionToken;
  const session = !bearer && sessionToken ? await guarded("session", () => validateSessionToken(db, sessionToken, sessionMemory)) : null;
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
    onWrite: () => {
      input.sessionCache?.invalidate();
      input.complianceMemory?.invalidate();
    },
    idempotencyKey: input.idempotencyKey ?? null,
    language: resolveLanguage({ sessionUser: bearer ? null : (session?.user ?? null), acceptLanguage: input.acceptLanguage }),
    projectFigures: figuresLookup(
      "figures:projects",
      input.complianceMemory?.projects.lookup(db, versionFor("figures:projects")) ?? compliance.projectFiguresOf(db),
    ),
    workerCompliance: figuresLookup(
      "figures:workers",
      input.complianceMemory?.workers.lookup(db, versionFor("figures:workers")) ?? compliance.workerComplianceOfIds(db),
    ),
    dataVersions: versionsOnce,
    shared: (name, read) => {
      const scope = `shared:${name}`;
      const shared = input.sharedMemory;
      if (!shared?.enabled) return guarded(scope, read);
      return guarded(scope, async () => shared.read(name, await versionFor(scope)(), read));
    },
    // A method, not an arrow: the REST adapter and tRPC's middlewares hand procedures copies of
    // this context, and the key must say whether the copy streams whole lists. Keyed by the user a
    // session or a service token acts as: a token answers exactly what its owner would see.
    remember<T>(this: Context, path: string, the: unknown, compute: () => Promise<T>): Promise<T> {
      const scope = `answer:${path}`;
      if (!memory || !user) return guarded(scope, compute);
      const outlet = this.wholeList;
      // A whole list left in the outlet is streamed by this request, never remembered.
      // The language is part of the key: a module is answered in the reader's language.
      return guarded(scope, () =>
        memory.answer(
          versionFor(scope),
          { userId: user.id, rest: outlet !== undefined, path, input: the, language: this.language },
          compute,
          () => outlet?.source === undefined,
        ),
      );
    },
  };
}

/**
 * Runs a remembered read (`scope`, memoryTables.ts) while recording the tables its queries name,
 * fails if one is missing from its entry, and counts its entry's tables as read by the computation
 * around it (an answer that shows remembered figures depends on their tables too).
 */
async function checkedRead<T>(scope: string, read: () => Promise<T>): Promise<T> {
  const { value, tables } = await recordReads(read);
  const allowed = tablesOf(scope);
  // A remembered read the map does not name would be versioned on every table: safe, but a sign
  // that a new `remembered(...)` was added without its entry.
  if (!allowed) throw new Error(`${scope} has no entry in apps/api/src/memoryTables.ts`);
  checkTables(scope, tables, allowed, TRACKED_TABLES);
  noteRead(allowed ?? TRACKED_TABLES);
  return value;
}

/** Throws 403 unless the policy allows the action. */
export function assertCan(actor: Actor, action: Action, resource?: ResourceFacts): void {
  if (!can(actor, action, resource)) throw forbidden();
}
