import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database, IncidentSeverity, IncidentStatus } from "../types.js";
import { fullName, workerName } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for the incidents area: each takes the database (or a transaction) first. */

export interface IncidentReport {
  id: number;
  projectId: number;
  projectName: string | null;
  title: string;
  description: string;
  severity: IncidentSeverity;
  /** YYYY-MM-DD */
  date: string;
  location: string;
  reportedBy: number | null;
  reporterName: string | null;
  involvedWorkers: number[];
  actionTaken: string | null;
  preventiveMeasures: string | null;
  status: IncidentStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface InvolvedWorker {
  id: number;
  name: string;
  role: string | null;
}

export type IncidentReportDetail = IncidentReport & { involvedWorkerDetails: InvolvedWorker[] };

function reportsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("incidentReports as r")
    .leftJoin("projects as p", "p.id", "r.projectId")
    .leftJoin("workers as w", "w.id", "r.reportedBy")
    .select([
      "r.id",
      "r.projectId",
      "p.name as projectName",
      "r.title",
      "r.description",
      "r.severity",
      "r.date",
      "r.location",
      "r.reportedBy",
      fullName("w").as("reporterName"),
      "r.involvedWorkers",
      "r.actionTaken",
      "r.preventiveMeasures",
      "r.status",
      "r.createdAt",
      "r.updatedAt",
    ]);
}

export interface ListIncidentReportsOptions {
  /** Only these projects (a worker's assignments); undefined means every project. */
  projectIds?: readonly number[] | undefined;
  projectId?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first (incident date, then filing order), with project and reporter names, in one query. */
export async function listIncidentReports(db: Kysely<Database>, options: ListIncidentReportsOptions = {}): Promise<IncidentReport[]> {
  return incidentReportList(db, options).rows();
}

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function incidentReportList(db: Kysely<Database>, options: ListIncidentReportsOptions = {}): ListSource<IncidentReport> {
  if (options.projectIds && options.projectIds.length === 0) return emptyList();
  let query = reportsQuery(db).orderBy("r.date", "desc").orderBy("r.createdAt", "desc").orderBy("r.id", "desc");
  if (options.projectIds) query = query.where("r.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("r.projectId", "=", options.projectId);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(r.title)`, "like", pattern),
        eb(sql`lower(r.description)`, "like", pattern),
        eb(sql`lower(r.location)`, "like", pattern),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["r.date", "date"], ["r.createdAt", "timestamptz"], ["r.id", "integer"]));
}

/**
 * One report with the names and positions of the workers involved, in one query. With
 * `peopleOfProjects`, only workers assigned to one of those projects are described: a worker
 * reading a report learns nothing about people outside their own projects.
 */
export async function findIncidentReport(
  db: Kysely<Database>,
  id: number,
  peopleOfProjects?: readonly number[],
): Promise<IncidentReportDetail | undefined> {
  const inScope =
    peopleOfProjects === undefined
      ? sql``
      : peopleOfProjects.length === 0
        ? sql`and false`
        : sql`and exists (select 1 from project_workers pw where pw.worker_id = iw.id and pw.project_id in (${sql.join([...peopleOfProjects])}))`;
  const row = await reportsQuery(db)
    .select(
      sql<InvolvedWorker[]>`coalesce((
        select jsonb_agg(jsonb_build_object('id', iw.id, 'name', ${workerName("iw")}, 'role', iw.role) order by iw.first_name, iw.last_name, iw.id)
        from workers iw
        where iw.id in (select (jsonb_array_elements_text(r.involved_workers))::int) ${inScope}
      ), '[]'::jsonb)`.as("involvedWorkerDetails"),
    )
    .where("r.id", "=", id)
    .executeTakeFirst();
  return row;
}

export interface IncidentReportWrite {
  projectId: number;
  title: string;
  description: string;
  severity: IncidentSeverity;
  date: string;
  location: string;
  reportedBy: number | null;
  involvedWorkers: number[];
  actionTaken: string | null;
  preventiveMeasures: string | null;
  status: IncidentStatus;
}

export async function insertIncidentReport(db: Kysely<Database>, report: IncidentReportWrite): Promise<number> {
  const row = await db
    .insertInto("incidentReports")
    .values({ ...report, involvedWorkers: JSON.stringify(report.involvedWorkers) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The facts an update decides on, locked for the rest of the transaction. */
export async function lockIncidentReport(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; projectId: number; reportedBy: number | null; status: IncidentStatus; involvedWorkers: number[] } | undefined> {
  return db
    .selectFrom("incidentReports")
    .select(["id", "projectId", "reportedBy", "status", "involvedWorkers"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateIncidentReport(db: Kysely<Database>, id: number, changes: Partial<IncidentReportWrite>): Promise<boolean> {
  const { involvedWorkers, ...rest } = changes;
  const result = await db
    .updateTable("incidentReports")
    .set({
      ...rest,
      ...(involvedWorkers ? { involvedWorkers: JSON.stringify(involvedWorkers) } : {}),
      updatedAt: sql`now()`,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteIncidentReport(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("incidentReports").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
