import type { Kysely } from "kysely";
import { compiledOnce } from "../compiledOnce.js";
import type { Database } from "../types.js";
import { type ActorFacts, actorColumns, actorFactsOf } from "./actors.js";

export async function insertSession(
  db: Kysely<Database>,
  session: { id: string; secretHash: Uint8Array; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export type SessionWithActor = { id: string; secretHash: Uint8Array; expiresAt: Date } & ActorFacts;

/**
 * The session, its user, the user's worker profile and assigned projects in one round trip: this
 * runs on every request, so it must stay a single query.
 */
export async function findSessionWithActor(db: Kysely<Database>, id: string): Promise<SessionWithActor | undefined> {
  const [row] = await sessionWithActor(db, id);
  if (!row) return undefined;
  return { id: row.id, secretHash: row.secretHash, expiresAt: row.expiresAt, ...actorFactsOf(row) };
}

/** Compiled once per handle (compiledOnce.ts): it runs on every request. */
const sessionWithActor = compiledOnce((db: Kysely<Database>, id: string) =>
  db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .leftJoin("workers as w", "w.userId", "u.id")
    .select(["s.id", "s.secretHash", "s.expiresAt", ...actorColumns])
    .where("s.id", "=", id),
);

export async function extendSession(db: Kysely<Database>, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable("sessions").set({ expiresAt }).where("id", "=", id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends every session of a user, except optionally the one making the request. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number, exceptSessionId?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("userId", "=", userId);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  await db.deleteFrom("sessions").where("expiresAt", "<=", now).execute();
}
