/** The job queue's own schema (apps/api/src/jobs/queue.ts, docs/decisions/0116-job-queue.md). */
export const JOB_SCHEMA = "pgboss";
