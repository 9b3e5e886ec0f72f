import type { sessions } from "@sitesafe/db";
import { type MemoryStore, VersionedMemory } from "./store.js";

/**
 * Looked-up sessions (docs/decisions/0005-session-cache.md). Every request needs its session, user,
 * worker profile and assignments; reading them from the database on every request was the largest
 * fixed cost of a small route. A remembered session is used only while the change counters of its
 * tables (sessions, users, workers, project_workers: the "session" entry of tables.ts) are the ones
 * read before it was: a logout, password change, role change or project assignment, made through
 * any instance or straight in the database, takes effect on the very next request everywhere. It
 * is also kept for at most `ttlMs` (`SESSION_CACHE_MS`, 2 s by default), within the store's budget.
 *
 * The secret is still checked on every request (auth/sessions.ts compares its hash); the memory
 * holds what the database returned, never a verdict on a token.
 */
export class SessionMemory {
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

  /** Keeps `session`, read after `version` was. */
  set(id: string, session: sessions.SessionWithActor, version: string, now = Date.now()): void {
    this.memory.keep(id, version, session, undefined, now);
  }
}
