/**
 * The one place the server keeps things in process memory (docs/decisions/0105-bounded-memory.md, README.md here).
 * Remembered answers, sessions and shared figures all live here, under one budget in bytes
 * (`MEMORY_BUDGET_BYTES`, 64 MB by default), least recently used first out. Before, each memory
 * capped its entries by count: 200 answers of up to 100 maximum-size JHA forms each (11.6 MB) were
 * 2.3 GB, and a worker's ten searches killed the process.
 *
 * - An entry larger than `maxEntryBytes` (a sixteenth of the budget) is never kept: one huge answer
 *   cannot push out everything else, and is computed again when asked again.
 * - Sizes are estimates (`estimateBytes`): V8 does not tell what an object costs, so strings count
 *   two bytes a character and every object, array and number a fixed overhead. The estimate errs
 *   high; the process-level test (test/memoryBudget.test.ts) checks the resident size it leads to.
 * - Keys carry their kind ("answer:", "session:", "shared:"), so the kinds never collide.
 */
export const DEFAULT_MEMORY_BUDGET_BYTES = 64 * 1024 * 1024;

interface Held {
  value: unknown;
  bytes: number;
}

export class MemoryStore {
  private readonly entries = new Map<string, Held>();
  private used = 0;
  readonly maxEntryBytes: number;

  constructor(readonly budgetBytes = DEFAULT_MEMORY_BUDGET_BYTES) {
    this.maxEntryBytes = Math.floor(budgetBytes / 16);
  }

  /** Bytes held now (estimated); never above the budget. */
  get bytes(): number {
    return this.used;
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, which becomes the most recently used. */
  get<T>(key: string): T | undefined {
    const held = this.entries.get(key);
    if (!held) return undefined;
    this.entries.delete(key);
    this.entries.set(key, held);
    return held.value as T;
  }

  /**
   * Keeps `value` under `key` at an estimated `bytes`, pushing out the least recently used entries
   * until everything fits. Answers false, keeping nothing, when the value alone is over the
   * per-entry cap.
   */
  set(key: string, value: unknown, bytes: number): boolean {
    this.delete(key);
    const size = bytes + key.length * 2 + ENTRY_OVERHEAD;
    if (size > this.maxEntryBytes) return false;
    for (const [oldest, held] of this.entries) {
      if (this.used + size <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= held.bytes;
    }
    this.entries.set(key, { value, bytes: size });
    this.used += size;
    return true;
  }

  /** Forgets `key`; with `value`, only if that is still what it holds. */
  delete(key: string, value?: unknown): void {
    const held = this.entries.get(key);
    if (!held || (value !== undefined && held.value !== value)) return;
    this.entries.delete(key);
    this.used -= held.bytes;
  }
}

/**
 * What an entry's version text and its wrapper object cost: the version lists a counter per table
 * the value is read from (tables.ts), a few hundred characters, held beside every value.
 */
function versionBytes(version: string): number {
  return 16 + version.length * 2 + 64;
}

/** The map slot, key string header and entry object. */
const ENTRY_OVERHEAD = 96;

/**
 * About how many bytes `value` occupies on the heap, stopping early once past `limit` (the caller
 * only needs to know that it is too large). Strings two bytes a character, numbers and booleans
 * eight, every object, array, Map or Date 32 plus 16 a property.
 */
export function estimateBytes(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0 && total <= limit) {
    const item = stack.pop();
    if (typeof item === "string") {
      total += 16 + item.length * 2;
      continue;
    }
    if (typeof item !== "object" || item === null) {
      total += 8;
      continue;
    }
    if (seen.has(item)) continue;
    seen.add(item);
    total += 32;
    if (item instanceof Date) continue;
    if (item instanceof Map) {
      for (const [k, v] of item) {
        total += 16;
        stack.push(k, v);
      }
      continue;
    }
    if (Array.isArray(item)) {
      total += item.length * 8;
      for (const v of item) stack.push(v);
      continue;
    }
    for (const k in item) {
      total += 16 + k.length;
      stack.push((item as Record<string, unknown>)[k]);
    }
  }
  return total;
}

interface Remembered<T> {
  version: string;
  storedAt: number;
  value: T;
}

/**
 * Values of one kind kept in the store, each reused only while its version (the change counters
 * of the tables it is read from, `dataVersions.scopedVersion` and tables.ts, read once per request
 * before anything else) is the one read before the value was, and for at most `maxAgeMs`. Requests
 * that miss at the same moment share one computation. A failed computation is never kept.
 *
 * Nothing forgets on a write: the version is the only freshness rule. A write commits its table's
 * counter with its data, so the next request reads a new version and misses, on this instance
 * and every other.
 */
export class VersionedMemory {
  private readonly pending = new Map<string, { version: string; value: Promise<unknown> }>();

  constructor(
    readonly store: MemoryStore,
    private readonly kind: string,
    readonly maxAgeMs: number,
  ) {}

  get enabled(): boolean {
    return this.maxAgeMs > 0;
  }

  /** The value for `id` read under `version`, if it is held and not too old. */
  held<T>(id: string, version: string, now = Date.now()): T | undefined {
    const key = this.key(id);
    const entry = this.store.get<Remembered<T>>(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt >= this.maxAgeMs) {
      this.store.delete(key, entry);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value`, read under `version` (taken before the value was read); false if not kept. */
  keep(id: string, version: string, value: unknown, bytes = estimateBytes(value, this.store.maxEntryBytes), now = Date.now()): boolean {
    if (!this.enabled) return false;
    const entry: Remembered<unknown> = { version, storedAt: now, value };
    return this.store.set(this.key(id), entry, bytes + versionBytes(version));
  }

  /** Charges `bytes` for the held `value` of `id` (it grew), keeping its age; false if it is no longer held or no longer fits. */
  resize(id: string, value: unknown, bytes: number): boolean {
    const key = this.key(id);
    const entry = this.store.get<Remembered<unknown>>(key);
    if (!entry || entry.value !== value) return false;
    return this.store.set(key, entry, bytes + versionBytes(entry.version));
  }

  /**
   * The held value, else `compute()`'s, kept when `keepable` says so. With `share` false a
   * computation is never handed to another request (each request's own side effects matter).
   */
  read<T>(id: string, version: string, compute: () => Promise<T>, keepable: (value: T) => boolean = () => true, share = true): Promise<T> {
    if (!this.enabled) return compute();
    const held = this.held<T>(id, version);
    if (held !== undefined) return Promise.resolve(held);
    const inFlight = this.pending.get(id);
    if (share && inFlight && inFlight.version === version) return inFlight.value as Promise<T>;
    const value = compute();
    if (!share) {
      void value.then(
        (result) => keepable(result) && this.keep(id, version, result),
        () => undefined,
      );
      return value;
    }
    const pending = { version, value };
    this.pending.set(id, pending);
    const settle = () => {
      if (this.pending.get(id) === pending) this.pending.delete(id);
    };
    value.then(
      (result) => {
        settle();
        if (keepable(result)) this.keep(id, version, result);
      },
      // A failed read (403, 404, database down) is not kept: the next request asks again.
      settle,
    );
    return value;
  }

  private key(id: string): string {
    return `${this.kind}:${id}`;
  }
}
