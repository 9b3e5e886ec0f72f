import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from "kysely";

/** Stands for the i-th argument while a query is compiled once (see `compiledOnce`). */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query whose SQL text never depends on its arguments, built and compiled once per database
 * handle instead of on every call. Kysely builds an immutable tree, runs every plugin over it and
 * compiles it on each call: ~80 µs for the session's four-table read that every request makes,
 * against ~100 µs for the database to answer it (docs/decisions/performance.md).
 *
 * `build` receives stand-ins for the arguments and must use each only as a value (in `where`,
 * `set`, `values`), never to choose the query's shape (no `if`, no `in` lists, whose length
 * changes the SQL): a query built from conditions stays an ordinary Kysely query. The results
 * still pass through the handle's plugins (column names in camelCase). A transaction is another
 * handle, so its calls compile their own copy.
 */
export function compiledOnce<A extends unknown[], R>(
  // biome-ignore lint/suspicious/noExplicitAny: any database's handle
  build: (db: Kysely<any>, ...args: A) => Compilable<R>,
  // biome-ignore lint/suspicious/noExplicitAny: any database's handle
): (db: Kysely<any>, ...args: A) => Promise<R[]> {
  // biome-ignore lint/suspicious/noExplicitAny: any database's handle
  const compiled = new WeakMap<Kysely<any>, CompiledQuery<R>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const stand = args.map((_, i) => new Placeholder(i)) as A;
      query = build(db, ...stand).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Placeholder ? args[p.index] : p));
    const result = await db.executeQuery<R>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
