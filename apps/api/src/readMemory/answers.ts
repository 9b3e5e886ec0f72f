import { estimateBytes, type MemoryStore, VersionedMemory } from "./store.js";

/**
 * Answers to reads, remembered while the database under them is unchanged (docs/decisions/performance.md;
 * docs/decisions/0007-answer-memory.md, 0105-bounded-memory.md). The screens read the same pages
 * again and again: a screen's data is refetched on every visit, on focus and after each change,
 * and the office and the foremen look at the same lists. Reading and shaping a page of 50 records
 * costs the server 2-3 ms of CPU, most of it turning rows into objects and objects into JSON; the
 * data under it changes far less often than it is read.
 *
 * Before each remembered read the request asks the database for its per-table change counters
 * (kept by triggers, `dataVersions.currentVersions`, once per request, request.ts). An answer's
 * version is the counters of just the tables its computation reads (tables.ts, e.g.
 * "hot_work_permits:12,project_workers:3,..."; docs/decisions/0112-scoped-read-memory.md). An
 * answer is reused only when that version is exactly the one read before the answer was computed,
 * so no write to one of its tables was committed to this database in between, through this
 * process, any other instance or straight in the database. Writes to other tables (a safety
 * message does not change a permits page) and to other databases of the same server do not count.
 * Nothing on the application's write path knows about the memory, so no write can forget to clear
 * it. The API tests check that every remembered computation reads only tables its entry lists
 * (guard.ts).
 *
 * - Keys are per signed-in user (`AnswerKey`): one person's answer is never handed to another,
 *   whatever their scope, role or assignments.
 * - Some answers depend on the clock as well as the data (upcoming permits, videos due): an
 *   answer is reused for at most `maxAgeMs`.
 * - Answers live in the server's one memory store (store.ts), bounded in bytes with the
 *   sessions and shared figures, least recently used first out; an answer over the store's
 *   per-entry cap is never kept, nor a page of more than `MAX_ROWS` rows, nor a whole list (the
 *   caller says so through `keep`).
 * - With `maxAgeMs` 0 every read goes to the database and no version is asked for (the
 *   query-count test).
 * - Requests that miss at the same moment share one computation instead of each running it.
 *
 * Answers are shared between requests, so nothing may change an answer after it is returned; they
 * only go to the serialiser.
 */
export const MAX_ROWS = 100;

/** Who asks (the signed-in user), how (REST streams whole lists, tRPC does not), what and with which input. */
export interface AnswerKey {
  userId: number;
  rest: boolean;
  path: string;
  input: unknown;
  /** The request's language (language.ts): the same read in Spanish is another answer. */
  language?: string;
}

export class AnswerMemory {
  private readonly memory: VersionedMemory;
  /** A held answer's key, and its JSON once made, for the REST routes that send it (`json`). */
  private readonly byAnswer = new WeakMap<object, { id: string; version: string; json?: string }>();

  constructor(maxAgeMs: number, store: MemoryStore) {
    this.memory = new VersionedMemory(store, "answer", maxAgeMs);
  }

  get enabled(): boolean {
    return this.memory.enabled;
  }

  /**
   * The remembered answer for `key` if the data is unchanged, else `compute()`'s, remembered
   * unless `keep` refuses it.
   */
  async answer<T>(
    versionOf: () => Promise<string>,
    key: AnswerKey,
    compute: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    if (!this.enabled) return compute();
    const version = await versionOf();
    const id = keyText(key);
    // REST reads are not shared while in flight: a whole list leaves its rows with the request
    // that asked (lists.ts), which a second request handed the same computation would not get.
    const answer = await this.memory.read(id, version, compute, () => false, !key.rest);
    if (keepable(answer) && keep(answer) && !this.byAnswer.has(answer) && this.memory.keep(id, version, answer)) {
      this.byAnswer.set(answer, { id, version });
    }
    return answer;
  }

  /** A remembered answer's JSON, made once; undefined for anything this memory does not hold. */
  json(value: unknown): string | undefined {
    if (typeof value !== "object" || value === null) return undefined;
    const entry = this.byAnswer.get(value);
    if (!entry) return undefined;
    if (entry.json === undefined) {
      const json = JSON.stringify(value);
      // The JSON is held beside the answer: charged to the budget, or both are let go.
      if (!this.memory.resize(entry.id, value, estimateBytes(value) + json.length * 2)) {
        this.byAnswer.delete(value);
        return json;
      }
      entry.json = json;
    }
    return entry.json;
  }
}

function keyText(key: AnswerKey): string {
  return `${key.userId}\u0000${key.rest ? "rest" : "trpc"}\u0000${key.language ?? "en"}\u0000${key.path}\u0000${JSON.stringify(key.input ?? null)}`;
}

/** Objects of at most MAX_ROWS rows. */
function keepable(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.length <= MAX_ROWS;
  const items = (value as { items?: unknown }).items;
  return !Array.isArray(items) || items.length <= MAX_ROWS;
}
