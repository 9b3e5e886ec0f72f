import { training } from "@sitesafe/db";
import {
  byIdSchema,
  createTrainingModuleSchema,
  recordTrainingProgressSchema,
  setModuleTranslationSchema,
  submitQuizAttemptSchema,
  trainingCompletionListSchema,
  trainingModuleBySlugSchema,
  trainingModuleListSchema,
  workerTrainingsSchema,
} from "@sitesafe/domain";
import { once } from "../services/idempotency.js";
import * as service from "../services/training.js";
import { actionProcedure, authedProcedure, router, staffProcedure } from "../trpc.js";

/** Procedures of the training area: each its input schema, its permission, one call to services/training.ts. */
export const trainingRouter = router({
  /**
   * Training completion per worker and module (GET /api/training-completion, the CSV export):
   * staff read every worker's, a worker only their own (403 for anyone else's).
   */
  completion: authedProcedure.input(trainingCompletionListSchema.optional()).query(({ ctx, input }) => service.completion(ctx, input)),

  /** GET /api/training-modules (?type=). */
  modules: authedProcedure
    .input(trainingModuleListSchema)
    .query(async ({ ctx, input }) => service.modulesIn(ctx.db, await training.listModules(ctx.db, { type: input?.type }), ctx.language)),

  /** GET /api/training-modules/:id. */
  moduleById: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.moduleById(ctx, input.id)),

  /** The static training pages load their seeded module by slug. */
  moduleBySlug: authedProcedure.input(trainingModuleBySlugSchema).query(({ ctx, input }) => service.moduleBySlug(ctx, input.slug)),

  /** POST /api/training-modules: admins, managers, and the Safety Administrator / Safety Manager positions. */
  createModule: actionProcedure("trainingModule.create")
    .input(createTrainingModuleSchema)
    .mutation(once(({ ctx, input }) => service.createModule(ctx, input))),

  /** PUT /api/training-modules/:id/translations/:language: staff add or replace a module's Spanish version. */
  setTranslation: actionProcedure("trainingModule.create")
    .input(setModuleTranslationSchema)
    .mutation(({ ctx, input }) => service.setTranslation(ctx, input)),

  /** GET /api/workers/:workerId/trainings. */
  workerTrainings: authedProcedure.input(workerTrainingsSchema).query(({ ctx, input }) => service.workerTrainings(ctx, input.workerId)),

  /** GET /api/workers/:workerId/trainings/force-refresh: the same list, read fresh (the client bypasses its cache). */
  workerTrainingsForceRefresh: authedProcedure
    .input(workerTrainingsSchema)
    .query(({ ctx, input }) => service.workerTrainings(ctx, input.workerId)),

  /** POST /api/workers/:workerId/trainings. */
  createProgress: authedProcedure
    .input(recordTrainingProgressSchema)
    .mutation(once(({ ctx, input }) => service.recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/trainings/:moduleId. */
  updateProgress: authedProcedure.input(recordTrainingProgressSchema).mutation(({ ctx, input }) => service.recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/trainings/:moduleId/attempts: a knowledge check, graded on the server. */
  submitAttempt: authedProcedure.input(submitQuizAttemptSchema).mutation(once(({ ctx, input }) => service.submitQuizAttempt(ctx, input))),

  /** Each worker's completion, for the Worker Compliance tab (staff only). */
  workerSummaries: staffProcedure.query(({ ctx }) => training.workerTrainingSummaries(ctx.db)),
});
