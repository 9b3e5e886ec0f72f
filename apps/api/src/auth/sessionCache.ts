import type { sessions } from "@sitesafe/db";

/**
 * A short-lived, per-process memory of looked-up sessions (issue #10). Every request needs its
 * session, user, worker profile and assignments; reading them from the database on every request
 * was the largest fixed cost of a small route. A session stays in memory for at most `ttlMs`
 * (default 2 s), and every write that goes through this process empties the memory at once
 * (`invalidate`), so on one instance a logout, password change, role change or project
 * assignment takes effect on the very next request. Another instance may serve its remembered
 * copy for up to `ttlMs` more: the bound docs/decisions/0005-session-cache.md accepts.
 *
 * The secret is still checked on every request (sessions.ts compares its hash); the memory holds
 * what the database returned, never a verdict on a token.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: sessions.SessionWithActor; storedAt: number }>();
  /** Bumped by every invalidation; a lookup that started before one must not be remembered. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(id: string, now = Date.now()): sessions.SessionWithActor | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  /** The generation to hand back to `set`: taken before the database read. */
  begin(): number {
    return this.generation;
  }

  set(id: string, session: sessions.SessionWithActor, startedAt: number, now = Date.now()): void {
    if (startedAt !== this.generation || this.ttlMs <= 0) return;
    // Bounded: a flood of distinct sessions cannot grow the memory without limit.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { session, storedAt: now });
  }

  /** Something was written: forget every session, and every lookup still in flight. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
