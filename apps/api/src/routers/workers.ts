import {
  byIdSchema,
  complianceStatus,
  managerCreateSchema,
  pageQuerySchema,
  workerCreateSchema,
  workerListSchema,
  workerUpdateSchema,
} from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { col, csvExport, field, joined } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/workers.js";
import { adminSessionProcedure, authedProcedure, router, staffProcedure } from "../trpc.js";

/** `/api/workers?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const workersCsv = csvExport("workers", [
  field("id"),
  field("firstName"),
  field("lastName"),
  field("username"),
  field("email"),
  field("phone"),
  field("role", "position"),
  field("company"),
  field("hardhatNumber"),
  joined("projectIds"),
  field("safetyCompliance"),
  col("complianceStatus", (row) => complianceStatus(row.safetyCompliance)),
  field("createdAt"),
]);

/** Procedures of the workers area: each its input schema, its permission, one call to services/workers.ts. */
export const workersRouter = router({
  /** GET /api/workers (and the managers list with managersOnly): staff only. */
  list: staffProcedure
    .meta({
      rest: [get("/api/workers", { csv: workersCsv }), get("/api/managers", { set: { managersOnly: true } })],
      output: out.list(out.worker),
    })
    .input(workerListSchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.listedWorkers(ctx, input ?? {}), input?.limit)),

  /** The workers and managers screens' page, with the same search and positions as the list. */
  page: staffProcedure
    .input(pageQuerySchema(workerListSchema))
    .query(({ ctx, input }) => answerPage(ctx, service.listedWorkers(ctx, input))),

  /** Staff read any worker; a worker reads their own record. */
  byId: authedProcedure
    .meta({ rest: get("/api/workers/:id"), output: out.worker })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.readableWorker(ctx, input.id)),

  /** GET /api/workers/:id/projects. */
  projects: authedProcedure
    .meta({ rest: get("/api/workers/:id/projects"), output: out.list(out.workerProject) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.workerProjects(ctx, input.id)),

  /** The worker detail page's Training Modules tab: every module with this worker's record. */
  trainingRecords: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.workerTrainingRecords(ctx, input.id)),

  /** The worker detail page's Safety Videos tab. */
  videoRecords: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.workerVideoRecords(ctx, input.id)),

  /** POST /api/workers: login account + profile + assignments. */
  create: staffProcedure
    .meta({ rest: post("/api/workers"), output: out.worker })
    .input(workerCreateSchema)
    .mutation(once(({ ctx, input }) => service.createWorker(ctx, input))),

  /** The manager form: a manager account with the Safety Manager position. Admin only, with a password session (a staff account is power a token must not grant). */
  createManager: adminSessionProcedure
    .meta({ rest: post("/api/managers"), output: out.worker })
    .input(managerCreateSchema)
    .mutation(once(({ ctx, input }) => service.createManager(ctx, input))),

  /** PUT /api/workers/:id: profile fields; projectIds, when sent, become the assignments. */
  update: staffProcedure
    .meta({ rest: put("/api/workers/:id"), output: out.worker })
    .input(workerUpdateSchema)
    .mutation(({ ctx, input }) => service.updateWorker(ctx, input)),

  /** DELETE /api/workers/:id: the login account with its profile (services/workers.ts). */
  delete: staffProcedure
    .meta({ rest: del("/api/workers/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteWorker(ctx, input.id)),
});
