import type {
  ModuleTranslationLanguage,
  TrainingModuleContent,
  TrainingModuleType,
  TrainingStatus,
  TranslatedModuleContent,
} from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import { keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { workerComplianceQuery } from "./compliance.js";
import { workerName, workerNameForSearch } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for the training area: each takes the database (or a transaction) first. */

export interface TrainingModule {
  id: number;
  slug: string | null;
  title: string;
  description: string;
  type: TrainingModuleType;
  duration: number;
  content: TrainingModuleContent;
  createdAt: Date;
}

const moduleColumns = ["id", "slug", "title", "description", "type", "duration", "content", "createdAt"] as const;

// Content is written only through the domain's moduleContentSchema (API) or the seed migration,
// whose content an API test checks against the same schema.
const asModule = (row: Omit<TrainingModule, "content"> & { content: unknown }): TrainingModule => ({
  ...row,
  content: row.content as TrainingModuleContent,
});

export async function listModules(db: Kysely<Database>, filter: { type?: TrainingModuleType | undefined } = {}): Promise<TrainingModule[]> {
  let q = db.selectFrom("trainingModules").select(moduleColumns).orderBy("id", "asc");
  if (filter.type) q = q.where("type", "=", filter.type);
  return (await q.execute()).map(asModule);
}

export async function findModule(db: Kysely<Database>, id: number): Promise<TrainingModule | undefined> {
  const row = await db.selectFrom("trainingModules").select(moduleColumns).where("id", "=", id).executeTakeFirst();
  return row ? asModule(row) : undefined;
}

export async function findModuleBySlug(db: Kysely<Database>, slug: string): Promise<TrainingModule | undefined> {
  const row = await db.selectFrom("trainingModules").select(moduleColumns).where("slug", "=", slug).executeTakeFirst();
  return row ? asModule(row) : undefined;
}

export async function insertModule(
  db: Kysely<Database>,
  module: {
    title: string;
    description: string;
    type: TrainingModuleType;
    duration: number;
    content: TrainingModuleContent;
    createdBy: number | null;
  },
): Promise<TrainingModule> {
  const row = await db
    .insertInto("trainingModules")
    .values({
      title: module.title,
      description: module.description,
      type: module.type,
      duration: module.duration,
      content: JSON.stringify(module.content),
      createdBy: module.createdBy,
    })
    .returning(moduleColumns)
    .executeTakeFirstOrThrow();
  return asModule(row);
}

/** A module's title, description and content in another language (migration 0013). */
export interface ModuleTranslation {
  moduleId: number;
  language: ModuleTranslationLanguage;
  title: string;
  description: string;
  content: TranslatedModuleContent;
}

const translationColumns = ["moduleId", "language", "title", "description", "content"] as const;
// Written only through the domain's moduleTranslationSchema (API) or the seed migration 0013.
const asTranslation = (row: Omit<ModuleTranslation, "content"> & { content: unknown }): ModuleTranslation => ({
  ...row,
  content: row.content as TranslatedModuleContent,
});

/** The translations of these modules into one language, by module id (one query for a whole list). */
export async function findTranslations(
  db: Kysely<Database>,
  moduleIds: readonly number[],
  language: ModuleTranslationLanguage,
): Promise<Map<number, ModuleTranslation>> {
  if (moduleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("trainingModuleTranslations")
    .select(translationColumns)
    .where("language", "=", language)
    .where("moduleId", "in", [...moduleIds])
    .execute();
  return new Map(rows.map((row) => [row.moduleId, asTranslation(row)]));
}

/** Adds or replaces a module's translation into one language. */
export async function upsertTranslation(db: Kysely<Database>, translation: ModuleTranslation): Promise<ModuleTranslation> {
  const values = {
    moduleId: translation.moduleId,
    language: translation.language,
    title: translation.title,
    description: translation.description,
    content: JSON.stringify(translation.content),
  };
  const row = await db
    .insertInto("trainingModuleTranslations")
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(["moduleId", "language"])
        .doUpdateSet({ title: values.title, description: values.description, content: values.content, updatedAt: sql`now()` }),
    )
    .returning(translationColumns)
    .executeTakeFirstOrThrow();
  return asTranslation(row);
}

export async function moduleExists(db: Kysely<Database>, moduleId: number): Promise<boolean> {
  const row = await db.selectFrom("trainingModules").select("id").where("id", "=", moduleId).executeTakeFirst();
  return row !== undefined;
}

export interface WorkerTraining {
  id: number;
  workerId: number;
  moduleId: number;
  progress: number;
  status: TrainingStatus;
  lastAccessedAt: Date | null;
  completedAt: Date | null;
  moduleTitle: string;
  moduleType: TrainingModuleType;
}

/** A worker's training records with the module's title and type, in module order. */
export async function listWorkerTrainings(db: Kysely<Database>, workerId: number): Promise<WorkerTraining[]> {
  return db
    .selectFrom("workerTrainings as wt")
    .innerJoin("trainingModules as m", "m.id", "wt.moduleId")
    .select([
      "wt.id",
      "wt.workerId",
      "wt.moduleId",
      "wt.progress",
      "wt.status",
      "wt.lastAccessedAt",
      "wt.completedAt",
      "m.title as moduleTitle",
      "m.type as moduleType",
    ])
    .where("wt.workerId", "=", workerId)
    .orderBy("wt.moduleId", "asc")
    .execute();
}

export interface ProgressWrite {
  record: WorkerTraining;
  /** The status before this write (not_started when there was no record). */
  previousStatus: TrainingStatus;
}

/**
 * One statement per write, so parallel updates cannot lose a completion: progress only rises
 * (GREATEST), status follows the stored progress, completedAt is set once on reaching 100 and
 * kept afterwards, lastAccessedAt is always now.
 */
export async function upsertWorkerTraining(
  db: Kysely<Database>,
  input: { workerId: number; moduleId: number; progress: number },
): Promise<ProgressWrite> {
  const { workerId, moduleId, progress } = input;
  // One writer per (worker, module) at a time, until the caller's transaction ends. Without it,
  // racing saves each read the status from their own snapshot and all report the same transition
  // (twenty "completed" audit events for one completion). A row lock cannot serve here: the first
  // save of a record has no row to lock yet. Must run inside a transaction.
  await sql`select pg_advisory_xact_lock(${workerId}::int, ${moduleId}::int)`.execute(db);
  const result = await sql<{ id: number; previousStatus: TrainingStatus | null }>`
    with previous as (
      select status from worker_trainings where worker_id = ${workerId} and module_id = ${moduleId}
    )
    insert into worker_trainings as wt (worker_id, module_id, progress, status, last_accessed_at, completed_at)
    values (
      ${workerId}, ${moduleId}, ${progress},
      case when ${progress}::int >= 100 then 'completed' else 'in_progress' end,
      now(),
      case when ${progress}::int >= 100 then now() end
    )
    on conflict (worker_id, module_id) do update set
      progress = greatest(wt.progress, excluded.progress),
      status = case when greatest(wt.progress, excluded.progress) >= 100 or wt.status = 'completed' then 'completed' else 'in_progress' end,
      completed_at = case
        when wt.status = 'completed' then coalesce(wt.completed_at, now())
        when excluded.progress >= 100 then now()
        else null
      end,
      last_accessed_at = now()
    returning wt.id, (select status from previous) as previous_status
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error("upsert returned no row");
  const record = await db
    .selectFrom("workerTrainings as wt")
    .innerJoin("trainingModules as m", "m.id", "wt.moduleId")
    .select([
      "wt.id",
      "wt.workerId",
      "wt.moduleId",
      "wt.progress",
      "wt.status",
      "wt.lastAccessedAt",
      "wt.completedAt",
      "m.title as moduleTitle",
      "m.type as moduleType",
    ])
    .where("wt.id", "=", row.id)
    .executeTakeFirstOrThrow();
  return { record, previousStatus: row.previousStatus ?? "not_started" };
}

export interface WorkerTrainingSummary {
  workerId: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  company: string | null;
  completedCount: number;
  inProgressCount: number;
  totalModules: number;
  compliance: number;
  lastTrainingAt: Date | null;
}

/** Every worker's training completion (the Worker Compliance tab), in one query. */
export async function workerTrainingSummaries(db: Kysely<Database>): Promise<WorkerTrainingSummary[]> {
  return db
    .selectFrom("workers as w")
    .innerJoin(workerComplianceQuery(db).as("wc"), "wc.workerId", "w.id")
    .leftJoin("workerTrainings as wt", "wt.workerId", "w.id")
    .select([
      "w.id as workerId",
      "w.userId",
      "w.firstName",
      "w.lastName",
      "w.email",
      "w.role",
      "w.company",
      sql<number>`count(wt.id) filter (where wt.status = 'completed')`.as("completedCount"),
      sql<number>`count(wt.id) filter (where wt.status = 'in_progress')`.as("inProgressCount"),
      sql<number>`(select count(*) from training_modules)`.as("totalModules"),
      sql<number>`max(wc.compliance)`.as("compliance"),
      sql<Date | null>`max(wt.last_accessed_at)`.as("lastTrainingAt"),
    ])
    .groupBy("w.id")
    .orderBy("w.lastName", "asc")
    .orderBy("w.firstName", "asc")
    .orderBy("w.id", "asc")
    .execute();
}

/** One row per worker and module: the record's status, or "not_started" where there is none. */
export interface TrainingCompletionRow {
  workerId: number;
  workerName: string;
  company: string | null;
  position: string;
  moduleId: number;
  moduleTitle: string;
  moduleType: TrainingModuleType;
  status: TrainingStatus;
  progress: number;
  completedAt: Date | null;
  lastAccessedAt: Date | null;
}

export interface TrainingCompletionOptions {
  /** Only these workers (a worker reading their own). */
  workerId?: number | undefined;
  moduleId?: number | undefined;
  /** Worker name, company or position contains this, case-insensitively. */
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/**
 * Training completion per worker and module (the compliance export): every worker crossed with
 * every module, in worker name order; a list source, so the whole of it streams.
 */
export function trainingCompletionList(db: Kysely<Database>, options: TrainingCompletionOptions = {}): ListSource<TrainingCompletionRow> {
  let query = db
    .selectFrom("workers as w")
    .crossJoin("trainingModules as m")
    .leftJoin("workerTrainings as wt", (join) => join.onRef("wt.workerId", "=", "w.id").onRef("wt.moduleId", "=", "m.id"))
    .select([
      "w.id as workerId",
      workerName("w").as("workerName"),
      "w.company",
      "w.role as position",
      "m.id as moduleId",
      "m.title as moduleTitle",
      "m.type as moduleType",
      sql<TrainingStatus>`coalesce(wt.status, 'not_started')`.as("status"),
      sql<number>`coalesce(wt.progress, 0)`.as("progress"),
      "wt.completedAt",
      "wt.lastAccessedAt",
    ])
    .orderBy("w.lastName", "asc")
    .orderBy("w.firstName", "asc")
    .orderBy("w.id", "asc")
    .orderBy("m.id", "asc");
  if (options.workerId !== undefined) query = query.where("w.id", "=", options.workerId);
  if (options.moduleId !== undefined) query = query.where("m.id", "=", options.moduleId);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) =>
      eb.or([
        eb(workerNameForSearch("w"), "like", pattern),
        eb(sql`lower(coalesce(w.company, ''))`, "like", pattern),
        eb(sql`lower(w.role)`, "like", pattern),
      ]),
    );
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(
    query,
    keyset("asc", ["w.lastName", "text"], ["w.firstName", "text"], ["w.id", "integer"], ["m.id", "integer"]),
    (row) => ({ ...row, progress: Number(row.progress) }),
  );
}

export interface QuizAttempt {
  id: number;
  workerId: number;
  moduleId: number;
  answers: (number | null)[];
  correctCount: number;
  questionCount: number;
  score: number;
  passed: boolean;
  submittedAt: Date;
}

const attemptColumns = [
  "id",
  "workerId",
  "moduleId",
  "answers",
  "correctCount",
  "questionCount",
  "score",
  "passed",
  "submittedAt",
] as const;

/** Stores a graded attempt (the grading itself is the domain's gradeQuiz). */
export async function insertQuizAttempt(
  db: Kysely<Database>,
  attempt: {
    workerId: number;
    moduleId: number;
    answers: (number | null)[];
    correctCount: number;
    questionCount: number;
    score: number;
    passed: boolean;
  },
): Promise<QuizAttempt> {
  return db
    .insertInto("quizAttempts")
    .values({ ...attempt, answers: JSON.stringify(attempt.answers) })
    .returning(attemptColumns)
    .executeTakeFirstOrThrow();
}

/** Whether the worker has an attempt at or above this score for the module. */
export async function hasAttemptScoring(db: Kysely<Database>, workerId: number, moduleId: number, minScore: number): Promise<boolean> {
  const row = await db
    .selectFrom("quizAttempts")
    .select("id")
    .where("workerId", "=", workerId)
    .where("moduleId", "=", moduleId)
    .where("score", ">=", minScore)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A worker's attempts at one module, newest first. */
export async function listQuizAttempts(db: Kysely<Database>, workerId: number, moduleId: number, limit = 20): Promise<QuizAttempt[]> {
  return db
    .selectFrom("quizAttempts")
    .select(attemptColumns)
    .where("workerId", "=", workerId)
    .where("moduleId", "=", moduleId)
    .orderBy("submittedAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
