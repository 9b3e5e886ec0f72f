import {
  AppError,
  assignWorkerSchema,
  byIdSchema,
  canSeeProject,
  complianceStatus,
  conflict,
  endsBeforeStart,
  FILE_CONTENT_MISMATCH,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ACCEPTED,
  forbidden,
  idParam,
  isStaff,
  NO_FILE_SELECTED,
  notFound,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
  removeWorkerSchema,
  SAFETY_PLAN_MAX_BYTES,
  SAFETY_PLAN_MIME,
  type SafetyPlanExtension,
  safetyPlanDescriptionSchema,
  safetyPlanExtension,
  sanitizeFileName,
  WORKER_ALREADY_ASSIGNED,
  pageQuerySchema,
  type ProjectListQuery,
} from "@sitesafe/domain";
import { audit, type Database, projects, workers } from "@sitesafe/db";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import { z } from "zod";
import { assertCan, type SignedInContext } from "../context.js";
import { answerPage } from "../lists.js";
import { authedProcedure, remembered, router, staffProcedure } from "../trpc.js";
import { once } from "../services/idempotency.js";

/** 404 for a missing project, then 403 for a worker who is not assigned to it. */
async function assertProjectVisible(db: Kysely<Database>, actor: Parameters<typeof canSeeProject>[0], id: number) {
  if (!(await projects.projectExists(db, id))) throw notFound("Project");
  if (!canSeeProject(actor, id)) throw forbidden("You can only view projects you are assigned to");
}

/**
 * Checks a safety plan's bytes against its extension: the extension must be accepted AND the
 * content must be that kind of file (file-type's magic-number detection), so a PNG renamed
 * plan.pdf is refused. OLE2 compound files (.doc, .xls) detect as "cfb"; Office Open XML as
 * docx/xlsx; .csv and .txt have no signature and must be UTF-8 text without NUL bytes.
 */
export async function checkSafetyPlanContent(fileName: string, data: Uint8Array): Promise<SafetyPlanExtension> {
  const ext = safetyPlanExtension(fileName);
  if (!ext) throw new AppError("UNSUPPORTED_MEDIA_TYPE", FILE_TYPE_NOT_ACCEPTED);
  const detected = await fileTypeFromBuffer(data);
  const ok = (() => {
    switch (ext) {
      case ".pdf":
        return detected?.ext === "pdf";
      case ".doc":
      case ".xls":
        return detected?.ext === "cfb";
      case ".docx":
        return detected?.ext === "docx";
      case ".xlsx":
        return detected?.ext === "xlsx";
      case ".csv":
      case ".txt":
        return detected === undefined && isUtf8Text(data);
    }
  })();
  if (!ok) throw new AppError("UNSUPPORTED_MEDIA_TYPE", FILE_CONTENT_MISMATCH);
  return ext;
}

function isUtf8Text(data: Uint8Array): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

const uploadSafetyPlanSchema = z.object({
  id: idParam,
  fileName: z.string({ error: NO_FILE_SELECTED }).min(1, NO_FILE_SELECTED).max(1000, "File name is too long"),
  description: safetyPlanDescriptionSchema,
  data: z.instanceof(Uint8Array, { message: NO_FILE_SELECTED }),
});

/** Every project for staff, the assigned ones for a worker; "all" is no status filter. */
function visibleProjects(ctx: SignedInContext, input: ProjectListQuery) {
  return projects.projectList(ctx.db, {
    search: input.search,
    status: input.status && input.status !== "all" ? input.status : undefined,
    limit: input.limit,
    offset: input.offset,
    onlyIds: isStaff(ctx.actor) ? undefined : ctx.actor.assignedProjectIds,
  }, ctx.projectFigures);
}

export const projectsRouter = router({
  /** GET /api/projects: every project for staff, the assigned ones for a worker. */
  list: authedProcedure.input(projectListSchema.optional()).query(remembered(({ ctx, input }) => visibleProjects(ctx, input ?? {}).rows())),

  /** The projects screen's page, with the same search, status and scope as the list. */
  page: authedProcedure.input(pageQuerySchema(projectListSchema)).query(remembered(({ ctx, input }) => answerPage(visibleProjects(ctx, input)))),

  /** The projects the actor sees, by name with their status, no figures: for pickers. */
  options: authedProcedure.query(remembered(({ ctx }) => projects.projectChoices(ctx.db, isStaff(ctx.actor) ? undefined : ctx.actor.assignedProjectIds))),

  /** GET /api/projects/stats: compliance rows with the Compliant / At Risk / Non-Compliant label. */
  stats: authedProcedure.query(remembered(async ({ ctx }) => {
    const rows = await projects.projectStats(ctx.db, isStaff(ctx.actor) ? undefined : ctx.actor.assignedProjectIds, ctx.projectFigures);
    return rows.map((r) => ({ ...r, complianceStatus: complianceStatus(r.compliancePercentage) }));
  })),

  byId: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    const project = await projects.findProject(ctx.db, input.id, ctx.projectFigures);
    if (!project) throw notFound("Project");
    if (!canSeeProject(ctx.actor, project.id)) throw forbidden("You can only view projects you are assigned to");
    return project;
  })),

  create: staffProcedure.input(projectSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "project.create");
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await projects.insertProject(trx, input);
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: id, action: "created", to: input.status });
      return id;
    });
    const project = await projects.findProject(ctx.db, id);
    if (!project) throw notFound("Project");
    return project;
  })),

  update: staffProcedure.input(projectUpdateSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "project.update");
    const { id, ...fields } = input;
    const current = await projects.findProject(ctx.db, id);
    if (!current) throw notFound("Project");
    // A partial update must still leave the end date on or after the start date.
    if (endsBeforeStart({ startDate: fields.startDate ?? current.startDate, endDate: fields.endDate === undefined ? current.endDate : fields.endDate })) {
      throw new AppError("BAD_REQUEST", "End date must be on or after the start date", [
        { path: "endDate", message: "End date must be on or after the start date" },
      ]);
    }
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<projects.ProjectFields>;
    await ctx.db.transaction().execute(async (trx) => {
      await projects.updateProject(trx, id, defined);
      if (defined.status && defined.status !== current.status) {
        await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: id, action: "status_changed", from: current.status, to: defined.status });
      }
    });
    const project = await projects.findProject(ctx.db, id);
    if (!project) throw notFound("Project");
    return project;
  }),

  /** Foreign keys take the assignments, the safety plan and the project's forms with it. */
  delete: staffProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "project.delete");
    await ctx.db.transaction().execute(async (trx) => {
      const deleted = await projects.deleteProject(trx, input.id);
      if (!deleted) throw notFound("Project");
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: input.id, action: "deleted", details: { name: deleted.name } });
    });
    ctx.log.info({ event: "project_deleted", projectId: input.id, by: ctx.actor.userId }, "project deleted");
    return { success: true };
  }),

  /** GET /api/projects/:id/workers: staff only (names, phones and compliance of the crew). */
  workers: staffProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    assertCan(ctx.actor, "worker.list");
    if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
    return projects.listProjectWorkers(ctx.db, input.id, ctx.workerCompliance);
  })),

  assignWorker: staffProcedure.input(assignWorkerSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "project.manageWorkers", { projectId: input.id });
    if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
    if (!(await workers.findWorkerProfile(ctx.db, input.workerId))) throw notFound("Worker");
    const row = await projects.assignWorker(ctx.db, input.id, input.workerId, input.role);
    if (!row) throw conflict(WORKER_ALREADY_ASSIGNED);
    return row;
  })),

  removeWorker: staffProcedure.input(removeWorkerSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "project.manageWorkers", { projectId: input.id });
    const removed = await projects.removeWorker(ctx.db, input.id, input.workerId);
    if (!removed) throw notFound("Assignment");
    return { success: true };
  }),

  /** GET /api/projects/:id/safety-plan: metadata only; 404 when the project has none. */
  safetyPlan: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    await assertProjectVisible(ctx.db, ctx.actor, input.id);
    const plan = await projects.findSafetyPlan(ctx.db, input.id);
    if (!plan) throw notFound("Safety plan");
    return plan;
  })),

  /** The bytes for GET /api/projects/:id/safety-plan/download; anyone who may see the project. */
  downloadSafetyPlan: authedProcedure.input(byIdSchema).query(async ({ ctx, input }) => {
    await assertProjectVisible(ctx.db, ctx.actor, input.id);
    const file = await projects.findSafetyPlanFile(ctx.db, input.id);
    if (!file) throw notFound("Safety plan");
    return { fileName: file.fileName, fileType: file.fileType, fileSize: file.fileSize, data: new Uint8Array(file.fileData) };
  }),

  /**
   * Stores a plan, replacing any previous one, in one transaction. The REST route streams the
   * multipart body (10 MB cap) and hands the bytes here; type and size are checked here so no
   * caller can skip them.
   */
  uploadSafetyPlan: staffProcedure.input(uploadSafetyPlanSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "safetyPlan.upload", { projectId: input.id });
    if (input.data.byteLength > SAFETY_PLAN_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE);
    if (input.data.byteLength === 0) throw new AppError("BAD_REQUEST", FILE_EMPTY);
    if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
    const ext = await checkSafetyPlanContent(input.fileName, input.data);
    const fileName = sanitizeFileName(input.fileName);
    await ctx.db.transaction().execute(async (trx) => {
      const planId = await projects.replaceSafetyPlan(trx, {
        projectId: input.id,
        fileName,
        fileType: SAFETY_PLAN_MIME[ext],
        description: input.description,
        uploadedBy: ctx.actor.userId,
        data: input.data,
      });
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "project",
        entityId: input.id,
        action: "safety_plan_uploaded",
        details: { planId, fileName, fileSize: input.data.byteLength },
      });
    });
    const plan = await projects.findSafetyPlan(ctx.db, input.id);
    if (!plan) throw notFound("Safety plan");
    return plan;
  })),

  /** DELETE /api/projects/:id/safety-plan: succeeds whether or not there was a plan. */
  deleteSafetyPlan: staffProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "safetyPlan.delete", { projectId: input.id });
    if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      const deleted = await projects.deleteSafetyPlan(trx, input.id);
      if (deleted) await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: input.id, action: "safety_plan_deleted" });
      return deleted;
    });
    return { success: true, deleted };
  }),

  /** /safety/plans: every project with its plan's metadata (staff). */
  safetyPlans: staffProcedure.query(remembered(({ ctx }) => {
    assertCan(ctx.actor, "safetyPlan.upload");
    return projects.listProjectPlans(ctx.db);
  })),
});
