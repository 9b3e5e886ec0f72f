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
