import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/** `now() - ttl`, on the database's clock so every instance agrees on what has expired. */
const cutoff = (ttlMs: number) => sql<Date>`now() - make_interval(secs => ${ttlMs / 1000})`;

/**
 * Takes the key for this request: true when this request is the first with it (or the previous
 * use has expired and is replaced). On PostgreSQL a second request with the same key waits here
 * for the first one's transaction to end, then sees its row: the unique key decides, not a check.
 */
export async function claimKey(
  db: Kysely<Database>,
  row: { userId: number; key: string; fingerprint: string; ttlMs: number },
): Promise<boolean> {
  const claimed = await db
    .insertInto("idempotencyKeys")
    .values({ userId: row.userId, key: row.key, fingerprint: row.fingerprint })
    .onConflict((oc) =>
      oc
        .columns(["userId", "key"])
        .doUpdateSet({ fingerprint: row.fingerprint, answer: null, createdAt: sql`now()` })
        .where("idempotencyKeys.createdAt", "<", cutoff(row.ttlMs)),
    )
    .returning("key")
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function findKey(
  db: Kysely<Database>,
  userId: number,
  key: string,
): Promise<{ fingerprint: string; answer: string | null } | undefined> {
  return db
    .selectFrom("idempotencyKeys")
    .select(["fingerprint", "answer"])
    .where("userId", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function storeAnswer(db: Kysely<Database>, userId: number, key: string, answer: string): Promise<void> {
  await db.updateTable("idempotencyKeys").set({ answer }).where("userId", "=", userId).where("key", "=", key).execute();
}

/** Deletes keys older than the time they are honoured for; returns how many went. */
export async function deleteExpiredKeys(db: Kysely<Database>, ttlMs: number): Promise<number> {
  const result = await db.deleteFrom("idempotencyKeys").where("createdAt", "<", cutoff(ttlMs)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
