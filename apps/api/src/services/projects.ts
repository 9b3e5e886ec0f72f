import { audit, type Database, projects, retryConcurrentChange, workers } from "@sitesafe/db";
import {
  AppError,
  ASSIGNMENT_CREDENTIAL_BLOCKING,
  type assignWorkerSchema,
  canSeeProject,
  complianceStatus,
  conflict,
  endsBeforeStart,
  FILE_CONTENT_MISMATCH,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ACCEPTED,
  forbidden,
  notFound,
  type ProjectListQuery,
  type projectSchema,
  type projectUpdateSchema,
  readableProjectIds,
  type removeWorkerSchema,
  SAFETY_PLAN_MAX_BYTES,
  SAFETY_PLAN_MIME,
  type SafetyPlanExtension,
  safetyPlanExtension,
  sanitizeFileName,
  WORKER_ALREADY_ASSIGNED,
} from "@sitesafe/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assignmentGaps, companyToday } from "./credentials.js";

/**
 * Application rules of the projects area: who sees a project, its crew, and its safety plan
 * (content checks, one transaction with the audit row).
 */

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
async function checkSafetyPlanContent(fileName: string, data: Uint8Array): Promise<SafetyPlanExtension> {
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

/** Every project for staff, the assigned ones for a worker; "all" is no status filter. */
export function visibleProjects(ctx: ServiceContext, input: ProjectListQuery) {
  return projects.projectList(
    ctx.db,
    {
      search: input.search,
      status: input.status && input.status !== "all" ? input.status : undefined,
      limit: input.limit,
      offset: input.offset,
      onlyIds: readableProjectIds(ctx.actor),
    },
    ctx.projectFigures,
  );
}

/** Every project the actor sees, by name with their status, no figures: for pickers. */
export function projectOptions(ctx: ServiceContext) {
  return projects.projectChoices(ctx.db, readableProjectIds(ctx.actor));
}

/** Compliance rows with the Compliant / At Risk / Non-Compliant label. */
export async function projectStats(ctx: ServiceContext) {
  const rows = await projects.projectStats(ctx.db, readableProjectIds(ctx.actor), ctx.projectFigures);
  return rows.map((r) => ({ ...r, complianceStatus: complianceStatus(r.compliancePercentage) }));
}

export async function visibleProject(ctx: ServiceContext, id: number) {
  const project = await projects.findProject(ctx.db, id, ctx.projectFigures);
  if (!project) throw notFound("Project");
  if (!canSeeProject(ctx.actor, project.id)) throw forbidden("You can only view projects you are assigned to");
  return project;
}

export async function createProject(ctx: ServiceContext, input: z.infer<typeof projectSchema>) {
  assertCan(ctx.actor, "project.create");
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await projects.insertProject(trx, input);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: id, action: "created", to: input.status });
    return id;
  });
  const project = await projects.findProject(ctx.db, id);
  if (!project) throw notFound("Project");
  return project;
}

export async function updateProject(ctx: ServiceContext, input: z.infer<typeof projectUpdateSchema>) {
  assertCan(ctx.actor, "project.update");
  const { id, ...fields } = input;
  const current = await projects.findProject(ctx.db, id);
  if (!current) throw notFound("Project");
  // A partial update must still leave the end date on or after the start date.
  if (
    endsBeforeStart({
      startDate: fields.startDate ?? current.startDate,
      endDate: fields.endDate === undefined ? current.endDate : fields.endDate,
    })
  ) {
    throw new AppError("BAD_REQUEST", "End date must be on or after the start date", [
      { path: "endDate", message: "End date must be on or after the start date" },
    ]);
  }
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<projects.ProjectFields>;
  await ctx.db.transaction().execute(async (trx) => {
    await projects.updateProject(trx, id, defined);
    if (defined.status && defined.status !== current.status) {
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "project",
        entityId: id,
        action: "status_changed",
        from: current.status,
        to: defined.status,
      });
    }
  });
  const project = await projects.findProject(ctx.db, id);
  if (!project) throw notFound("Project");
  return project;
}

/**
 * Foreign keys take the assignments, the safety plan and the project's forms with it. Writes to
 * the project's records at the same moment can deadlock with the cascade; the delete is then run
 * again rather than answered 409 (retryConcurrentChange).
 */
export async function deleteProject(ctx: ServiceContext, id: number) {
  assertCan(ctx.actor, "project.delete");
  await retryConcurrentChange(() =>
    ctx.db.transaction().execute(async (trx) => {
      const deleted = await projects.deleteProject(trx, id);
      if (!deleted) throw notFound("Project");
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "project",
        entityId: id,
        action: "deleted",
        details: { name: deleted.name },
      });
    }),
  );
  ctx.log.info({ event: "project_deleted", projectId: id, by: ctx.actor.userId }, "project deleted");
  return { success: true };
}

/** Staff only (names, phones and compliance of the crew). */
export async function projectWorkers(ctx: ServiceContext, id: number) {
  assertCan(ctx.actor, "worker.list");
  if (!(await projects.projectExists(ctx.db, id))) throw notFound("Project");
  return projects.listProjectWorkers(ctx.db, id, ctx.workerCompliance);
}

export async function assignWorker(ctx: ServiceContext, input: z.infer<typeof assignWorkerSchema>) {
  assertCan(ctx.actor, "project.manageWorkers", { projectId: input.id });
  if (!(await projects.projectExists(ctx.db, input.id))) throw notFound("Project");
  if (!(await workers.findWorkerProfile(ctx.db, input.workerId))) throw notFound("Worker");
  // Credentials the project or the worker's position requires (issue #36): a warning in the answer,
  // or a 409 when one of the missing ones is marked blocking.
  const gaps = await assignmentGaps(ctx.db, companyToday(ctx), input.workerId, input.id);
  if (gaps.some((g) => g.blocking)) throw conflict(ASSIGNMENT_CREDENTIAL_BLOCKING);
  const row = await projects.assignWorker(ctx.db, input.id, input.workerId, input.role);
  if (!row) throw conflict(WORKER_ALREADY_ASSIGNED);
  return {
    ...row,
    credentialWarnings: gaps.map((g) => ({
      credentialTypeId: g.credentialTypeId,
      typeNameEn: g.typeNameEn,
      typeNameEs: g.typeNameEs,
      standing: g.standing === "pending" ? ("pending" as const) : ("missing" as const),
    })),
  };
}

export async function removeWorker(ctx: ServiceContext, input: z.infer<typeof removeWorkerSchema>) {
  assertCan(ctx.actor, "project.manageWorkers", { projectId: input.id });
  const removed = await projects.removeWorker(ctx.db, input.id, input.workerId);
  if (!removed) throw notFound("Assignment");
  return { success: true };
}

/** Metadata only; 404 when the project has none. */
export async function safetyPlan(ctx: ServiceContext, id: number) {
  await assertProjectVisible(ctx.db, ctx.actor, id);
  const plan = await projects.findSafetyPlan(ctx.db, id);
  if (!plan) throw notFound("Safety plan");
  return plan;
}

/** The plan's bytes; anyone who may see the project. */
export async function safetyPlanFile(ctx: ServiceContext, id: number) {
  await assertProjectVisible(ctx.db, ctx.actor, id);
  const file = await projects.findSafetyPlanFile(ctx.db, id);
  if (!file) throw notFound("Safety plan");
  return { fileName: file.fileName, fileType: file.fileType, fileSize: file.fileSize, data: new Uint8Array(file.fileData) };
}

/** Stores a plan, replacing any previous one, in one transaction; type and size are checked here so no caller can skip them. */
export async function uploadSafetyPlan(
  ctx: ServiceContext,
  input: { id: number; fileName: string; description: string | null; data: Uint8Array },
) {
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
}

/** Succeeds whether or not there was a plan. */
export async function deleteSafetyPlan(ctx: ServiceContext, id: number) {
  assertCan(ctx.actor, "safetyPlan.delete", { projectId: id });
  if (!(await projects.projectExists(ctx.db, id))) throw notFound("Project");
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const deleted = await projects.deleteSafetyPlan(trx, id);
    if (deleted) await audit.recordAudit(trx, { actor: ctx.actor, entity: "project", entityId: id, action: "safety_plan_deleted" });
    return deleted;
  });
  return { success: true, deleted };
}

/** Every project with its plan's metadata (staff). */
export function safetyPlans(ctx: ServiceContext) {
  assertCan(ctx.actor, "safetyPlan.upload");
  return projects.listProjectPlans(ctx.db);
}
