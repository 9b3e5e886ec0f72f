import {
  type Actor,
  byIdSchema,
  canReadWorkerProgress,
  createTrainingModuleSchema,
  setModuleTranslationSchema,
  forbidden,
  notFound,
  isStaff,
  recordTrainingProgressSchema,
  trainingCompletionListSchema,
  submitQuizAttemptSchema,
  trainingModuleBySlugSchema,
  trainingModuleListSchema,
  workerTrainingsSchema,
} from "@sitesafe/domain";
import { training } from "@sitesafe/db";
import type { Kysely } from "kysely";
import type { Database } from "@sitesafe/db";
import { assertCan } from "../context.js";
import { createModule, moduleIn, modulesIn, recordProgress, setTranslation, submitQuizAttempt } from "../services/training.js";
import { authedProcedure, remembered, router, staffProcedure } from "../trpc.js";
import { answerList } from "../lists.js";
import { once } from "../services/idempotency.js";

/**
 * Reading a worker's records: the worker themself or staff (403 otherwise, before revealing
 * whether the worker exists); 404 for an unknown worker.
 */
async function assertReadable(db: Kysely<Database>, actor: Actor, workerId: number) {
  if (!canReadWorkerProgress(actor, workerId)) throw forbidden();
  if (!(await training.workerExists(db, workerId))) throw notFound("Worker");
}

/** Procedures of the training area. */
export const trainingRouter = router({
  /**
   * Training completion per worker and module (GET /api/training-completion, the CSV export):
   * staff read every worker's, a worker only their own (403 for anyone else's).
   */
  completion: authedProcedure.input(trainingCompletionListSchema.optional()).query(remembered(({ ctx, input }) => {
    const options = input ?? {};
    if (!isStaff(ctx.actor)) {
      if (ctx.actor.workerId === null || (options.workerId !== undefined && options.workerId !== ctx.actor.workerId)) throw forbidden();
    }
    const workerId = isStaff(ctx.actor) ? options.workerId : (ctx.actor.workerId ?? undefined);
    return answerList(ctx, training.trainingCompletionList(ctx.db, { ...options, workerId }), options.limit);
  })),

  /** GET /api/training-modules (?type=). */
  modules: authedProcedure.input(trainingModuleListSchema).query(remembered(async ({ ctx, input }) => modulesIn(ctx.db, await training.listModules(ctx.db, { type: input?.type }), ctx.language))),

  /** GET /api/training-modules/:id. */
  moduleById: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    const module = await training.findModule(ctx.db, input.id);
    if (!module) throw notFound("Training module");
    return moduleIn(ctx.db, module, ctx.language);
  })),

  /** The static training pages load their seeded module by slug. */
  moduleBySlug: authedProcedure.input(trainingModuleBySlugSchema).query(remembered(async ({ ctx, input }) => {
    const module = await training.findModuleBySlug(ctx.db, input.slug);
    if (!module) throw notFound("Training module");
    return moduleIn(ctx.db, module, ctx.language);
  })),

  /** POST /api/training-modules: admins, managers, and the Safety Administrator / Safety Manager positions. */
  createModule: authedProcedure.input(createTrainingModuleSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "trainingModule.create");
    const module = await createModule(ctx, input, ctx.user.id);
    ctx.log.info({ event: "training_module_created", moduleId: module.id, by: ctx.user.id }, "training module created");
    return module;
  })),

  /** PUT /api/training-modules/:id/translations/:language: staff add or replace a module's Spanish version. */
  setTranslation: authedProcedure.input(setModuleTranslationSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "trainingModule.create");
    return setTranslation(ctx, input);
  }),

  /** GET /api/workers/:workerId/trainings. */
  workerTrainings: authedProcedure.input(workerTrainingsSchema).query(remembered(async ({ ctx, input }) => {
    await assertReadable(ctx.db, ctx.actor, input.workerId);
    return training.listWorkerTrainings(ctx.db, input.workerId);
  })),

  /** GET /api/workers/:workerId/trainings/force-refresh: the same list, read fresh (the client bypasses its cache). */
  workerTrainingsForceRefresh: authedProcedure.input(workerTrainingsSchema).query(async ({ ctx, input }) => {
    await assertReadable(ctx.db, ctx.actor, input.workerId);
    return training.listWorkerTrainings(ctx.db, input.workerId);
  }),

  /** POST /api/workers/:workerId/trainings. */
  createProgress: authedProcedure.input(recordTrainingProgressSchema).mutation(once(({ ctx, input }) => recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/trainings/:moduleId. */
  updateProgress: authedProcedure.input(recordTrainingProgressSchema).mutation(({ ctx, input }) => recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/trainings/:moduleId/attempts: a knowledge check, graded on the server. */
  submitAttempt: authedProcedure.input(submitQuizAttemptSchema).mutation(once(({ ctx, input }) => submitQuizAttempt(ctx, input))),

  /** Each worker's completion, for the Worker Compliance tab (staff only). */
  workerSummaries: staffProcedure.query(remembered(({ ctx }) => training.workerTrainingSummaries(ctx.db))),
});
