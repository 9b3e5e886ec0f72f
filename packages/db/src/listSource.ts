import { type SelectQueryBuilder, sql } from "kysely";

/**
 * A list the caller may read whole or page by page (issue #10). A `limit` asks for a page; the
 * spec's clients ask for everything, which for a large contractor is 20,000 JHA forms and 16 MB of
 * JSON. Holding that as objects and one string per request took the server past 1 GB with ten such
 * requests at once, so whole lists are streamed in chunks instead (`stream`), and only pages are
 * read into memory (`rows`). The web app's screens ask for pages and show "N in all", so a source
 * also counts the rows its filters match (`count`), ignoring the page.
 */
export interface ListSource<T> {
  /** Every row of the query, in memory: for pages and small lists. */
  rows(): Promise<T[]>;
  /** The same rows in chunks of `chunkSize`, read through a database cursor. */
  chunks(chunkSize: number): AsyncIterable<T[]>;
  /** How many rows the filters match, whatever the page. */
  count(): Promise<number>;
}

/** What a Kysely select offers; the mapping turns a database row into the answer's shape. */
interface Streamable<R> {
  execute(): Promise<R[]>;
  stream(chunkSize?: number): AsyncIterableIterator<R>;
}

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

/**
 * `complete` adds what the query does not read itself, a page or a chunk at a time (each worker's
 * compliance, from a lookup that may be remembered): one more query per page, never one per row.
 */
export function listSource<R, M = R, T = M>(
  query: Streamable<R>,
  map?: (row: R) => M,
  matching?: Countable,
  complete: (rows: M[]) => Promise<T[]> = async (rows) => rows as unknown as T[],
): ListSource<T> {
  const toAnswer = map ?? ((row: R) => row as unknown as M);
  return {
    rows: async () => complete((await query.execute()).map(toAnswer)),
    async *chunks(chunkSize) {
      let chunk: M[] = [];
      for await (const row of query.stream(chunkSize)) {
        chunk.push(toAnswer(row));
        if (chunk.length >= chunkSize) {
          yield await complete(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) yield await complete(chunk);
    },
    count: () => countMatching(matching ?? (query as unknown as Countable)),
  };
}

/** The list of nothing (a worker with no assignments), without asking the database. */
export function emptyList<T>(): ListSource<T> {
  return {
    rows: async () => [],
    async *chunks() {},
    count: async () => 0,
  };
}
