import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

export interface FailedJob {
  id: string;
  queue: string;
  error: string;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
}

/**
 * Jobs that failed their last try, newest first: those still in pg-boss's job table and those it
 * has since moved to its archive (apps/api/src/jobs/queue.ts). The error is pg-boss's record of
 * what the handler threw (`output.message`), else the output as stored.
 */
export async function failedJobs(db: Kysely<Database>, limit: number): Promise<FailedJob[]> {
  const { rows } = await sql<FailedJob>`
    select id::text as id, name as queue, coalesce(output->>'message', output::text, '') as error,
      retry_count as "retryCount", created_on as "createdOn", completed_on as "failedOn"
    from (
      select id, name, output, retry_count, created_on, completed_on from pgboss.job where state = 'failed'
      union all
      select id, name, output, retry_count, created_on, completed_on from pgboss.archive where state = 'failed'
    ) failed
    order by completed_on desc nulls last, id
    limit ${limit}`.execute(db.withoutPlugins());
  return rows;
}
