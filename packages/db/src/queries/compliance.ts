import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * Worker compliance in SQL: the spec's overall training percentage,
 *   (completed modules x 100 + sum of in-progress progress) / (number of modules x 100),
 * as a whole percent; 100 when there are no modules at all (nothing is required).
 * Returns a subquery (workerId, compliance) over every worker, for joins in lists and dashboards,
 * so no list ever runs one query per row.
 */
export function workerComplianceQuery(db: Kysely<Database>) {
  return db
    .selectFrom("workers as w")
    .leftJoin("workerTrainings as wt", "wt.workerId", "w.id")
    .select([
      "w.id as workerId",
      sql<number>`case when (select count(*) from training_modules) = 0 then 100 else round(
        (100 * count(wt.id) filter (where wt.status = 'completed')
          + coalesce(sum(wt.progress) filter (where wt.status = 'in_progress'), 0))::numeric
        / (select count(*) from training_modules)) end`.as("compliance"),
    ])
    .groupBy("w.id");
}

/** Project compliance: mean of its workers' compliance, 100 with no workers. */
export function projectComplianceQuery(db: Kysely<Database>) {
  return db
    .selectFrom("projects as p")
    .leftJoin("projectWorkers as pw", "pw.projectId", "p.id")
    .leftJoin(workerComplianceQuery(db).as("wc"), "wc.workerId", "pw.workerId")
    .select([
      "p.id as projectId",
      sql<number>`count(pw.id)`.as("workerCount"),
      sql<number>`coalesce(round(avg(wc.compliance)), 100)`.as("compliancePercentage"),
    ])
    .groupBy("p.id");
}

/** The spec's percentage over one worker's training rows (`wt`), 100 when no module exists. */
const compliancePercent = sql<number>`case when (select count(*) from training_modules) = 0 then 100 else round(
  (100 * count(*) filter (where wt.status = 'completed')
    + coalesce(sum(wt.progress) filter (where wt.status = 'in_progress'), 0))::numeric
  / (select count(*) from training_modules)) end`;

/**
 * One worker's compliance, correlated on an outer column (e.g. "w.id"), for
 * `.innerJoinLateral(workerComplianceOf(db, "w.id").as("wc"), (j) => j.onTrue())`.
 * A list of 50 workers reads those 50 workers' training rows only, not the whole table: the
 * difference between 1 ms and 150 ms on a 100,000-record site (docs/decisions/performance.md).
 */
export function workerComplianceOf(db: Kysely<Database>, workerIdRef: string) {
  return db
    .selectFrom("workerTrainings as wt")
    .where(sql<boolean>`wt.worker_id = ${sql.ref(workerIdRef)}`)
    .select([sql<number>`${sql.ref(workerIdRef)}`.as("workerId"), compliancePercent.as("compliance")]);
}

/**
 * One project's worker count and compliance (mean of its workers', 100 with none), correlated on
 * an outer column (e.g. "p.id"): `.innerJoinLateral(projectComplianceOf(db, "p.id").as("pc"), (j) => j.onTrue())`.
 */
export function projectComplianceOf(db: Kysely<Database>, projectIdRef: string) {
  return db
    .selectFrom("projectWorkers as pw")
    .innerJoinLateral(workerComplianceOf(db, "pw.workerId").as("pwc"), (join) => join.onTrue())
    .where(sql<boolean>`pw.project_id = ${sql.ref(projectIdRef)}`)
    .select([
      sql<number>`${sql.ref(projectIdRef)}`.as("projectId"),
      sql<number>`count(pw.id)`.as("workerCount"),
      sql<number>`coalesce(round(avg(pwc.compliance)), 100)`.as("compliancePercentage"),
    ]);
}
