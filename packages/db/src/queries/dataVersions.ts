import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * Each tracked table's change counter (migration 0005_data_versions), by table name, and the
 * counters of parts of some tables (migration 0017_part_versions), by `partName`. What a reader
 * needs of it is `get` and `keys`, so a plain Map serves in tests.
 */
export interface DataVersions {
  get(name: string): number | undefined;
  /** The counters of whole tables and their named parts (`:modified`, `audit_events:<entity>`), not the buckets. */
  keys(): IterableIterator<string>;
}

/** How many buckets a parted table's counters have (migration 0017_part_versions). */
export const PART_BUCKETS = 64;

/**
 * The counter of the rows of `table` whose parting column (migration 0017_part_versions) has the
 * value `key`: one of `PART_BUCKETS` buckets, shared by every value with the same remainder.
 */
export function partName(table: string, key: number): string {
  return `${table}#${((key % PART_BUCKETS) + PART_BUCKETS) % PART_BUCKETS}`;
}

/** The counters as read, the buckets kept as PostgreSQL's array text and split only when asked for. */
class Counters extends Map<string, number> implements DataVersions {
  private readonly split = new Map<string, readonly string[]>();

  constructor(
    rows: Iterable<readonly [string, number]>,
    private readonly parts: ReadonlyMap<string, string>,
  ) {
    super(rows);
  }

  override get(name: string): number | undefined {
    const hash = name.indexOf("#");
    if (hash < 0) return super.get(name);
    const table = name.slice(0, hash);
    let buckets = this.split.get(table);
    if (buckets === undefined) {
      // "{3,0,1,...}": a table written before migration 0017, or never since, has none yet.
      const text = this.parts.get(table);
      buckets = text ? text.slice(1, -1).split(",") : [];
      this.split.set(table, buckets);
    }
    const bucket = buckets[Number(name.slice(hash + 1))];
    return bucket === undefined ? 0 : Number(bucket);
  }
}

/**
 * How far each table of this database has moved: its change counter (migration
 * 0005_data_versions), read for every table in one query. Every committed transaction that wrote
 * to a tracked table adds one to that table's counter, in the same commit as its data, whichever
 * instance, tool or person made it; reads leave them alone, and so do writes to other databases of
 * the same server. The server reads them once per request before anything else
 * (apps/api/src/readMemory/index.ts) and reuses what it remembered only while the counters of the
 * tables (or parts of tables) that value was read from (`scopedVersion`,
 * apps/api/src/readMemory/tables.ts) are the ones taken before reading it. The buckets of parted
 * tables come back as one array text per table and are split only when a reader asks for one.
 */
export async function currentVersions(db: Kysely<Database>): Promise<DataVersions> {
  // Aliased: the column names would otherwise be camel-cased on the way back.
  const result = await sql<{
    t: string;
    v: number | string;
    p: string | null;
  }>`select table_name as t, version as v, parts::text as p from data_versions`.execute(db);
  if (result.rows.length === 0) throw new Error("data_versions answered no row");
  const parts = new Map<string, string>();
  for (const row of result.rows) if (row.p) parts.set(row.t, row.p);
  return new Counters(
    result.rows.map((row) => [row.t, Number(row.v)] as const),
    parts,
  );
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
