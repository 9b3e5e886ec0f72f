import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * Worker compliance in SQL: the product's overall training percentage,
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

/** The product's percentage over one worker's training rows (`wt`), 100 when no module exists. */
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

/** A project's worker count and compliance percentage, as every project screen shows them. */
export interface ProjectFigures {
  workerCount: number;
  compliancePercentage: number;
}

/**
 * Where project lists and pages get their figures. Averaging a project's workers over their
 * training rows is the costly part of every project screen (~25,000 rows for a page of 50 on the
 * large dataset), so the figures are looked up separately from the projects' own columns: read
 * now (`projectFiguresOf`), or from the API's short-lived memory of every project's figures
 * (apps/api/src/figuresCache.ts). The map has an entry for every requested project that exists.
 */
export type ProjectFiguresLookup = FiguresLookup<ProjectFigures>;

/** Figures by id, for the rows of one answer. */
export type FiguresLookup<V> = (ids: readonly number[]) => Promise<ReadonlyMap<number, V>>;

function figuresQuery(db: Kysely<Database>) {
  return db
    .selectFrom("projects as p")
    .innerJoinLateral(projectComplianceOf(db, "p.id").as("pc"), (join) => join.onTrue())
    .select(["p.id", "pc.workerCount", "pc.compliancePercentage"]);
}

function toFigures(rows: { id: number; workerCount: number; compliancePercentage: number }[]): Map<number, ProjectFigures> {
  return new Map(rows.map((r) => [r.id, { workerCount: Number(r.workerCount), compliancePercentage: Number(r.compliancePercentage) }]));
}

/** The figures of these projects, read now: one query. */
export function projectFiguresOf(db: Kysely<Database>): ProjectFiguresLookup {
  return async (projectIds) => {
    if (projectIds.length === 0) return new Map<number, ProjectFigures>();
    return toFigures(
      await figuresQuery(db)
        .where("p.id", "in", [...projectIds])
        .execute(),
    );
  };
}

/** Every project's figures, in one query (~40 ms for 200 projects and 100,000 training records). */
export async function allProjectFigures(db: Kysely<Database>): Promise<Map<number, ProjectFigures>> {
  return toFigures(await figuresQuery(db).execute());
}

/** Rows with their project's figures added (`id` is the project id). */
export function withFigures<T extends { id: number }>(
  rows: readonly T[],
  figures: ReadonlyMap<number, ProjectFigures>,
): (T & ProjectFigures)[] {
  // A project always has figures (no workers: 0 and 100%); the fallback only covers a project
  // deleted between the two reads, which the caller's own rows no longer hold anyway.
  return rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? { workerCount: 0, compliancePercentage: 100 }) }));
}

/**
 * Where worker lists get each worker's compliance: read now (`workerComplianceOfIds`), or from the
 * API's short-lived memory of every worker's (apps/api/src/figuresCache.ts). Same contract as
 * `ProjectFiguresLookup`: an entry for every requested worker that exists.
 */
export type WorkerComplianceLookup = FiguresLookup<number>;

function toCompliance(rows: { workerId: number; compliance: number }[]): Map<number, number> {
  return new Map(rows.map((r) => [r.workerId, Number(r.compliance)]));
}

/** These workers' compliance, read now: one query over their training rows only. */
export function workerComplianceOfIds(db: Kysely<Database>): WorkerComplianceLookup {
  return async (workerIds) => {
    if (workerIds.length === 0) return new Map<number, number>();
    const rows = await db
      .selectFrom("workers as w")
      .innerJoinLateral(workerComplianceOf(db, "w.id").as("wc"), (join) => join.onTrue())
      .select(["w.id as workerId", "wc.compliance"])
      .where("w.id", "in", [...workerIds])
      .execute();
    return toCompliance(rows);
  };
}

/** Every worker's compliance, in one grouped query over every training record. */
export async function allWorkerCompliance(db: Kysely<Database>): Promise<Map<number, number>> {
  return toCompliance(await workerComplianceQuery(db).execute());
}

/** Rows with their worker's compliance added as `safetyCompliance` (`id` is the worker id). */
export function withCompliance<T extends { id: number }>(
  rows: readonly T[],
  found: ReadonlyMap<number, number>,
): (T & { safetyCompliance: number })[] {
  // Every existing worker has a figure; 0 only for one deleted between the two reads.
  return rows.map((row) => ({ ...row, safetyCompliance: found.get(row.id) ?? 0 }));
}
