import {
  type Actor,
  badRequest,
  byIdSchema,
  canDeleteJhaComment,
  canEditJhaComment,
  canSeeJhaComment,
  canSeeProject,
  forbidden,
  isStaff,
  jhaCommentCreateSchema,
  jhaCommentUpdateSchema,
  jhaFormSchema,
  jhaFormUpdateSchema,
  jhaListQuerySchema,
  type JhaListQuery,
  pageQuerySchema,
  notFound,
} from "@sitesafe/domain";
import { audit, type Database, jha, projects } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { assertCan, type SignedInContext } from "../context.js";
import { authedProcedure, remembered, router } from "../trpc.js";
import { answerList, answerPage } from "../lists.js";
import { once } from "../services/idempotency.js";

export const NOT_ASSIGNED = "You can only access forms for projects you're assigned to";
export const NO_WORKER_PROFILE = "A worker profile is required to file forms";
export const INVALID_PROJECT = "Please select a valid project";
export const INVALID_WORKER = "Please select a valid worker";

/** Workers see only their assigned projects' records (403 otherwise); staff see all. */
export function assertSeesProject(actor: Actor, projectId: number): void {
  if (!canSeeProject(actor, projectId)) throw forbidden(NOT_ASSIGNED);
}

/** The project a form is filed into must be visible to the actor and exist. */
export async function assertFilableProject(db: Kysely<Database>, actor: Actor, projectId: number): Promise<void> {
  assertSeesProject(actor, projectId);
  if (!(await jha.projectExists(db, projectId))) throw badRequest(INVALID_PROJECT, [{ path: "projectId", message: INVALID_PROJECT }]);
}

/**
 * Who filed a form: a worker always files as their own profile whatever the payload says (spec:
 * the submitter and reporter are locked for workers); staff name any existing worker, defaulting
 * to their own profile when they have one.
 */
export async function resolveFiler(
  db: Kysely<Database>,
  actor: Actor,
  requested: number | null | undefined,
  field: string,
): Promise<number | null> {
  if (!isStaff(actor)) {
    if (actor.workerId === null) throw forbidden(NO_WORKER_PROFILE);
    return actor.workerId;
  }
  const id = requested ?? actor.workerId;
  if (id === null) return null;
  await assertWorkersExist(db, [id], field, INVALID_WORKER);
  return id;
}

export async function assertWorkersExist(db: Kysely<Database>, ids: readonly number[], field: string, message: string): Promise<void> {
  if ((await jha.missingWorkerIds(db, ids)).length > 0) throw badRequest(message, [{ path: field, message }]);
}

/**
 * Choices for the JHA and incident forms: the projects the actor may file into and the workers
 * they may name (staff: everyone; workers: the people on their own projects).
 */
export async function formOptions(db: Kysely<Database>, actor: Actor) {
  const scope = isStaff(actor) ? undefined : actor.assignedProjectIds;
  const [projectChoices, workers] = await Promise.all([projects.projectChoices(db, scope), jha.workerOptions(db, scope)]);
  return { projects: projectChoices, workers };
}

async function visibleForm(db: Kysely<Database>, actor: Actor, id: number) {
  const form = await jha.findJhaForm(db, id);
  if (!form) throw notFound("JHA form");
  assertSeesProject(actor, form.projectId);
  return form;
}

async function visibleComment(db: Kysely<Database>, actor: Actor, id: number) {
  const comment = await jha.findJhaComment(db, id);
  if (!comment || !canSeeJhaComment(actor, comment)) throw notFound("Comment");
  await visibleForm(db, actor, comment.jhaFormId);
  return comment;
}

/** The forms the actor may read, filtered: a worker's assigned projects only, a foreign project 403. */
function visibleForms(ctx: SignedInContext, options: JhaListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return jha.jhaFormList(ctx.db, { ...options, projectIds: isStaff(ctx.actor) ? undefined : ctx.actor.assignedProjectIds });
}

/** Procedures of the jha area. */
export const jhaRouter = router({
  list: authedProcedure.input(jhaListQuerySchema.optional()).query(remembered(({ ctx, input }) => answerList(ctx, visibleForms(ctx, input ?? {}), input?.limit))),

  /** The JHA screen's page, with the same filters and scope as the list. */
  page: authedProcedure.input(pageQuerySchema(jhaListQuerySchema)).query(remembered(({ ctx, input }) => answerPage(visibleForms(ctx, input)))),

  byId: authedProcedure.input(byIdSchema).query(remembered(({ ctx, input }) => visibleForm(ctx.db, ctx.actor, input.id))),

  formOptions: authedProcedure.query(remembered(({ ctx }) => formOptions(ctx.db, ctx.actor))),

  create: authedProcedure.input(jhaFormSchema).mutation(once(async ({ ctx, input }) => {
    await assertFilableProject(ctx.db, ctx.actor, input.projectId);
    const submittedBy = await resolveFiler(ctx.db, ctx.actor, input.submittedBy, "submittedBy");
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await jha.insertJhaForm(trx, { ...input, submittedBy });
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "jha", entityId: id, action: "created", details: { projectId: input.projectId } });
      return id;
    });
    return visibleForm(ctx.db, ctx.actor, id);
  })),

  update: authedProcedure.input(jhaFormUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, submittedBy, ...changes } = input;
    const existing = await visibleForm(ctx.db, ctx.actor, id);
    assertCan(ctx.actor, "jha.update", { projectId: existing.projectId });
    if (changes.projectId !== undefined && changes.projectId !== existing.projectId) {
      await assertFilableProject(ctx.db, ctx.actor, changes.projectId);
    }
    if (submittedBy != null) await assertWorkersExist(ctx.db, [submittedBy], "submittedBy", INVALID_WORKER);
    await ctx.db.transaction().execute(async (trx) => {
      await jha.updateJhaForm(trx, id, { ...changes, ...(submittedBy !== undefined ? { submittedBy } : {}) });
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "jha", entityId: id, action: "updated" });
    });
    return visibleForm(ctx.db, ctx.actor, id);
  }),

  delete: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    const form = await visibleForm(ctx.db, ctx.actor, input.id);
    assertCan(ctx.actor, "jha.delete", { projectId: form.projectId });
    await ctx.db.transaction().execute(async (trx) => {
      await jha.deleteJhaForm(trx, input.id);
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "jha",
        entityId: input.id,
        action: "deleted",
        details: { title: form.title, projectId: form.projectId },
      });
    });
    return { success: true };
  }),

  /** The form's comments the actor may see: public ones, plus private ones for staff and their author. */
  comments: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    await visibleForm(ctx.db, ctx.actor, input.id);
    const all = await jha.listJhaComments(ctx.db, input.id);
    return all.filter((c) => canSeeJhaComment(ctx.actor, c));
  })),

  addComment: authedProcedure.input(jhaCommentCreateSchema).mutation(once(async ({ ctx, input }) => {
    await visibleForm(ctx.db, ctx.actor, input.jhaFormId);
    const id = await jha.insertJhaComment(ctx.db, { ...input, userId: ctx.user.id });
    const comment = await jha.findJhaComment(ctx.db, id);
    if (!comment) throw notFound("Comment");
    return comment;
  })),

  updateComment: authedProcedure.input(jhaCommentUpdateSchema).mutation(async ({ ctx, input }) => {
    const comment = await visibleComment(ctx.db, ctx.actor, input.id);
    if (!canEditJhaComment(ctx.actor, comment)) throw forbidden("You can only edit your own comments");
    await jha.updateJhaComment(ctx.db, input.id, input);
    const updated = await jha.findJhaComment(ctx.db, input.id);
    if (!updated) throw notFound("Comment");
    return updated;
  }),

  deleteComment: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    const comment = await visibleComment(ctx.db, ctx.actor, input.id);
    if (!canDeleteJhaComment(ctx.actor, comment)) throw forbidden("You can only delete your own comments");
    await jha.deleteJhaComment(ctx.db, input.id);
    return { success: true };
  }),
});
