import { compliance, type Database, dataVersions } from "@sitesafe/db";
import type { Kysely } from "kysely";
import type { RememberedSessions } from "../auth/sessions.js";
import { type AnswerKey, AnswerMemory } from "./answers.js";
import { FigureMemory } from "./figures.js";
import { checkTables, noteRead, ReadTablesPlugin, recordReads } from "./guard.js";
import { SessionMemory } from "./sessions.js";
import { MemoryStore, VersionedMemory } from "./store.js";
import { countersOf, type Reader, TRACKED_TABLES, tablesOf } from "./tables.js";

/**
 * The read memory: everything the server keeps in process memory to answer reads without the
 * database (README.md in this folder says what each part buys, with the benchmark's numbers).
 *
 * One `ReadMemory` per server holds one byte-bounded store (store.ts) and four kinds of value in
 * it: sessions (sessions.ts), compliance figures (figures.ts), company-wide values shared by every
 * staff member (`shared`), and answers to remembered procedures (answers.ts). Each request gets a
 * `RequestMemory` (`forRequest`): the table change counters read once, before anything else, and
 * every remembered read versioned on the counters of its own tables (tables.ts).
 */
export class ReadMemory {
  readonly store: MemoryStore;
  readonly sessions: SessionMemory;
  readonly figures: FigureMemory;
  readonly shared: VersionedMemory;
  readonly answers: AnswerMemory;

  constructor(readonly settings: ReadMemorySettings) {
    const on = settings.on ? 1 : 0;
    this.store = new MemoryStore(settings.budgetBytes);
    this.sessions = new SessionMemory(on * settings.sessionMs, this.store);
    this.figures = new FigureMemory(on * settings.figuresMs, this.store);
    this.shared = new VersionedMemory(this.store, "shared", on * settings.figuresMs);
    this.answers = new AnswerMemory(on * settings.answerMs, this.store);
  }
}

export interface ReadMemorySettings {
  /** Off (`READ_MEMORY=off`): nothing is remembered, whatever the lifetimes say. */
  on: boolean;
  /** `READ_MEMORY=unscoped`, for measuring only: every value versioned on every table. */
  unscoped: boolean;
  /** The one budget of the store (`MEMORY_BUDGET_BYTES`). */
  budgetBytes: number;
  /** Longest reuse of a session, of figures and shared values, of an answer; 0 turns that kind off. */
  sessionMs: number;
  figuresMs: number;
  answerMs: number;
}

/** One request's use of the memory; without a memory (tests building contexts), every read computes. */
export interface RequestMemory {
  /** This database's table change counters, read at most once per request. */
  versions(): Promise<dataVersions.DataVersions>;
  /** The session memory with this request's version of the session's tables. */
  sessions: RememberedSessions | undefined;
  projectFigures: compliance.ProjectFiguresLookup;
  workerCompliance: compliance.WorkerComplianceLookup;
  /** A value shared by every request (`Context.shared`). */
  shared<T>(name: string, read: () => Promise<T>): Promise<T>;
  /**
   * The remembered answer for `key`, else `compute()`'s, kept unless `keep` refuses it; `reader`
   * picks the parts of tables the answer reads (tables.ts).
   */
  answer<T>(key: AnswerKey, compute: () => Promise<T>, keep: (value: T) => boolean, reader: Reader): Promise<T>;
  /** Runs a read of `scope` under the guard of tables.ts (tests); for reads remembered elsewhere or not at all. */
  guarded<T>(scope: string, read: () => Promise<T>): Promise<T>;
}

/**
 * The memory as one request sees it. `db` is the request's Kysely; with `checking` (the API tests,
 * `checkReadTables`), it must carry `guardPlugin()` and every remembered computation is checked
 * against its entry in tables.ts.
 */
export function forRequest(memory: ReadMemory | undefined, db: Kysely<Database>, checking: boolean): RequestMemory {
  // The counters, asked for once per request and before the request reads anything else, so what
  // is remembered under them is at least as new as they are (answers.ts).
  let versions: Promise<dataVersions.DataVersions> | undefined;
  const versionsOnce = () => {
    versions ??= dataVersions.currentVersions(db);
    return versions;
  };
  const unscoped = memory?.settings.unscoped === true;
  const versionOf = (scope: string, reader?: Reader) => async () =>
    dataVersions.scopedVersion(await versionsOnce(), unscoped ? undefined : countersOf(scope, reader));
  const guarded = <T>(scope: string, read: () => Promise<T>): Promise<T> => (checking ? checkedRead(scope, read) : read());
  const figures = <V>(scope: string, lookup: compliance.FiguresLookup<V>): compliance.FiguresLookup<V> =>
    checking ? (ids) => checkedRead(scope, () => lookup(ids)) : lookup;
  return {
    versions: versionsOnce,
    sessions: memory ? { cache: memory.sessions, version: versionOf("session") } : undefined,
    projectFigures: figures(
      "figures:projects",
      memory?.figures.projects.lookup(db, versionOf("figures:projects")) ?? compliance.projectFiguresOf(db),
    ),
    workerCompliance: figures(
      "figures:workers",
      memory?.figures.workers.lookup(db, versionOf("figures:workers")) ?? compliance.workerComplianceOfIds(db),
    ),
    shared: (name, read) => {
      const scope = `shared:${name}`;
      const shared = memory?.shared;
      if (!shared?.enabled) return guarded(scope, read);
      return guarded(scope, async () => shared.read(name, await versionOf(scope)(), read));
    },
    answer: (key, compute, keep, reader) => {
      const scope = `answer:${key.path}`;
      if (!memory) return guarded(scope, compute);
      return guarded(scope, () => memory.answers.answer(versionOf(scope, reader), key, compute, keep));
    },
    guarded,
  };
}

/** The Kysely plugin the guard needs on a request's database handle (guard.ts). */
export function guardPlugin(): ReadTablesPlugin {
  return new ReadTablesPlugin();
}

/**
 * Runs a remembered read (`scope`, tables.ts) while recording the tables its queries name, fails
 * if one is missing from its entry, and counts its entry's tables as read by the computation
 * around it (an answer that shows remembered figures depends on their tables too).
 */
async function checkedRead<T>(scope: string, read: () => Promise<T>): Promise<T> {
  const { value, tables } = await recordReads(read);
  const allowed = tablesOf(scope);
  // A remembered read the map does not name would be versioned on every table: safe, but a sign
  // that a new `remembered(...)` was added without its entry.
  if (!allowed) throw new Error(`${scope} has no entry in apps/api/src/readMemory/tables.ts`);
  checkTables(scope, tables, allowed, TRACKED_TABLES);
  noteRead(allowed);
  return value;
}

export type { AnswerKey } from "./answers.js";
export { MAX_ROWS } from "./answers.js";
export { DEFAULT_MEMORY_BUDGET_BYTES, estimateBytes, MemoryStore } from "./store.js";
