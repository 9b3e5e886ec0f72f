import { type Kysely, sql } from "kysely";
import { countMatching, emptyList, type ListSource, measuredRows } from "../listSource.js";
import type { Database, ProjectStatus } from "../types.js";
import { type ProjectFiguresLookup, projectFiguresOf, withCompliance, withFigures, workerComplianceOfIds } from "./compliance.js";
import { userDisplayName } from "./names.js";
import { containsPattern } from "./search.js";

/**
 * Queries for the projects area: each takes the database (or a transaction) first. Every list is
 * one query (compliance and counts joined in SQL); no list ever reads safety_plans.file_data.
 */

const projectColumns = [
  "p.id",
  "p.name",
  "p.location",
  "p.status",
  "p.description",
  "p.startDate",
  "p.endDate",
  "p.safetyManagerName",
  "p.safetyManagerPhone",
  "p.safetyManagerEmail",
  "p.emergencyContactInfo",
  "p.hasSafetyPlan",
  "p.createdAt",
  "p.updatedAt",
] as const;

export interface Project {
  id: number;
  name: string;
  location: string;
  status: ProjectStatus;
  description: string | null;
  startDate: string;
  endDate: string | null;
  safetyManagerName: string | null;
  safetyManagerPhone: string | null;
  safetyManagerEmail: string | null;
  emergencyContactInfo: Record<string, string>;
  hasSafetyPlan: boolean;
  createdAt: Date;
  updatedAt: Date;
  compliancePercentage: number;
  workerCount: number;
}

export interface ListProjectsOptions {
  search?: string | undefined;
  status?: ProjectStatus | undefined;
  /** Restrict to these projects (a worker's assignments); undefined = every project. */
  onlyIds?: readonly number[] | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

function projectRows(db: Kysely<Database>) {
  return db.selectFrom("projects as p").select(projectColumns);
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectRows>["executeTakeFirstOrThrow"]>>;

/** Projects with their figures (compliance.ts `ProjectFiguresLookup`), in the rows' order. */
async function toProjects(rows: ProjectRow[], figures: ProjectFiguresLookup): Promise<Project[]> {
  const found = await figures(rows.map((r) => r.id));
  return withFigures(rows, found).map((row) => ({
    ...row,
    emergencyContactInfo: (row.emergencyContactInfo ?? {}) as Record<string, string>,
  }));
}

/** Newest start date first, then name. */
export async function listProjects(
  db: Kysely<Database>,
  options: ListProjectsOptions = {},
  figures = projectFiguresOf(db),
): Promise<Project[]> {
  return projectList(db, options, figures).rows();
}

/** The list, to read whole or page by page (listSource.ts); at most a few hundred rows, so never streamed. */
export function projectList(db: Kysely<Database>, options: ListProjectsOptions = {}, figures = projectFiguresOf(db)): ListSource<Project> {
  if (options.onlyIds && options.onlyIds.length === 0) return emptyList();
  // Pick the page first, then look up the figures of those projects only: computing compliance for
  // every project and sorting afterwards cost ~200 ms on a 200-project site.
  let matching = db.selectFrom("projects as p").select("p.id");
  if (options.onlyIds) matching = matching.where("p.id", "in", [...options.onlyIds]);
  if (options.status) matching = matching.where("p.status", "=", options.status);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    matching = matching.where((eb) => eb.or([eb(sql`lower(p.name)`, "like", pattern), eb(sql`lower(p.location)`, "like", pattern)]));
  }
  let page = matching;
  if (options.limit !== undefined) {
    page = page
      .orderBy("p.startDate", "desc")
      .orderBy("p.name")
      .orderBy("p.id")
      .limit(options.limit)
      .offset(options.offset ?? 0);
  }
  const rows = async () => {
    const found = await projectRows(db)
      .where("p.id", "in", page)
      .orderBy("p.startDate", "desc")
      .orderBy("p.name")
      .orderBy("p.id")
      .execute();
    return toProjects(found, figures);
  };
  return {
    rows,
    rowsWithin: (maxBytes) => measuredRows(rows, maxBytes),
    async *chunks() {
      yield await rows();
    },
    count: () => countMatching(matching),
  };
}

export interface ProjectChoice {
  id: number;
  name: string;
  location: string;
  status: ProjectStatus;
}

/** Projects by name, without compliance: for pickers such as a worker's assignments. */
export async function projectChoices(db: Kysely<Database>, onlyIds?: readonly number[]): Promise<ProjectChoice[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  let query = db.selectFrom("projects").select(["id", "name", "location", "status"]).orderBy("name").orderBy("id");
  if (onlyIds) query = query.where("id", "in", [...onlyIds]);
  return query.execute();
}

export async function findProject(db: Kysely<Database>, id: number, figures = projectFiguresOf(db)): Promise<Project | undefined> {
  const row = await projectRows(db).where("p.id", "=", id).executeTakeFirst();
  return row ? (await toProjects([row], figures))[0] : undefined;
}

export async function projectExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom("projects").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

export interface ProjectStatsRow {
  id: number;
  name: string;
  location: string;
  workerCount: number;
  compliancePercentage: number;
}

/** GET /api/projects/stats: one row a project, in name order. */
export async function projectStats(
  db: Kysely<Database>,
  onlyIds?: readonly number[],
  figures = projectFiguresOf(db),
): Promise<ProjectStatsRow[]> {
  if (onlyIds && onlyIds.length === 0) return [];
  let query = db.selectFrom("projects as p").select(["p.id", "p.name", "p.location"]).orderBy("p.name").orderBy("p.id");
  if (onlyIds) query = query.where("p.id", "in", [...onlyIds]);
  const rows = await query.execute();
  return withFigures(rows, await figures(rows.map((r) => r.id)));
}

export interface ProjectFields {
  name: string;
  location: string;
  status: ProjectStatus;
  description: string | null;
  startDate: string;
  endDate: string | null;
  safetyManagerName: string | null;
  safetyManagerPhone: string | null;
  safetyManagerEmail: string | null;
  emergencyContactInfo: Record<string, string>;
}

export async function insertProject(db: Kysely<Database>, fields: ProjectFields): Promise<number> {
  const row = await db
    .insertInto("projects")
    .values({ ...fields, emergencyContactInfo: JSON.stringify(fields.emergencyContactInfo) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(db: Kysely<Database>, id: number, fields: Partial<ProjectFields>): Promise<boolean> {
  const { emergencyContactInfo, ...rest } = fields;
  const result = await db
    .updateTable("projects")
    .set({
      ...rest,
      ...(emergencyContactInfo !== undefined ? { emergencyContactInfo: JSON.stringify(emergencyContactInfo) } : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Foreign keys remove the assignments, safety plan and forms (JHA, incidents, permits). */
export async function deleteProject(db: Kysely<Database>, id: number): Promise<{ name: string } | undefined> {
  return db.deleteFrom("projects").where("id", "=", id).returning("name").executeTakeFirst();
}

// --- Assignments ----------------------------------------------------------------------------

export interface ProjectWorker {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  company: string | null;
  hardhatNumber: string | null;
  emergencyContact: string | null;
  assignmentId: number;
  assignmentRole: string | null;
  assignedAt: Date;
  safetyCompliance: number;
  /** Required safety videos (a required-by date, already published) the worker has not completed. */
  unwatchedVideos: number;
}

/**
 * Required-video rule shared with the worker detail page: a video is required once it is
 * published and has a required-watch-by date; it is watched when the worker's record is completed.
 */
const requiredVideoFilter = sql<boolean>`sv.required_watch_by_date is not null and sv.published_at <= now()`;

export async function listProjectWorkers(
  db: Kysely<Database>,
  projectId: number,
  compliance = workerComplianceOfIds(db),
): Promise<ProjectWorker[]> {
  const rows = await db
    .selectFrom("projectWorkers as pw")
    .innerJoin("workers as w", "w.id", "pw.workerId")
    .select([
      "w.id",
      "w.userId",
      "w.firstName",
      "w.lastName",
      "w.email",
      "w.phone",
      "w.role",
      "w.company",
      "w.hardhatNumber",
      "w.emergencyContact",
      "pw.id as assignmentId",
      "pw.role as assignmentRole",
      "pw.assignedAt",
      sql<number>`(select count(*) from safety_videos sv where ${requiredVideoFilter} and not exists (
        select 1 from worker_videos wv where wv.video_id = sv.id and wv.worker_id = w.id and wv.status = 'completed'))`.as(
        "unwatchedVideos",
      ),
    ])
    .where("pw.projectId", "=", projectId)
    .orderBy("w.lastName")
    .orderBy("w.firstName")
    .orderBy("w.id")
    .execute();
  return withCompliance(
    rows.map((r) => ({ ...r, unwatchedVideos: Number(r.unwatchedVideos) })),
    await compliance(rows.map((r) => r.id)),
  );
}

/**
 * One row per (project, worker), enforced by the unique constraint: a second, concurrent
 * assignment inserts nothing and the caller answers 409. Returns undefined when already assigned.
 */
export async function assignWorker(db: Kysely<Database>, projectId: number, workerId: number, role: string | null) {
  return db
    .insertInto("projectWorkers")
    .values({ projectId, workerId, role })
    .onConflict((oc) => oc.columns(["projectId", "workerId"]).doNothing())
    .returning(["id", "projectId", "workerId", "role", "assignedAt"])
    .executeTakeFirst();
}

export async function removeWorker(db: Kysely<Database>, projectId: number, workerId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("projectWorkers")
    .where("projectId", "=", projectId)
    .where("workerId", "=", workerId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- Safety plans ---------------------------------------------------------------------------

const planMetaColumns = [
  "sp.id",
  "sp.projectId",
  "sp.fileName",
  "sp.fileSize",
  "sp.fileType",
  "sp.uploadedBy",
  "sp.uploadedAt",
  "sp.description",
] as const;

export interface SafetyPlanMeta {
  id: number;
  projectId: number;
  fileName: string;
  fileSize: number;
  fileType: string;
  uploadedBy: number | null;
  uploadedAt: Date;
  description: string | null;
  uploadedByName: string | null;
}

function planMetaQuery(db: Kysely<Database>) {
  return db
    .selectFrom("safetyPlans as sp")
    .leftJoin("users as u", "u.id", "sp.uploadedBy")
    .select([...planMetaColumns, userDisplayName("u").as("uploadedByName")]);
}

/** The plan's metadata, never its bytes. */
export async function findSafetyPlan(db: Kysely<Database>, projectId: number): Promise<SafetyPlanMeta | undefined> {
  return planMetaQuery(db).where("sp.projectId", "=", projectId).executeTakeFirst();
}

/** The bytes, for the download route only. */
export async function findSafetyPlanFile(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom("safetyPlans")
    .select(["fileName", "fileType", "fileSize", "fileData"])
    .where("projectId", "=", projectId)
    .executeTakeFirst();
}

export interface NewSafetyPlan {
  projectId: number;
  fileName: string;
  fileType: string;
  description: string | null;
  uploadedBy: number;
  data: Uint8Array;
}

/** Replaces any previous plan (one a project, by the unique project_id) and sets hasSafetyPlan. Run in a transaction. */
export async function replaceSafetyPlan(db: Kysely<Database>, plan: NewSafetyPlan): Promise<number> {
  const values = {
    projectId: plan.projectId,
    fileName: plan.fileName,
    fileType: plan.fileType,
    fileSize: plan.data.byteLength,
    description: plan.description,
    uploadedBy: plan.uploadedBy,
    uploadedAt: sql<Date>`now()`,
    fileData: plan.data,
  };
  const { projectId: _p, ...update } = values;
  const row = await db
    .insertInto("safetyPlans")
    .values(values)
    .onConflict((oc) => oc.column("projectId").doUpdateSet(update))
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("projects").set({ hasSafetyPlan: true, updatedAt: sql<Date>`now()` }).where("id", "=", plan.projectId).execute();
  return row.id;
}

/** Removes the plan if there is one and clears hasSafetyPlan. Run in a transaction. */
export async function deleteSafetyPlan(db: Kysely<Database>, projectId: number): Promise<boolean> {
  const result = await db.deleteFrom("safetyPlans").where("projectId", "=", projectId).executeTakeFirst();
  await db.updateTable("projects").set({ hasSafetyPlan: false }).where("id", "=", projectId).execute();
  return result.numDeletedRows > 0n;
}

export interface ProjectPlanRow {
  id: number;
  name: string;
  location: string;
  status: ProjectStatus;
  hasSafetyPlan: boolean;
  plan: Omit<SafetyPlanMeta, "projectId"> | null;
}

/** /safety/plans: every project with its plan's metadata, in one query. */
export async function listProjectPlans(db: Kysely<Database>): Promise<ProjectPlanRow[]> {
  const rows = await db
    .selectFrom("projects as p")
    .leftJoin("safetyPlans as sp", "sp.projectId", "p.id")
    .leftJoin("users as u", "u.id", "sp.uploadedBy")
    .select([
      "p.id",
      "p.name",
      "p.location",
      "p.status",
      "p.hasSafetyPlan",
      "sp.id as planId",
      "sp.fileName",
      "sp.fileSize",
      "sp.fileType",
      "sp.uploadedBy",
      "sp.uploadedAt",
      "sp.description",
      userDisplayName("u").as("uploadedByName"),
    ])
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    status: r.status,
    hasSafetyPlan: r.hasSafetyPlan,
    plan:
      r.planId !== null && r.fileName !== null && r.fileSize !== null && r.fileType !== null && r.uploadedAt !== null
        ? {
            id: r.planId,
            fileName: r.fileName,
            fileSize: r.fileSize,
            fileType: r.fileType,
            uploadedBy: r.uploadedBy,
            uploadedAt: r.uploadedAt,
            description: r.description,
            uploadedByName: r.uploadedByName,
          }
        : null,
  }));
}
