import { LRUCache, type Perf } from "lru-cache";

/**
 * The one cache the server keeps (docs/decisions/0115-no-read-memory.md): a few company-wide
 * aggregates that average every training record on the site, each under a fixed name, so nothing
 * a request sends can add an entry. Measured on the seed:large dataset (docs/decisions/performance.md):
 * every project's figures ~40 ms, the staff dashboard's figures ~60 ms, the staff training
 * completion ~60 ms of SQL, where the rest of those screens costs a few milliseconds.
 *
 * - An entry is used for at most `FIGURES_CACHE_MS` (10 s at most; 0 turns the cache off).
 * - Every successful mutation through this process clears every entry (trpc.ts): a user's own
 *   write shows on their next read. A write through another instance or straight in the database
 *   shows within the lifetime.
 * - An entry is the read's promise, so requests that miss together share one read; a failed read
 *   is not kept.
 */
export type FigureName = "projectFigures" | "staffDashboard" | "staffTraining";

/** The longest a figure may be reused: the staleness docs/decisions/0115-no-read-memory.md promises. */
export const MAX_FIGURES_CACHE_MS = 10_000;

export class FiguresCache {
  private readonly cache: LRUCache<FigureName, { value: Promise<unknown> }> | undefined;

  /** `perf` is the clock (tests); lru-cache reads `perf.now()` for every age. */
  constructor(ttlMs: number, perf?: Perf) {
    this.cache =
      ttlMs > 0
        ? new LRUCache<FigureName, { value: Promise<unknown> }>({ max: 8, ttl: ttlMs, ttlResolution: 0, ...(perf ? { perf } : {}) })
        : undefined;
  }

  /** Off (`FIGURES_CACHE_MS=0`): every figure is read when asked for. */
  get enabled(): boolean {
    return this.cache !== undefined;
  }

  /** The figure `name` if a read of it younger than the lifetime is held; never reads. */
  held<T>(name: FigureName): Promise<T> | undefined {
    return this.cache?.get(name)?.value as Promise<T> | undefined;
  }

  /** The figure `name`, read by `read` unless a read of it younger than the lifetime is held. */
  get<T>(name: FigureName, read: () => Promise<T>): Promise<T> {
    const cache = this.cache;
    if (!cache) return read();
    const held = cache.get(name);
    if (held) return held.value as Promise<T>;
    const entry = { value: read() as Promise<unknown> };
    cache.set(name, entry);
    entry.value.catch(() => {
      if (cache.peek(name) === entry) cache.delete(name);
    });
    return entry.value as Promise<T>;
  }

  /** Forgets every figure: a write went through this process. */
  clear(): void {
    this.cache?.clear();
  }
}
