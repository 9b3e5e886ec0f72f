import { wholeListOf } from "./lists.js";

/**
 * Answers to reads, remembered while the database under them is unchanged (issue #10;
 * docs/decisions/0007-answer-memory.md). The screens read the same pages again and again: a
 * screen's data is refetched on every visit, on focus and after each change, and the office and
 * the foremen look at the same lists. Reading and shaping a page of 50 records costs the server
 * 2-3 ms of CPU, most of it turning rows into objects and objects into JSON; the data under it
 * changes far less often than it is read.
 *
 * Before each remembered read the request asks the database for its current snapshot, the set of
 * committed transactions (`snapshots.currentSnapshot`, once per request, context.ts). An answer
 * is reused only when that snapshot is exactly the one taken before the answer was computed, so
 * no commit happened in between, through this process or any other instance or straight in the
 * database. Nothing on the write path knows about the memory, so no write can forget to clear it.
 *
 * - Keys are per signed-in user (`AnswerKey`): one person's answer is never handed to another,
 *   whatever their scope, role or assignments.
 * - Some answers depend on the clock as well as the data (upcoming permits, videos due): an
 *   answer is reused for at most `maxAgeMs`.
 * - Only bounded answers are kept: pages, single records and dashboard panels (`MAX_ROWS`);
 *   whole lists are streamed (lists.ts) and never held.
 * - At most `maxEntries` answers are held, least recently used first out; with `maxAgeMs` 0 every
 *   read goes to the database and no snapshot is asked for (the query-count test).
 * - Requests that miss at the same moment share one computation instead of each running it.
 *
 * Answers are shared between requests, so nothing may change an answer after it is returned; they
 * only go to the serialiser.
 */
export const MAX_ROWS = 100;
export const MAX_ENTRIES = 200;

/** Who asks (the signed-in user), how (REST streams whole lists, tRPC does not), what and with which input. */
export interface AnswerKey {
  userId: number;
  rest: boolean;
  path: string;
  input: unknown;
}

interface Entry {
  snapshot: string;
  storedAt: number;
  answer: Promise<unknown>;
  /** The answer as JSON, made once for the REST routes that send it (`json`). */
  json?: string;
}

export class AnswerMemory {
  private readonly entries = new Map<string, Entry>();
  private readonly byAnswer = new WeakMap<object, Entry>();

  constructor(
    private readonly maxAgeMs = 10_000,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get enabled(): boolean {
    return this.maxAgeMs > 0;
  }

  /** How many answers are held (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** The remembered answer for `key` if the data is unchanged, else `compute()`'s, remembered. */
  async answer<T>(snapshotOf: () => Promise<string>, key: AnswerKey, compute: () => Promise<T>): Promise<T> {
    if (!this.enabled) return compute();
    const snapshot = await snapshotOf();
    const id = keyText(key);
    const now = Date.now();
    const held = this.entries.get(id);
    if (held && held.snapshot === snapshot && now - held.storedAt < this.maxAgeMs) {
      // Least recently used goes first: a hit moves to the end of the map's order.
      this.entries.delete(id);
      this.entries.set(id, held);
      return held.answer as Promise<T>;
    }
    const answer = compute();
    const entry: Entry = { snapshot, storedAt: now, answer };
    this.entries.set(id, entry);
    this.trim();
    answer.then(
      (value) => {
        if (keepable(value)) this.byAnswer.set(value as object, entry);
        else this.forget(id, entry);
      },
      // A failed read (403, 404, database down) is not remembered: the next request asks again.
      () => this.forget(id, entry),
    );
    return answer;
  }

  /** A remembered answer's JSON, made once; undefined for anything this memory does not hold. */
  json(value: unknown): string | undefined {
    if (typeof value !== "object" || value === null) return undefined;
    const entry = this.byAnswer.get(value);
    if (!entry) return undefined;
    entry.json ??= JSON.stringify(value);
    return entry.json;
  }

  private forget(id: string, entry: Entry): void {
    if (this.entries.get(id) === entry) this.entries.delete(id);
  }

  private trim(): void {
    for (const id of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(id);
    }
  }
}

function keyText(key: AnswerKey): string {
  return `${key.userId}\u0000${key.rest ? "rest" : "trpc"}\u0000${key.path}\u0000${JSON.stringify(key.input ?? null)}`;
}

/** Objects of at most MAX_ROWS rows; a whole list streamed over REST is never held. */
function keepable(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  if (Array.isArray(value)) return value.length <= MAX_ROWS && wholeListOf(value) === undefined;
  const items = (value as { items?: unknown }).items;
  return !Array.isArray(items) || items.length <= MAX_ROWS;
}

/**
 * One value per database handle, shared by every request of the process: read once, then reused
 * while the request's snapshot is the one it was read under (no commit since, anywhere) and for at
 * most `ttlMs`. A failed read is not kept. The compliance figures (complianceMemory.ts) and the
 * staff dashboard's company-wide figures (routers/dashboard.ts) are kept this way; keyed by the
 * handle, so test servers on different databases never share a value.
 */
export class SnapshotMemo<T> {
  private entries = new WeakMap<object, { snapshot: string; storedAt: number; value: Promise<T> }>();

  constructor(private readonly ttlMs: number) {}

  get(db: object, snapshot: string, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const held = this.entries.get(db);
    if (held && held.snapshot === snapshot && now - held.storedAt < this.ttlMs) return held.value;
    const value = read();
    const entry = { snapshot, storedAt: now, value };
    this.entries.set(db, entry);
    value.catch(() => {
      if (this.entries.get(db) === entry) this.entries.delete(db);
    });
    return value;
  }

  /** Forgets every value (a write through this process). */
  forget(): void {
    this.entries = new WeakMap();
  }
}
