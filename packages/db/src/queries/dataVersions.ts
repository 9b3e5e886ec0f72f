import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/** Each tracked table's change counter (migration 0005_data_versions), by table name. */
export type DataVersions = ReadonlyMap<string, number>;

/**
 * How far each table of this database has moved: its change counter (migration
 * 0005_data_versions), read for every table in one query. Every committed transaction that wrote
 * to a tracked table adds one to that table's counter, in the same commit as its data, whichever
 * instance, tool or person made it; reads leave them alone, and so do writes to other databases of
 * the same server. The server reads them once per request before anything else
 * (apps/api/src/context.ts) and reuses what it remembered (apps/api/src/memoryStore.ts and its
 * users) only while the counters of the tables that value was read from (`scopedVersion`,
 * apps/api/src/memoryTables.ts) are the ones taken before reading it.
 */
export async function currentVersions(db: Kysely<Database>): Promise<DataVersions> {
  // Aliased: the column names would otherwise be camel-cased on the way back.
  const result = await sql<{ t: string; v: number | string }>`select table_name as t, version as v from data_versions`.execute(db);
  if (result.rows.length === 0) throw new Error("data_versions answered no row");
  return new Map(result.rows.map((row) => [row.t, Number(row.v)]));
}

/**
 * The version of a value read from `tables` only: their counters, as one text
 * ("jha_forms:12,projects:3"). Equal texts mean none of those tables was written in between;
 * writes to other tables do not change it. Without `tables`, every table's counter: any write
 * changes it (the safe default for a read whose tables are not known).
 */
export function scopedVersion(versions: DataVersions, tables?: readonly string[]): string {
  const names = tables ?? [...versions.keys()].sort();
  let text = "";
  for (const name of names) text += `${text === "" ? "" : ","}${name}:${versions.get(name) ?? 0}`;
  return text;
}

/** Attaches the change trigger to every table that lacks it (tables added by later migrations). */
export async function trackDataChanges(db: Kysely<Database>): Promise<void> {
  await sql`select track_data_changes()`.execute(db);
}
