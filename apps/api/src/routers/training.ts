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
import * as out from "../openapi/schemas.js";
import { csvExport, field } from "../rest/csv.js";
import { get, post, put } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/training.js";
import { actionProcedure, authedProcedure, router, staffProcedure } from "../trpc.js";

/** `/api/training-completion?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const trainingCompletionCsv = csvExport("training-completion", [
  field("workerId"),
  field("workerName"),
  field("company"),
  field("position"),
  field("moduleId"),
  field("moduleTitle"),
  field("moduleType"),
  field("status"),
  field("progress"),
  field("completedAt"),
  field("lastAccessedAt"),
]);

/** Procedures of the training area: each its input schema, its permission, one call to services/training.ts. */
export const trainingRouter = router({
  /** GET /api/training-modules (?type=). */
  modules: authedProcedure
    .meta({ rest: get("/api/training-modules"), output: out.list(out.trainingModule) })
    .input(trainingModuleListSchema)
    .query(async ({ ctx, input }) => service.modulesIn(ctx.db, await training.listModules(ctx.db, { type: input?.type }), ctx.language)),

  /**
   * Training completion per worker and module (GET /api/training-completion, the CSV export):
   * staff read every worker's, a worker only their own (403 for anyone else's).
   */
  completion: authedProcedure
    .meta({ rest: get("/api/training-completion", { csv: trainingCompletionCsv }), output: out.trainingCompletion })
    .input(trainingCompletionListSchema.optional())
    .query(({ ctx, input }) => service.completion(ctx, input)),

  /** GET /api/training-modules/:id. */
  moduleById: authedProcedure
    .meta({ rest: get("/api/training-modules/:id"), output: out.trainingModule })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.moduleById(ctx, input.id)),

  /** The static training pages load their seeded module by slug. */
  moduleBySlug: authedProcedure.input(trainingModuleBySlugSchema).query(({ ctx, input }) => service.moduleBySlug(ctx, input.slug)),

  /** POST /api/training-modules: admins, managers, and the Safety Administrator / Safety Manager positions. */
  createModule: actionProcedure("trainingModule.create")
    .meta({ rest: post("/api/training-modules"), output: out.trainingModule })
    .input(createTrainingModuleSchema)
    .mutation(once(({ ctx, input }) => service.createModule(ctx, input))),

  /** PUT /api/training-modules/:id/translations/:language: staff add or replace a module's Spanish version. */
  setTranslation: actionProcedure("trainingModule.create")
    .meta({ rest: put("/api/training-modules/:id/translations/:language"), output: out.trainingModule })
    .input(setModuleTranslationSchema)
    .mutation(({ ctx, input }) => service.setTranslation(ctx, input)),

  /** GET /api/workers/:workerId/trainings. */
  workerTrainings: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/trainings"), output: out.list(out.trainingRecord) })
    .input(workerTrainingsSchema)
    .query(({ ctx, input }) => service.workerTrainings(ctx, input.workerId)),

  /** GET /api/workers/:workerId/trainings/force-refresh: the same list, read fresh (the client bypasses its cache). */
  workerTrainingsForceRefresh: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/trainings/force-refresh"), output: out.list(out.trainingRecord) })
    .input(workerTrainingsSchema)
    .query(({ ctx, input }) => service.workerTrainings(ctx, input.workerId)),

  /** POST /api/workers/:workerId/trainings. */
  createProgress: authedProcedure
    .meta({ rest: post("/api/workers/:workerId/trainings"), output: out.trainingRecord })
    .input(recordTrainingProgressSchema)
    .mutation(once(({ ctx, input }) => service.recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/trainings/:moduleId. */
  updateProgress: authedProcedure
    .meta({ rest: put("/api/workers/:workerId/trainings/:moduleId"), output: out.trainingRecord })
    .input(recordTrainingProgressSchema)
    .mutation(({ ctx, input }) => service.recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/trainings/:moduleId/attempts: a knowledge check, graded on the server. */
  submitAttempt: authedProcedure
    .meta({ rest: post("/api/workers/:workerId/trainings/:moduleId/attempts"), output: out.quizAttemptResult })
    .input(submitQuizAttemptSchema)
    .mutation(once(({ ctx, input }) => service.submitQuizAttempt(ctx, input))),

  /** Each worker's completion, for the Worker Compliance tab (staff only). */
  workerSummaries: staffProcedure.query(({ ctx }) => training.workerTrainingSummaries(ctx.db)),
});
