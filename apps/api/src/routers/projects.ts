import {
  assignWorkerSchema,
  byIdSchema,
  complianceStatus,
  fireWatchMinutesSchema,
  idParam,
  NO_FILE_SELECTED,
  pageQuerySchema,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
  removeWorkerSchema,
  safetyPlanDescriptionSchema,
} from "@sitesafe/domain";
import { z } from "zod";
import { answerPage, answerRows } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { col, csvExport, field } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { setSiteFireWatchMinutes } from "../services/fireWatches.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/projects.js";
import { authedProcedure, router, staffProcedure } from "../trpc.js";

/** `/api/projects?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const projectsCsv = csvExport("projects", [
  field("id"),
  field("name"),
  field("location"),
  field("status"),
  field("startDate"),
  field("endDate"),
  field("description"),
  field("safetyManagerName"),
  field("safetyManagerPhone"),
  field("safetyManagerEmail"),
  field("workerCount"),
  field("compliancePercentage"),
  col("complianceStatus", (row) => complianceStatus(row.compliancePercentage)),
  field("hasSafetyPlan"),
  field("createdAt"),
]);

const uploadSafetyPlanSchema = z.object({
  id: idParam,
  fileName: z.string({ error: NO_FILE_SELECTED }).min(1, NO_FILE_SELECTED).max(1000, "File name is too long"),
  description: safetyPlanDescriptionSchema,
  data: z.instanceof(Uint8Array, { message: NO_FILE_SELECTED }),
});

/** Procedures of the projects area: each its input schema, its permission, one call to services/projects.ts. */
export const projectsRouter = router({
  /** GET /api/projects: every project for staff, the assigned ones for a worker. */
  list: authedProcedure
    .meta({ rest: get("/api/projects", { csv: projectsCsv }), output: out.list(out.project) })
    .input(projectListSchema.optional())
    .query(({ ctx, input }) => answerRows(ctx, service.visibleProjects(ctx, input ?? {}))),

  /** The projects screen's page, with the same search, status and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(projectListSchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleProjects(ctx, input))),

  /** The projects the actor sees, by name with their status, no figures: for pickers. */
  options: authedProcedure.query(({ ctx }) => service.projectOptions(ctx)),

  /** GET /api/projects/stats: compliance rows with the Compliant / At Risk / Non-Compliant label. */
  stats: authedProcedure
    .meta({ rest: get("/api/projects/stats"), output: out.list(out.projectStats) })
    .query(({ ctx }) => service.projectStats(ctx)),

  byId: authedProcedure
    .meta({ rest: get("/api/projects/:id"), output: out.project })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleProject(ctx, input.id)),

  create: staffProcedure
    .meta({ rest: post("/api/projects"), output: out.project })
    .input(projectSchema)
    .mutation(once(({ ctx, input }) => service.createProject(ctx, input))),

  update: staffProcedure
    .meta({ rest: put("/api/projects/:id"), output: out.project })
    .input(projectUpdateSchema)
    .mutation(({ ctx, input }) => service.updateProject(ctx, input)),

  /** How long the post-work fire watch lasts at this site (30 to 720 minutes; services/fireWatches.ts). */
  setFireWatchMinutes: staffProcedure
    .meta({ rest: put("/api/projects/:id/fire-watch-minutes"), output: out.projectsSetFireWatchMinutes })
    .input(z.object({ id: idParam, minutes: fireWatchMinutesSchema }))
    .mutation(({ ctx, input }) => setSiteFireWatchMinutes(ctx, input)),

  /** Foreign keys take the assignments, the safety plan and the project's forms with it. */
  delete: staffProcedure
    .meta({ rest: del("/api/projects/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteProject(ctx, input.id)),

  /** GET /api/projects/:id/workers: staff only (names, phones and compliance of the crew). */
  workers: staffProcedure
    .meta({ rest: get("/api/projects/:id/workers"), output: out.list(out.projectWorker) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.projectWorkers(ctx, input.id)),

  assignWorker: staffProcedure
    .meta({ rest: post("/api/projects/:id/workers"), output: out.assignment })
    .input(assignWorkerSchema)
    .mutation(once(({ ctx, input }) => service.assignWorker(ctx, input))),

  removeWorker: staffProcedure
    .meta({ rest: del("/api/projects/:id/workers/:workerId"), output: out.success })
    .input(removeWorkerSchema)
    .mutation(({ ctx, input }) => service.removeWorker(ctx, input)),

  /** GET /api/projects/:id/safety-plan: metadata only; 404 when the project has none. */
  safetyPlan: authedProcedure
    .meta({ rest: get("/api/projects/:id/safety-plan"), output: out.safetyPlan.nullable() })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.safetyPlan(ctx, input.id)),

  /** The bytes for GET /api/projects/:id/safety-plan/download; anyone who may see the project. */
  downloadSafetyPlan: authedProcedure
    .meta({ rest: get("/api/projects/:id/safety-plan/download", { send: "download" }) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.safetyPlanFile(ctx, input.id)),

  /**
   * Stores a plan, replacing any previous one, in one transaction. The REST route streams the
   * multipart body (10 MB cap) and hands the bytes here; type and size are checked by the service
   * so no caller can skip them.
   */
  uploadSafetyPlan: staffProcedure
    .meta({ rest: post("/api/projects/:id/safety-plan", { upload: "safetyPlan" }), output: out.safetyPlan })
    .input(uploadSafetyPlanSchema)
    .mutation(once(({ ctx, input }) => service.uploadSafetyPlan(ctx, input))),

  /** DELETE /api/projects/:id/safety-plan: succeeds whether or not there was a plan. */
  deleteSafetyPlan: staffProcedure
    .meta({ rest: del("/api/projects/:id/safety-plan"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteSafetyPlan(ctx, input.id)),

  /** /safety/plans: every project with its plan's metadata (staff). */
  safetyPlans: staffProcedure
    .meta({ rest: get("/api/safety-plans"), output: out.list(out.projectPlan) })
    .query(({ ctx }) => service.safetyPlans(ctx)),
});
