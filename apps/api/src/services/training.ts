import { audit, type Database, training, workers } from "@sitesafe/db";
import {
  type Actor,
  acceptedProgress,
  attemptCompletes,
  badRequest,
  type CreateTrainingModule,
  canReadWorkerProgress,
  canWriteWorkerProgress,
  completingScore,
  type createTrainingModuleSchema,
  displayName,
  forbidden,
  gradeQuiz,
  isStaff,
  type Language,
  type ModuleTranslation,
  type ModuleTranslationLanguage,
  notFound,
  progressAfterAttempt,
  publicModuleContent,
  quizAnswersProblem,
  quizKindOf,
  type recordTrainingProgressSchema,
  type submitQuizAttemptSchema,
  type trainingCompletionListSchema,
  translationMismatch,
} from "@sitesafe/domain";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import { answerList } from "../lists.js";
import type { ServiceContext } from "./context.js";
import type { Delivery } from "./notifications.js";
import { tellModuleAssigned } from "./trainingNotices.js";

/**
 * Application rules of the training area: the server grades knowledge checks and decides what a
 * worker's progress and completion are (docs/decisions/0107-server-graded-training.md).
 */

type Ctx = { db: Kysely<Database>; actor: Actor };

/**
 * A module as the browser receives it: the quiz without its answers, in the reader's language when
 * the module has a translation that matches it question for question (else English). `language`
 * says which one the content is in, so the page can say when a module is not yet translated.
 */
function publicModule(module: training.TrainingModule, translation?: training.ModuleTranslation) {
  if (translation && !translationMismatch(module.content, translation.content)) {
    const { sections, quiz, guidelines } = translation.content;
    const content = {
      sections,
      quiz: quiz.map(({ question, options }) => ({ question, options })),
      ...((guidelines ?? module.content.guidelines) ? { guidelines: guidelines ?? module.content.guidelines } : {}),
    };
    return {
      ...module,
      title: translation.title,
      description: translation.description,
      content,
      language: translation.language as Language,
    };
  }
  return { ...module, content: publicModuleContent(module.content), language: "en" as Language };
}

/** Modules in the reader's language (one query for the translations of the whole list). */
export async function modulesIn(db: Kysely<Database>, modules: training.TrainingModule[], language: Language) {
  if (language === "en" || modules.length === 0) return modules.map((module) => publicModule(module));
  const translations = await training.findTranslations(
    db,
    modules.map((m) => m.id),
    language,
  );
  return modules.map((module) => publicModule(module, translations.get(module.id)));
}

/** One module in the reader's language. */
async function moduleIn(db: Kysely<Database>, module: training.TrainingModule, language: Language) {
  const [localized] = await modulesIn(db, [module], language);
  return localized as ReturnType<typeof publicModule>;
}

/** A staff member's new module, with its Spanish version when given, in one transaction. */
async function insertModuleWithTranslation(
  ctx: Ctx & { language: Language; delivery?: Delivery | undefined; now?: () => Date },
  input: CreateTrainingModule,
  createdBy: { userId: number; name: string },
) {
  return ctx.db.transaction().execute(async (trx) => {
    const { translations, ...fields } = input;
    const module = await training.insertModule(trx, { ...fields, createdBy: createdBy.userId });
    if (translations?.es) await training.upsertTranslation(trx, { moduleId: module.id, language: "es", ...translations.es });
    // Every module is required of every worker (docs/product.md): each is told, in the same transaction.
    await tellModuleAssigned(trx, ctx.delivery, { id: module.id, title: module.title }, createdBy, ctx.now?.() ?? new Date());
    return moduleIn(trx, module, ctx.language);
  });
}

/**
 * Adds or replaces a module's translation (staff). It must match the English module section for
 * section, question for question and option for option: the answers stay the module's.
 */
export async function setTranslation(ctx: Ctx, input: { id: number; language: ModuleTranslationLanguage } & ModuleTranslation) {
  assertCan(ctx.actor, "trainingModule.create");
  return ctx.db.transaction().execute(async (trx) => {
    const module = await training.findModule(trx, input.id);
    if (!module) throw notFound("Training module");
    const mismatch = translationMismatch(module.content, input.content);
    if (mismatch) throw badRequest(mismatch.message, [mismatch]);
    const translation = await training.upsertTranslation(trx, {
      moduleId: module.id,
      language: input.language,
      title: input.title,
      description: input.description,
      content: input.content,
    });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "training",
      entityId: module.id,
      action: "translated",
      details: { moduleId: module.id, language: input.language },
    });
    return publicModule(module, translation);
  });
}

/** The write itself plus its audit event, inside the caller's transaction. */
async function writeProgress(
  trx: Transaction<Database>,
  actor: Actor,
  input: { workerId: number; moduleId: number; progress: number },
  attemptId: number | null,
) {
  const { record, previousStatus } = await training.upsertWorkerTraining(trx, input);
  if (record.status !== previousStatus) {
    await audit.recordAudit(trx, {
      actor,
      entity: "training",
      entityId: record.id,
      action: record.status === "completed" ? "completed" : "started",
      from: previousStatus,
      to: record.status,
      details: { workerId: record.workerId, moduleId: record.moduleId, progress: record.progress, ...(attemptId ? { attemptId } : {}) },
    });
  }
  return record;
}

/** A worker writes only their own records (403 before revealing whether the worker exists). */
async function assertWritable(trx: Kysely<Database>, actor: Actor, workerId: number) {
  if (!canWriteWorkerProgress(actor, workerId)) throw forbidden();
  if (!(await workers.workerExists(trx, workerId))) throw notFound("Worker");
}

/**
 * POST/PUT .../trainings: a worker's own progress. The progress sent is recomputed: completion
 * (100) stands only with a stored attempt that completes the module, else it is kept at 99.
 */
export async function recordProgress(ctx: Ctx, input: z.infer<typeof recordTrainingProgressSchema>) {
  return ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, ctx.actor, input.workerId);
    const module = await training.findModule(trx, input.moduleId);
    if (!module) throw notFound("Training module");
    const minScore = completingScore(quizKindOf(module.slug));
    const completes = input.progress >= 100 && (await training.hasAttemptScoring(trx, input.workerId, input.moduleId, minScore));
    return writeProgress(trx, ctx.actor, { ...input, progress: acceptedProgress(input.progress, completes) }, null);
  });
}

/**
 * A submitted knowledge check: graded here, stored (answers, score, time), and on a module page
 * the progress follows from it (a perfect score completes). The answer shows which options were
 * right, now that the attempt is in.
 */
export async function submitQuizAttempt(ctx: Ctx, input: z.infer<typeof submitQuizAttemptSchema>) {
  return ctx.db.transaction().execute(async (trx) => {
    await assertWritable(trx, ctx.actor, input.workerId);
    const module = await training.findModule(trx, input.moduleId);
    if (!module) throw notFound("Training module");
    const { quiz, sections } = module.content;
    const problem = quizAnswersProblem(quiz, input.answers);
    if (problem) throw badRequest(problem, [{ path: "answers", message: problem }]);
    const grade = gradeQuiz(quiz, input.answers);
    const attempt = await training.insertQuizAttempt(trx, {
      workerId: input.workerId,
      moduleId: input.moduleId,
      answers: input.answers,
      correctCount: grade.correct,
      questionCount: grade.total,
      score: grade.score,
      passed: grade.passed,
    });
    const kind = quizKindOf(module.slug);
    const progress = progressAfterAttempt(kind, grade, input.sectionsViewed, sections.length);
    const record =
      progress === null
        ? null
        : await writeProgress(trx, ctx.actor, { workerId: input.workerId, moduleId: input.moduleId, progress }, attempt.id);
    return {
      attempt: {
        id: attempt.id,
        score: attempt.score,
        correct: attempt.correctCount,
        total: attempt.questionCount,
        passed: attempt.passed,
        submittedAt: attempt.submittedAt,
      },
      completes: attemptCompletes(kind, grade.score),
      results: grade.results,
      record,
    };
  });
}

/**
 * Reading a worker's records: the worker themself or staff (403 otherwise, before revealing
 * whether the worker exists); 404 for an unknown worker.
 */
async function assertReadable(db: Kysely<Database>, actor: Actor, workerId: number) {
  if (!canReadWorkerProgress(actor, workerId)) throw forbidden();
  if (!(await workers.workerExists(db, workerId))) throw notFound("Worker");
}

/**
 * Training completion per worker and module (GET /api/training-completion, the CSV export):
 * staff read every worker's, a worker only their own (403 for anyone else's).
 */
export function completion(ctx: ServiceContext, input: z.infer<typeof trainingCompletionListSchema> | undefined) {
  const options = input ?? {};
  if (!isStaff(ctx.actor)) {
    if (ctx.actor.workerId === null || (options.workerId !== undefined && options.workerId !== ctx.actor.workerId)) throw forbidden();
  }
  const workerId = isStaff(ctx.actor) ? options.workerId : (ctx.actor.workerId ?? undefined);
  return answerList(ctx, training.trainingCompletionList(ctx.db, { ...options, workerId }), options.limit);
}

export async function moduleById(ctx: ServiceContext, id: number) {
  const module = await training.findModule(ctx.db, id);
  if (!module) throw notFound("Training module");
  return moduleIn(ctx.db, module, ctx.language);
}

export async function moduleBySlug(ctx: ServiceContext, slug: string) {
  const module = await training.findModuleBySlug(ctx.db, slug);
  if (!module) throw notFound("Training module");
  return moduleIn(ctx.db, module, ctx.language);
}

/** Admins, managers, and the Safety Administrator / Safety Manager positions; with its Spanish version when given. */
export async function createModule(ctx: ServiceContext, input: z.infer<typeof createTrainingModuleSchema>) {
  assertCan(ctx.actor, "trainingModule.create");
  const module = await insertModuleWithTranslation(ctx, input, { userId: ctx.user.id, name: displayName(ctx.user) });
  ctx.log.info({ event: "training_module_created", moduleId: module.id, by: ctx.user.id }, "training module created");
  return module;
}

export async function workerTrainings(ctx: ServiceContext, workerId: number) {
  await assertReadable(ctx.db, ctx.actor, workerId);
  return training.listWorkerTrainings(ctx.db, workerId);
}
