import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { userDisplayName } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for inspections (issue #35): templates and their immutable versions, inspections, answers, schedules. */

export interface TemplateSummary {
  id: number;
  name: string;
  language: "en" | "es";
  category: string | null;
  builtin: boolean;
  currentVersion: number;
  copiedFrom: number | null;
  itemCount: number;
  updatedAt: Date;
}

const itemCount = sql<number>`(select coalesce(sum(jsonb_array_length(s -> 'items')), 0)::int from jsonb_array_elements(v.content) s)`;

function templatesQuery(db: Kysely<Database>) {
  return db
    .selectFrom("inspectionTemplates as t")
    .innerJoin("inspectionTemplateVersions as v", (join) =>
      join.onRef("v.templateId", "=", "t.id").onRef("v.version", "=", "t.currentVersion"),
    )
    .select([
      "t.id",
      "t.name",
      "t.language",
      "t.category",
      "t.builtin",
      "t.currentVersion",
      "t.copiedFrom",
      itemCount.as("itemCount"),
      "t.updatedAt",
    ]);
}

/** Every template with its current version's item count, built-in ones first, by name (bounded). */
export async function listTemplates(db: Kysely<Database>, language?: "en" | "es"): Promise<TemplateSummary[]> {
  let query = templatesQuery(db).orderBy("t.builtin", "desc").orderBy("t.name").orderBy("t.id").limit(500);
  if (language) query = query.where("t.language", "=", language);
  return query.execute();
}

export async function findTemplate(db: Kysely<Database>, id: number, lock = false) {
  let query = templatesQuery(db).select(["v.id as versionId", "v.content"]).where("t.id", "=", id);
  if (lock) query = query.forUpdate("t");
  return query.executeTakeFirst();
}

/** One version of a template (an inspection made offline names the one it walked). */
export async function findTemplateVersion(db: Kysely<Database>, templateId: number, version: number) {
  return db
    .selectFrom("inspectionTemplateVersions")
    .select(["id", "templateId", "version", "name", "content"])
    .where("templateId", "=", templateId)
    .where("version", "=", version)
    .executeTakeFirst();
}

export async function insertTemplate(
  db: Kysely<Database>,
  template: {
    name: string;
    language: "en" | "es";
    category: string | null;
    copiedFrom: number | null;
    createdBy: number;
    content: unknown;
  },
): Promise<number> {
  const { content, ...row } = template;
  const { id } = await db.insertInto("inspectionTemplates").values(row).returning("id").executeTakeFirstOrThrow();
  await db
    .insertInto("inspectionTemplateVersions")
    .values({ templateId: id, version: 1, name: template.name, content: JSON.stringify(content), createdBy: template.createdBy })
    .execute();
  return id;
}

/**
 * A new version of a template: a new immutable row, then the template points to it, only if the
 * current version is still `fromVersion` (a concurrent edit makes the caller's 409). Returns the new
 * version number, or null when the template moved on.
 */
export async function addTemplateVersion(
  db: Kysely<Database>,
  templateId: number,
  fromVersion: number,
  version: { name: string; content: unknown; createdBy: number },
): Promise<number | null> {
  const next = fromVersion + 1;
  const moved = await db
    .updateTable("inspectionTemplates")
    .set({ currentVersion: next, name: version.name, updatedAt: sql`now()` })
    .where("id", "=", templateId)
    .where("currentVersion", "=", fromVersion)
    .where("builtin", "=", false)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return null;
  await db
    .insertInto("inspectionTemplateVersions")
    .values({ templateId, version: next, name: version.name, content: JSON.stringify(version.content), createdBy: version.createdBy })
    .execute();
  return next;
}

// ---- inspections

export interface InspectionSummary {
  id: number;
  projectId: number;
  projectName: string;
  templateId: number;
  templateName: string;
  templateVersion: number;
  inspectorUserId: number | null;
  inspectorName: string | null;
  inspectedAt: Date;
  score: number | null;
  passedCount: number;
  failedCount: number;
  naCount: number;
  openActionCount: number;
  createdAt: Date;
}

const openActions = sql<number>`(select count(*)::int from corrective_actions ca where ca.inspection_id = i.id and ca.status <> 'closed')`;

function inspectionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("inspections as i")
    .innerJoin("projects as p", "p.id", "i.projectId")
    .innerJoin("inspectionTemplateVersions as v", "v.id", "i.templateVersionId")
    .leftJoin("users as u", "u.id", "i.inspectorUserId")
    .select([
      "i.id",
      "i.projectId",
      "p.name as projectName",
      "i.templateId",
      "v.name as templateName",
      "v.version as templateVersion",
      "i.inspectorUserId",
      userDisplayName("u").as("inspectorName"),
      "i.inspectedAt",
      "i.score",
      "i.passedCount",
      "i.failedCount",
      "i.naCount",
      openActions.as("openActionCount"),
      "i.createdAt",
    ]);
}

export interface ListInspectionsOptions {
  projectIds?: readonly number[] | undefined;
  projectId?: number | undefined;
  templateId?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest inspection first, to read whole, page by page or streamed (listSource.ts). */
export function inspectionList(db: Kysely<Database>, options: ListInspectionsOptions = {}): ListSource<InspectionSummary> {
  if (options.projectIds && options.projectIds.length === 0) return emptyList();
  let query = inspectionsQuery(db).orderBy("i.inspectedAt", "desc").orderBy("i.id", "desc");
  if (options.projectIds) query = query.where("i.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("i.projectId", "=", options.projectId);
  if (options.templateId !== undefined) query = query.where("i.templateId", "=", options.templateId);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb(sql`lower(v.name)`, "like", pattern), eb(sql`lower(p.name)`, "like", pattern)]));
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["i.inspectedAt", "timestamptz"], ["i.id", "integer"]));
}

export async function findInspection(db: Kysely<Database>, id: number) {
  return inspectionsQuery(db).select(["i.notes", "i.signature", "v.content"]).where("i.id", "=", id).executeTakeFirst();
}

export interface AnswerRow {
  id: number;
  itemKey: string;
  position: number;
  value: unknown;
  outcome: "pass" | "fail" | "na";
  note: string | null;
  photoCount: number;
}

/** An inspection's answers in the template's order, with their photo counts. */
export async function inspectionAnswers(db: Kysely<Database>, inspectionId: number): Promise<AnswerRow[]> {
  return db
    .selectFrom("inspectionAnswers as a")
    .select([
      "a.id",
      "a.itemKey",
      "a.position",
      "a.value",
      "a.outcome",
      "a.note",
      sql<number>`(select count(*)::int from photos ph where ph.inspection_answer_id = a.id)`.as("photoCount"),
    ])
    .where("a.inspectionId", "=", inspectionId)
    .orderBy("a.position")
    .execute();
}

export interface NewInspection {
  projectId: number;
  templateId: number;
  templateVersionId: number;
  inspectorUserId: number;
  inspectedAt: Date;
  score: number | null;
  passedCount: number;
  failedCount: number;
  naCount: number;
  notes: string | null;
  signature: string;
}

export async function insertInspection(
  db: Kysely<Database>,
  inspection: NewInspection,
  answers: { itemKey: string; position: number; value: unknown; outcome: "pass" | "fail" | "na"; note: string | null }[],
): Promise<{ id: number; answerIds: Map<string, number> }> {
  const { id } = await db.insertInto("inspections").values(inspection).returning("id").executeTakeFirstOrThrow();
  const rows = await db
    .insertInto("inspectionAnswers")
    .values(answers.map((a) => ({ ...a, inspectionId: id, value: JSON.stringify(a.value ?? null) })))
    .returning(["id", "itemKey"])
    .execute();
  return { id, answerIds: new Map(rows.map((r) => [r.itemKey, r.id])) };
}

/** The answer's inspection and project, for its photos. */
export async function answerFacts(db: Kysely<Database>, answerId: number) {
  return db
    .selectFrom("inspectionAnswers as a")
    .innerJoin("inspections as i", "i.id", "a.inspectionId")
    .select(["a.id", "a.inspectionId", "i.projectId", "i.inspectorUserId"])
    .where("a.id", "=", answerId)
    .executeTakeFirst();
}

export interface ExportInspection {
  inspectionId: number;
  projectName: string;
  templateVersionId: number;
  templateName: string;
  templateVersion: number;
  inspectedAt: Date;
  inspectorName: string | null;
  score: number | null;
  /** The inspection's answers in the template's order. */
  answers: { itemKey: string; value: unknown; outcome: "pass" | "fail" | "na"; note: string | null }[];
}

const answersOf = sql<ExportInspection["answers"]>`(
  select coalesce(jsonb_agg(jsonb_build_object('itemKey', a.item_key, 'value', a.value, 'outcome', a.outcome, 'note', a.note) order by a.position), '[]'::jsonb)
  from inspection_answers a where a.inspection_id = i.id)`;

/** One row of the answer export (JSON or CSV): an item answer with its inspection and the item's words (apps/api/src/services/inspections.ts). */
export interface AnswerExportRow {
  inspectionId: number;
  project: string;
  template: string;
  templateVersion: number;
  inspectedAt: Date;
  inspector: string | null;
  score: number | null;
  section: string;
  itemKey: string;
  item: string;
  weight: number;
  answer: string | null;
  outcome: "pass" | "fail" | "na";
  note: string | null;
}

/**
 * The answer export (issue #35): newest inspection first, each with its answers, to read whole,
 * streamed in keyset chunks like every list (listSource.ts), so a large export holds one chunk of
 * about 1 MB at a time instead of every answer of thousands of inspections. The version's words
 * are read once per version by the caller (`versionContents`), not carried on every row.
 */
export function answerExport(
  db: Kysely<Database>,
  options: { projectIds?: readonly number[] | undefined; projectId?: number | undefined },
): ListSource<ExportInspection> {
  if (options.projectIds && options.projectIds.length === 0) return emptyList();
  let query = db
    .selectFrom("inspections as i")
    .innerJoin("projects as p", "p.id", "i.projectId")
    .innerJoin("inspectionTemplateVersions as v", "v.id", "i.templateVersionId")
    .leftJoin("users as u", "u.id", "i.inspectorUserId")
    .select([
      "i.id as inspectionId",
      "p.name as projectName",
      "v.id as templateVersionId",
      "v.name as templateName",
      "v.version as templateVersion",
      "i.inspectedAt",
      userDisplayName("u").as("inspectorName"),
      "i.score",
      answersOf.as("answers"),
    ])
    .orderBy("i.inspectedAt", "desc")
    .orderBy("i.id", "desc");
  if (options.projectIds) query = query.where("i.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("i.projectId", "=", options.projectId);
  return listSource(query, keyset("desc", ["i.inspectedAt", "timestamptz"], ["i.id", "integer"])) as ListSource<ExportInspection>;
}

/** The content of each of these template versions (the export's item words), by version id. */
export async function versionContents(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, unknown>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("inspectionTemplateVersions")
    .select(["id", "content"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.content]));
}

// ---- schedules

export interface ScheduleRow {
  id: number;
  projectId: number;
  projectName: string;
  templateId: number;
  templateName: string;
  frequency: "daily" | "weekly";
  startsOn: string;
}

export async function listSchedules(
  db: Kysely<Database>,
  options: { projectIds?: readonly number[] | undefined; projectId?: number | undefined },
): Promise<ScheduleRow[]> {
  if (options.projectIds && options.projectIds.length === 0) return [];
  let query = db
    .selectFrom("inspectionSchedules as s")
    .innerJoin("projects as p", "p.id", "s.projectId")
    .innerJoin("inspectionTemplates as t", "t.id", "s.templateId")
    .select(["s.id", "s.projectId", "p.name as projectName", "s.templateId", "t.name as templateName", "s.frequency", "s.startsOn"])
    .orderBy("p.name")
    .orderBy("t.name")
    .orderBy("s.id")
    .limit(1000);
  if (options.projectIds) query = query.where("s.projectId", "in", [...options.projectIds]);
  if (options.projectId !== undefined) query = query.where("s.projectId", "=", options.projectId);
  return query.execute();
}

/** The days (YYYY-MM-DD, UTC) on which each (project, template) of the schedules had inspections, from `from` on. */
export async function inspectedDays(
  db: Kysely<Database>,
  pairs: readonly { projectId: number; templateId: number }[],
  from: string,
): Promise<{ projectId: number; templateId: number; day: string }[]> {
  if (pairs.length === 0) return [];
  const projectIds = [...new Set(pairs.map((p) => p.projectId))];
  return db
    .selectFrom("inspections as i")
    .select(["i.projectId", "i.templateId", sql<string>`to_char(i.inspected_at at time zone 'UTC', 'YYYY-MM-DD')`.as("day")])
    .where("i.projectId", "in", projectIds)
    .where("i.inspectedAt", ">=", new Date(`${from}T00:00:00Z`))
    .groupBy(["i.projectId", "i.templateId", sql`3`])
    .execute();
}

export async function findSchedule(db: Kysely<Database>, id: number) {
  return db.selectFrom("inspectionSchedules").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Score per project and ISO week of the last `weeks` weeks (dashboard), at most 2,000 rows. */
export async function weeklyScores(
  db: Kysely<Database>,
  options: { projectIds?: readonly number[] | undefined; from: Date },
): Promise<{ projectId: number; projectName: string; week: string; averageScore: number; inspectionCount: number }[]> {
  if (options.projectIds && options.projectIds.length === 0) return [];
  let query = db
    .selectFrom("inspections as i")
    .innerJoin("projects as p", "p.id", "i.projectId")
    .select([
      "i.projectId",
      "p.name as projectName",
      sql<string>`to_char(date_trunc('week', i.inspected_at at time zone 'UTC'), 'YYYY-MM-DD')`.as("week"),
      sql<number>`round(avg(i.score)::numeric, 2)::float8`.as("averageScore"),
      sql<number>`count(*)::int`.as("inspectionCount"),
    ])
    .where("i.inspectedAt", ">=", options.from)
    .where("i.score", "is not", null)
    .groupBy(["i.projectId", "p.name", sql`3`])
    .orderBy("p.name")
    .orderBy(sql`3`)
    .limit(2000);
  if (options.projectIds) query = query.where("i.projectId", "in", [...options.projectIds]);
  return query.execute();
}

/** Incidents dated from `from` (YYYY-MM-DD) and how many of them were near misses (dashboard). */
export async function nearMissCounts(db: Kysely<Database>, from: string): Promise<{ incidents: number; nearMisses: number }> {
  const row = await db
    .selectFrom("incidentReports")
    .select([
      sql<number>`count(*)::int`.as("incidents"),
      sql<number>`(count(*) filter (where severity = 'near_miss'))::int`.as("nearMisses"),
    ])
    .where("date", ">=", from)
    .executeTakeFirstOrThrow();
  return row;
}
