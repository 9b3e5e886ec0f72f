import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";

/**
 * A list the caller may read whole or page by page (docs/decisions/performance.md). A `limit` asks for a page; the
 * spec's clients ask for everything, which for a large contractor is 20,000 JHA forms and 16 MB of
 * JSON. Holding that as objects and one string per request took the server past 1 GB with ten such
 * requests at once, so whole lists are read in chunks instead (`chunks`), and only pages are read
 * into memory (`rows`). The web app's screens ask for pages and show "N in all", so a source also
 * counts the rows its filters match (`count`), ignoring the page.
 */
export interface ListSource<T> {
  /** Every row of the query, in memory: for pages and small lists. */
  rows(): Promise<T[]>;
  /**
   * The same rows in chunks of at most `chunkSize`, each read by its own short query after the
   * last row of the one before (keyset), so no connection is held between chunks (docs/decisions/0105-bounded-memory.md).
   */
  chunks(chunkSize: number): AsyncIterable<T[]>;
  /** How many rows the filters match, whatever the page. */
  count(): Promise<number>;
}

/**
 * The list's order, for reading it in chunks: its ORDER BY columns, last one unique (the id), all
 * in one direction, each with its SQL type. A chunk asks for the rows after the previous chunk's
 * last row, `(a, b, id) < (last a, last b, last id)` for a descending list, which an index on
 * those columns answers without reading what came before. The key values travel as the database's
 * own text (`::text`), so a timestamp keeps its microseconds.
 */
export interface Keyset {
  direction: "asc" | "desc";
  columns: readonly (readonly [ref: string, type: "timestamptz" | "date" | "text" | "integer"])[];
}

export const keyset = (direction: Keyset["direction"], ...columns: Keyset["columns"]): Keyset => ({ direction, columns });

/**
 * A Kysely select whose filters decide what is counted. Its columns, order and page are dropped
 * before counting, so a list may pass its own query; a list whose columns need costly joins
 * (compliance per worker) passes its bare filtered table instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: any table and row shape may be counted
export type Countable = SelectQueryBuilder<any, any, any>;

/** Counts what a query's filters match (its columns, order and page ignored). */
export async function countMatching(query: Countable): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .clearLimit()
    .clearOffset()
    .select(sql<string>`count(*)`.as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The key columns' aliases in a chunk's rows; removed before the row is mapped. */
const KEY_ALIAS = "listKey";

/**
 * `order` is the query's ORDER BY as a keyset (chunks). `complete` adds what the query does not
 * read itself, a page or a chunk at a time (each worker's compliance, from a lookup that may be
 * remembered): one more query per page, never one per row.
 */
export function listSource<R, M = R, T = M>(
  // biome-ignore lint/suspicious/noExplicitAny: any table may be listed
  query: SelectQueryBuilder<any, any, R>,
  order: Keyset,
  map?: (row: R) => M,
  matching?: Countable,
  complete: (rows: M[]) => Promise<T[]> = async (rows) => rows as unknown as T[],
): ListSource<T> {
  const toAnswer = map ?? ((row: R) => row as unknown as M);
  const refs = order.columns.map(([ref]) => sql.ref(ref));
  const keyed = query.select(order.columns.map(([ref], i) => sql<string>`${sql.ref(ref)}::text`.as(`${KEY_ALIAS}${i}`)));
  const comparison = sql.raw(order.direction === "desc" ? "<" : ">");
  return {
    rows: async () => complete((await query.execute()).map(toAnswer)),
    async *chunks(chunkSize) {
      let after: RawBuilder<unknown>[] | undefined;
      for (;;) {
        let next = keyed.limit(chunkSize);
        if (after) next = next.where(sql<boolean>`(${sql.join(refs)}) ${comparison} (${sql.join(after)})`);
        const found = (await next.execute()) as Record<string, unknown>[];
        const last = found.at(-1);
        if (!last) return;
        after = order.columns.map(([, type], i) => sql`${last[`${KEY_ALIAS}${i}`]}::${sql.raw(type)}`);
        yield await complete(found.map((row) => toAnswer(withoutKeys(row))));
        if (found.length < chunkSize) return;
      }
    },
    count: () => countMatching(matching ?? (query as unknown as Countable)),
  };
}

function withoutKeys<R>(row: Record<string, unknown>): R {
  const out: Record<string, unknown> = {};
  for (const name in row) if (!name.startsWith(KEY_ALIAS)) out[name] = row[name];
  return out as R;
}

/** The list of nothing (a worker with no assignments), without asking the database. */
export function emptyList<T>(): ListSource<T> {
  return {
    rows: async () => [],
    async *chunks() {},
    count: async () => 0,
  };
}
