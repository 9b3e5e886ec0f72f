import { CompiledQuery, type Kysely } from "kysely";
import type { DbHandle } from "./createDb.js";
import type { Database } from "./types.js";

export { JOB_SCHEMA } from "./jobSchema.js";

/**
 * The one thing pg-boss asks of a database it does not open itself (its `db` option): run a
 * statement and answer its rows. The job queue uses the application's own connections on both
 * databases (apps/api/src/jobs/queue.ts), so PostgreSQL has one pool and the embedded database,
 * which has a single connection, sees every statement in turn.
 */
export interface JobSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss over the application's database. Statements with values run as prepared statements
 * through Kysely (without the camelCase plugin: pg-boss reads its own snake_case columns). Its
 * maintenance scripts have several statements and no values: PostgreSQL runs those with the simple
 * protocol; PGlite's query() takes one statement, so they go to its exec(), while the connection is
 * held so no other query of the process runs in between.
 */
export function jobSqlOf(handle: DbHandle): JobSql {
  const raw = handle.db.withoutPlugins();
  const pglite = handle.pglite;
  return {
    async executeSql(text, values) {
      if (pglite && (!values || values.length === 0)) {
        return raw.connection().execute(async () => {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        });
      }
      const result = await raw.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

/**
 * The same, inside one of the application's transactions: a job queued with it is committed or
 * rolled back with the change that queued it (a notification is never sent for a permit that was
 * not saved, nor lost for one that was).
 */
export function jobSqlIn(trx: Kysely<Database>): JobSql {
  const raw = trx.withoutPlugins();
  return {
    async executeSql(text, values) {
      const result = await raw.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}
