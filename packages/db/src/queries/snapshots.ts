import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * Which transactions the database counts as committed right now, as text (`xmin:xmax:xip,...`).
 * Every commit of a transaction that wrote anything changes it: a running transaction leaves the
 * in-progress list, or a newer one moves `xmax`. Reads that take no transaction id leave it as it
 * is. So two equal snapshots mean nothing was written in between, on any connection of any
 * instance: the answer memory (apps/api/src/answerMemory.ts) uses this to reuse an answer only
 * while the data under it cannot have changed, with no trigger, table or lock on the write path.
 */
export async function currentSnapshot(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`.execute(db);
  const snapshot = result.rows[0]?.snapshot;
  if (snapshot === undefined) throw new Error("pg_current_snapshot() answered no row");
  return snapshot;
}
