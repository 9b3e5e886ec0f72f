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

/** The spec's percentage from a worker's kept training points (migration 0004), 100 with no module. */
const percentOfPoints = (pointsRef: string) => sql<number>`case when (select count(*) from training_modules) = 0 then 100 else round(
  ${sql.ref(pointsRef)}::numeric / (select count(*) from training_modules)) end`;

/**
 * One worker's compliance, correlated on an outer column (e.g. "w.id"), for
 * `.innerJoinLateral(workerComplianceOf(db, "w.id").as("wc"), (j) => j.onTrue())`.
 * Reads the worker's kept points, not their training rows: a list of 50 workers costs 50 key
 * lookups (docs/decisions/performance.md). Equal to `workerComplianceQuery` by construction;
 * compliance.test.ts holds them to it.
 */
export function workerComplianceOf(db: Kysely<Database>, workerIdRef: string) {
  return db
    .selectFrom("workers as cw")
    .where(sql<boolean>`cw.id = ${sql.ref(workerIdRef)}`)
    .select([sql<number>`${sql.ref(workerIdRef)}`.as("workerId"), percentOfPoints("cw.training_points").as("compliance")]);
}

/**
 * One project's worker count and compliance (mean of its workers', 100 with none), correlated on
 * an outer column (e.g. "p.id"): `.innerJoinLateral(projectComplianceOf(db, "p.id").as("pc"), (j) => j.onTrue())`.
 */
export function projectComplianceOf(db: Kysely<Database>, projectIdRef: string) {
  return db
    .selectFrom("projectWorkers as pw")
    .innerJoin("workers as pcw", "pcw.id", "pw.workerId")
    .where(sql<boolean>`pw.project_id = ${sql.ref(projectIdRef)}`)
    .select([
      sql<number>`${sql.ref(projectIdRef)}`.as("projectId"),
      sql<number>`count(pw.id)`.as("workerCount"),
      sql<number>`coalesce(round(avg(${percentOfPoints("pcw.training_points")})), 100)`.as("compliancePercentage"),
    ]);
}
