import { type Database, jobs } from "@sitesafe/db";
import type { Kysely } from "kysely";

/**
 * Jobs that failed their last try (docs/decisions/0116-job-queue.md): the queue, the error the
 * handler threw, how often it was retried and when. The job's data is left out: it may name people
 * and records, and the error says what went wrong.
 */
export function failedJobs(db: Kysely<Database>, limit: number): Promise<jobs.FailedJob[]> {
  return jobs.failedJobs(db, limit);
}
