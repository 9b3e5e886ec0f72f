/**
 * A list the caller may read whole or page by page (issue #10). A `limit` asks for a page; the
 * spec's clients ask for everything, which for a large contractor is 20,000 JHA forms and 16 MB of
 * JSON. Holding that as objects and one string per request took the server past 1 GB with ten such
 * requests at once, so whole lists are streamed in chunks instead (`stream`), and only pages are
 * read into memory (`rows`).
 */
export interface ListSource<T> {
  /** Every row of the query, in memory: for pages and small lists. */
  rows(): Promise<T[]>;
  /** The same rows in chunks of `chunkSize`, read through a database cursor. */
  chunks(chunkSize: number): AsyncIterable<T[]>;
}

/** What a Kysely select offers; the mapping turns a database row into the answer's shape. */
interface Streamable<R> {
  execute(): Promise<R[]>;
  stream(chunkSize?: number): AsyncIterableIterator<R>;
}

export function listSource<R, T = R>(query: Streamable<R>, map?: (row: R) => T): ListSource<T> {
  const toAnswer = map ?? ((row: R) => row as unknown as T);
  return {
    rows: async () => (await query.execute()).map(toAnswer),
    async *chunks(chunkSize) {
      let chunk: T[] = [];
      for await (const row of query.stream(chunkSize)) {
        chunk.push(toAnswer(row));
        if (chunk.length >= chunkSize) {
          yield chunk;
          chunk = [];
        }
      }
      if (chunk.length > 0) yield chunk;
    },
  };
}

/** The list of nothing (a worker with no assignments), without asking the database. */
export function emptyList<T>(): ListSource<T> {
  return {
    rows: async () => [],
    async *chunks() {},
  };
}
