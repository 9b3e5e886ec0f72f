import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * How far this database's data has moved, as one text: the sum of the per-table change counters
 * (migration 0005_data_versions). Every committed transaction that wrote to a tracked table adds
 * at least one, in the same commit as its data, whichever instance, tool or person made it; reads
 * leave it alone, and so do writes to other databases of the same server. Two equal versions mean
 * nothing was written here in between, so the server's memory (apps/api/src/memoryStore.ts and its
 * users) reuses what it read only while the version is the one taken before reading it.
 */
export async function currentVersion(db: Kysely<Database>): Promise<string> {
  const result = await sql<{ version: string }>`select coalesce(sum(version), 0)::text as version from data_versions`.execute(db);
  const version = result.rows[0]?.version;
  if (version === undefined) throw new Error("data_versions answered no row");
  return String(version);
}

/** Attaches the change trigger to every table that lacks it (tables added by later migrations). */
export async function trackDataChanges(db: Kysely<Database>): Promise<void> {
  await sql`select track_data_changes()`.execute(db);
}
