import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { ControlMeasure, Database, Hazard } from "../types.js";
import { fullName, userDisplayName, workerNameForSearch } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for the jha area: each takes the database (or a transaction) first. */

export interface JhaForm {
  id: number;
  projectId: number;
  projectName: string | null;
  title: string;
  jobDescription: string;
  hazards: Hazard[];
  controlMeasures: ControlMeasure[];
  submittedBy: number | null;
  submitterName: string | null;
  submittedAt: Date;
  updatedAt: Date;
}

function formsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("jhaForms as f")
    .leftJoin("projects as p", "p.id", "f.projectId")
    .leftJoin("workers as w", "w.id", "f.submittedBy")
    .select([
      "f.id",
      "f.projectId",
      "p.name as projectName",
      "f.title",
      "f.jobDescription",
      "f.hazards",
      "f.controlMeasures",
      "f.submittedBy",
      fullName("w").as("submitterName"),
      "f.submittedAt",
      "f.updatedAt",
    ]);
}

export interface ListJhaFormsOptions {
  /** Only these projects (a worker's assignments); undefined means every project. */
  projectIds?: readonly number[] | undefined;
  projectId?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first, with project and submitter names, in one query. */
export async function listJhaForms(db: Kysely<Database>, options: ListJhaFormsOptions = {}): Promise<JhaForm[]> {
  return jhaFormList(db, options).rows();
}

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function jhaFormList(db: Kysely<Database>, options: ListJhaFormsOptions = {}): ListSource<JhaForm> {
  if (options.projectIds && options.projectIds.length === 0) return emptyList();
  let query = formsQuery(db).orderBy("f.submittedAt", "desc").orderBy("f.id", "desc");
  if (options.projectIds) query = query.where("f.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("f.projectId", "=", options.projectId);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(f.title)`, "like", pattern),
        eb(sql`lower(f.job_description)`, "like", pattern),
        eb(sql`lower(coalesce(p.name, ''))`, "like", pattern),
        eb(workerNameForSearch("w"), "like", pattern),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["f.submittedAt", "timestamptz"], ["f.id", "integer"]));
}

export async function findJhaForm(db: Kysely<Database>, id: number): Promise<JhaForm | undefined> {
  return formsQuery(db).where("f.id", "=", id).executeTakeFirst();
}

export interface JhaFormWrite {
  projectId: number;
  title: string;
  jobDescription: string;
  hazards: Hazard[];
  controlMeasures: ControlMeasure[];
  submittedBy: number | null;
}

export async function insertJhaForm(db: Kysely<Database>, form: JhaFormWrite): Promise<number> {
  const row = await db
    .insertInto("jhaForms")
    .values({
      projectId: form.projectId,
      title: form.title,
      jobDescription: form.jobDescription,
      hazards: JSON.stringify(form.hazards),
      controlMeasures: JSON.stringify(form.controlMeasures),
      submittedBy: form.submittedBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateJhaForm(db: Kysely<Database>, id: number, changes: Partial<JhaFormWrite>): Promise<boolean> {
  const { hazards, controlMeasures, ...rest } = changes;
  const result = await db
    .updateTable("jhaForms")
    .set({
      ...rest,
      ...(hazards ? { hazards: JSON.stringify(hazards) } : {}),
      ...(controlMeasures ? { controlMeasures: JSON.stringify(controlMeasures) } : {}),
      updatedAt: sql`now()`,
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the form; its comments go with it (foreign key cascade). */
export async function deleteJhaForm(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("jhaForms").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface JhaComment {
  id: number;
  jhaFormId: number;
  userId: number | null;
  authorName: string | null;
  authorRole: string | null;
  content: string;
  visibility: "private" | "public";
  createdAt: Date;
  updatedAt: Date;
}

function commentsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("jhaComments as c")
    .leftJoin("users as u", "u.id", "c.userId")
    .select([
      "c.id",
      "c.jhaFormId",
      "c.userId",
      userDisplayName("u").as("authorName"),
      "u.role as authorRole",
      "c.content",
      "c.visibility",
      "c.createdAt",
      "c.updatedAt",
    ]);
}

/** A form's comments, oldest first, with author names; visibility is filtered by the caller's policy. */
export async function listJhaComments(db: Kysely<Database>, jhaFormId: number): Promise<JhaComment[]> {
  return commentsQuery(db).where("c.jhaFormId", "=", jhaFormId).orderBy("c.createdAt", "asc").orderBy("c.id", "asc").execute();
}

export async function findJhaComment(db: Kysely<Database>, id: number): Promise<JhaComment | undefined> {
  return commentsQuery(db).where("c.id", "=", id).executeTakeFirst();
}

export async function insertJhaComment(
  db: Kysely<Database>,
  comment: { jhaFormId: number; userId: number; content: string; visibility: "private" | "public" },
): Promise<number> {
  const row = await db.insertInto("jhaComments").values(comment).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateJhaComment(
  db: Kysely<Database>,
  id: number,
  changes: { content: string; visibility?: "private" | "public" | undefined },
): Promise<boolean> {
  const result = await db
    .updateTable("jhaComments")
    .set({ content: changes.content, ...(changes.visibility ? { visibility: changes.visibility } : {}), updatedAt: sql`now()` })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteJhaComment(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("jhaComments").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/* Choices for the JHA and incident forms: the workers to pick (projects: projects.projectChoices). */

export interface WorkerOption {
  id: number;
  firstName: string;
  lastName: string;
  role: string;
  /** Projects the worker is assigned to (the incident form narrows involved workers to a project). */
  projectIds: number[];
}

/** Workers by name with their project ids, in one query; `projectIds` keeps those on any of them. */
export async function workerOptions(db: Kysely<Database>, projectIds?: readonly number[]): Promise<WorkerOption[]> {
  if (projectIds && projectIds.length === 0) return [];
  let query = db
    .selectFrom("workers as w")
    .select([
      "w.id",
      "w.firstName",
      "w.lastName",
      "w.role",
      sql<
        number[]
      >`coalesce((select array_agg(pw.project_id order by pw.project_id) from project_workers pw where pw.worker_id = w.id), '{}')`.as(
        "projectIds",
      ),
    ])
    .orderBy("w.firstName")
    .orderBy("w.lastName")
    .orderBy("w.id");
  if (projectIds) {
    const ids = [...projectIds];
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom("projectWorkers as pw").select("pw.id").whereRef("pw.workerId", "=", "w.id").where("pw.projectId", "in", ids),
      ),
    );
  }
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, projectIds: (r.projectIds ?? []).map(Number) }));
}

/** The ids among `ids` that are not worker profiles (empty when all exist). */
/** The ids among `ids` that are not workers assigned to the project (unknown ids included). */
export async function workerIdsOffProject(db: Kysely<Database>, projectId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom("projectWorkers")
    .select("workerId")
    .where("projectId", "=", projectId)
    .where("workerId", "in", unique)
    .execute();
  const found = new Set(rows.map((r) => r.workerId));
  return unique.filter((id) => !found.has(id));
}

export async function missingWorkerIds(db: Kysely<Database>, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom("workers").select("id").where("id", "in", unique).execute();
  const found = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !found.has(id));
}
