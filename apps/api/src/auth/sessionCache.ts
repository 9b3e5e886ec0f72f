import type { sessions } from "@sitesafe/db";

/**
 * A short-lived, per-process memory of looked-up sessions (issue #10). Every request needs its
 * session, user, worker profile and assignments; reading them from the database on every request
 * was the largest fixed cost of a small route. A remembered session is used only while the
 * database's snapshot is the one taken before it was read (`snapshots.currentSnapshot`, see
 * answerMemory.ts): any commit, through this process, another instance or straight in the
 * database, makes the next request read it again, so a logout, password change, role change or
 * project assignment takes effect on the very next request everywhere. It is also kept for at most
 * `ttlMs` (default 2 s), and every write through this process empties the memory (`invalidate`).
 * docs/decisions/0005-session-cache.md, 0007-answer-memory.md.
 *
 * The secret is still checked on every request (sessions.ts compares its hash); the memory holds
 * what the database returned, never a verdict on a token.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: sessions.SessionWithActor; snapshot: string; storedAt: number }>();
  /** Bumped by every invalidation; a lookup that started before one must not be remembered. */
  private generation = 0;

  constructor(
    private readonly ttlMs = 2_000,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The session as read under `snapshot`, if it was and is not too old. */
  get(id: string, snapshot: string, now = Date.now()): sessions.SessionWithActor | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.snapshot !== snapshot || now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.session;
  }

  /** The generation to hand back to `set`: taken before the database read. */
  begin(): number {
    return this.generation;
  }

  /** `snapshot` was taken before the session was read. */
  set(id: string, session: sessions.SessionWithActor, startedAt: number, snapshot: string, now = Date.now()): void {
    if (startedAt !== this.generation || this.ttlMs <= 0) return;
    // Bounded: a flood of distinct sessions cannot grow the memory without limit.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(id, { session, snapshot, storedAt: now });
  }

  /** Something was written: forget every session, and every lookup still in flight. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}
