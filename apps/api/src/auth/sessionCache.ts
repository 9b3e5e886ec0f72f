import type { sessions } from "@sitesafe/db";
import { type MemoryStore, VersionedMemory } from "../memoryStore.js";

/**
 * A short-lived, per-process memory of looked-up sessions (docs/decisions/performance.md). Every request needs its
 * session, user, worker profile and assignments; reading them from the database on every request
 * was the largest fixed cost of a small route. A remembered session is used only while the
 * change counters of the session's tables (sessions, users, workers, project_workers:
 * memoryTables.ts, `dataVersions.currentVersions`, see answerMemory.ts) are the ones read before it
 * was: any write to those tables, through this process, another instance or straight in the
 * database, makes the next request read it again, so a logout, password change, role change or
 * project assignment takes effect on the very next request everywhere. It is also kept for at
 * most `ttlMs` (default 2 s), and every write through this process forgets every session
 * (`invalidate`). Sessions are kept in the server's memory store, within its byte budget
 * (memoryStore.ts). docs/decisions/0005-session-cache.md, 0007-answer-memory.md.
 *
 * The secret is still checked on every request (sessions.ts compares its hash); the memory holds
 * what the database returned, never a verdict on a token.
 */
export class SessionCache {
  private readonly memory: VersionedMemory;

  constructor(ttlMs: number, store: MemoryStore) {
    this.memory = new VersionedMemory(store, "session", ttlMs);
  }

  get enabled(): boolean {
    return this.memory.enabled;
  }

  /** The session as read under `version`, if it was and is not too old. */
  get(id: string, version: string, now = Date.now()): sessions.SessionWithActor | undefined {
    return this.memory.held(id, version, now);
  }

  /** The generation to hand back to `set`: taken before the database read. */
  begin(): number {
    return this.memory.begin();
  }

  /** `version` was read before the session was. */
  set(id: string, session: sessions.SessionWithActor, startedAt: number, version: string, now = Date.now()): void {
    this.memory.keep(id, version, session, startedAt, undefined, now);
  }

  /** Something was written: forget every session, and every lookup still in flight. */
  invalidate(): void {
    this.memory.forget();
  }
}
