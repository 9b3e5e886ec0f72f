import {
  DummyDriver,
  Kysely,
  type KyselyPlugin,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  type RootOperationNode,
  type SelectQueryBuilder,
  sql,
} from "kysely";

/**
 * A list the caller may read whole or page by page (docs/decisions/performance.md). A `limit` asks for a page; the
 * product's clients ask for everything, which for a large contractor is 20,000 JHA forms and 16 MB of
 * JSON. Holding that as objects and one string per request took the server past 1 GB with ten such
 * requests at once, so whole lists are read in chunks instead (`chunks`), and only pages are read
 * into memory (`rows`). The web app's screens ask for pages and show "N in all", so a source also
 * counts the rows its filters match (`count`), ignoring the page.
 */
export interface ListSource<T> {
  /** Every row of the query, in memory: for pages and small lists. */
  rows(): Promise<T[]>;
  /**
   * The rows, as `rows()`, when their text takes at most `maxBytes`; otherwise `ListTooLarge` is
   * thrown, having read at most `maxBytes` and one row into memory (the database stops there).
   * `bytes` is the rows' size as the database's text of them, close to their JSON.
   */
  rowsWithin(maxBytes: number): Promise<{ rows: T[]; bytes: number }>;
  /**
   * The same rows in chunks of at most `chunkSize` rows and about `maxBytes` (a chunk ends after
   * the row that reaches it), each read by its own short query after the last row of the one
   * before (keyset), so no connection is held between chunks (docs/decisions/0105-bounded-memory.md).
   */
  chunks(chunkSize: number, maxBytes?: number): AsyncIterable<T[]>;
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

/** Thrown by `rowsWithin` when the rows would take more than the bytes allowed. */
export class ListTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The list is larger than ${maxBytes} bytes`);
    this.name = "ListTooLarge";
  }
}

/** The running size of the rows up to and including each row; removed before the row is mapped. */
const BYTES_ALIAS = "listRunningBytes";

/**
 * Reads a query's rows only while their text stays within `maxBytes` (issue #30, H2): the query
 * becomes `select q.*, <running size> from (<query>) q`, cut where the size before a row reaches
 * the bound, so the database sends at most `maxBytes` and one row, whatever the rows hold. The
 * running sum follows the inner query's order (it is computed over its rows as they come out,
 * before anything reorders them). A plugin, so the query stays one Kysely query with its own
 * executor and plugins.
 */
function byteBound(maxBytes: number): KyselyPlugin {
  return {
    transformQuery({ node }): RootOperationNode {
      const inner = { toOperationNode: (): OperationNode => node };
      // Each row's text is made once (the lateral `s`), not once per window: making it twice cost
      // 20-40% of a 50-row page's time in the database (docs/decisions/performance.md).
      const running = sql<number>`sum(s.row_bytes) over (rows between unbounded preceding and current row)`;
      const sized = nodeBuilder
        .selectFrom(sql`(${inner})`.as("q"))
        .crossJoinLateral(sql`(select octet_length(q::text) as row_bytes)`.as("s"))
        .selectAll("q")
        .select([running.as(BYTES_ALIAS), sql<number>`${running} - s.row_bytes`.as(BEFORE_ALIAS)]);
      return nodeBuilder.selectFrom(sized.as("bounded")).selectAll().where(BEFORE_ALIAS, "<", maxBytes).toOperationNode();
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

/** Builds the bounded query's nodes only (never runs anything): the list's own executor runs them. */
// biome-ignore lint/suspicious/noExplicitAny: the wrapper selects from any query
const nodeBuilder = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const BEFORE_ALIAS = "listBytesBefore";

/** The rows' running size column, then the rows without it and the helper columns. */
function withoutSize(rows: Record<string, unknown>[]): { rows: Record<string, unknown>[]; bytes: number } {
  const bytes = Number(rows.at(-1)?.[BYTES_ALIAS] ?? 0);
  for (const row of rows) {
    delete row[BYTES_ALIAS];
    delete row[BEFORE_ALIAS];
  }
  return { rows, bytes };
}

/**
 * `order` is the query's ORDER BY as a keyset (chunks). `complete` adds what the query does not
 * read itself, a page or a chunk at a time (each worker's compliance, from a lookup that may be
 * cached: apps/api/src/figuresCache.ts): one more query per page, never one per row.
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
    async rowsWithin(maxBytes) {
      const { rows, bytes } = withoutSize((await query.withPlugin(byteBound(maxBytes)).execute()) as Record<string, unknown>[]);
      if (bytes > maxBytes) throw new ListTooLarge(maxBytes);
      return { rows: await complete((rows as R[]).map(toAnswer)), bytes };
    },
    async *chunks(chunkSize, maxBytes) {
      let after: RawBuilder<unknown>[] | undefined;
      for (;;) {
        let next = keyed.limit(chunkSize);
        if (after) next = next.where(sql<boolean>`(${sql.join(refs)}) ${comparison} (${sql.join(after)})`);
        const read = (await (maxBytes === undefined ? next : next.withPlugin(byteBound(maxBytes))).execute()) as Record<string, unknown>[];
        const { rows: found, bytes } = withoutSize(read);
        const last = found.at(-1);
        if (!last) return;
        after = order.columns.map(([, type], i) => sql`${last[`${KEY_ALIAS}${i}`]}::${sql.raw(type)}`);
        yield await complete(found.map((row) => toAnswer(withoutKeys(row))));
        // A chunk cut short by its bytes is followed by the next one; one short of rows was the last.
        const cut = maxBytes !== undefined && bytes >= maxBytes;
        if (found.length < chunkSize && !cut) return;
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

/**
 * `rowsWithin` for a source that reads its rows some other way (a short list of a few hundred
 * rows): read, then measured as JSON.
 */
export async function measuredRows<T>(rows: () => Promise<T[]>, maxBytes: number): Promise<{ rows: T[]; bytes: number }> {
  const found = await rows();
  const bytes = Buffer.byteLength(JSON.stringify(found));
  if (bytes > maxBytes) throw new ListTooLarge(maxBytes);
  return { rows: found, bytes };
}

/** The list of nothing (a worker with no assignments), without asking the database. */
export function emptyList<T>(): ListSource<T> {
  return {
    rows: async () => [],
    rowsWithin: async () => ({ rows: [], bytes: 0 }),
    async *chunks() {},
    count: async () => 0,
  };
}
