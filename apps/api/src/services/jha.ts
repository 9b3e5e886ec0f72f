import { audit, type Database, jha, notifications } from "@sitesafe/db";
import {
  type Actor,
  canDeleteJhaComment,
  canEditJhaComment,
  canSeeJhaComment,
  displayName,
  forbidden,
  type JhaListQuery,
  type jhaCommentCreateSchema,
  type jhaCommentUpdateSchema,
  type jhaFormSchema,
  type jhaFormUpdateSchema,
  notFound,
  readableProjectIds,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertFilableProject, assertSeesProject, assertWorkersExist, INVALID_WORKER, resolveFiler } from "./forms.js";
import { actorOf, notify } from "./notifications.js";

/** Application rules of the jha area: which forms and comments the actor sees, filing, edits and their audit rows. */

export async function visibleForm(db: Kysely<Database>, actor: Actor, id: number) {
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
export function visibleForms(ctx: ServiceContext, options: JhaListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return jha.jhaFormList(ctx.db, { ...options, projectIds: readableProjectIds(ctx.actor) });
}

export async function createForm(ctx: ServiceContext, input: z.infer<typeof jhaFormSchema>) {
  await assertFilableProject(ctx.db, ctx.actor, input.projectId);
  const submittedBy = await resolveFiler(ctx.db, ctx.actor, input.submittedBy, "submittedBy");
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await jha.insertJhaForm(trx, { ...input, submittedBy });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "jha",
      entityId: id,
      action: "created",
      details: { projectId: input.projectId },
    });
    return id;
  });
  return visibleForm(ctx.db, ctx.actor, id);
}

export async function updateForm(ctx: ServiceContext, input: z.infer<typeof jhaFormUpdateSchema>) {
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
}

export async function deleteForm(ctx: ServiceContext, id: number) {
  const form = await visibleForm(ctx.db, ctx.actor, id);
  assertCan(ctx.actor, "jha.delete", { projectId: form.projectId });
  await ctx.db.transaction().execute(async (trx) => {
    await jha.deleteJhaForm(trx, id);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "jha",
      entityId: id,
      action: "deleted",
      details: { title: form.title, projectId: form.projectId },
    });
  });
  return { success: true };
}

/** The form's comments the actor may see: public ones, plus private ones for staff and their author. */
export async function visibleComments(ctx: ServiceContext, formId: number) {
  await visibleForm(ctx.db, ctx.actor, formId);
  const all = await jha.listJhaComments(ctx.db, formId);
  return all.filter((c) => canSeeJhaComment(ctx.actor, c));
}

export async function addComment(ctx: ServiceContext, input: z.infer<typeof jhaCommentCreateSchema>) {
  const form = await visibleForm(ctx.db, ctx.actor, input.jhaFormId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await jha.insertJhaComment(trx, { ...input, userId: ctx.user.id });
    // The form's submitter and everyone who commented on it, each only if they may read this
    // comment (a private one: staff and its author) and the form's project.
    const submitter = form.submittedBy
      ? await trx.selectFrom("workers").where("id", "=", form.submittedBy).select("userId").executeTakeFirst()
      : undefined;
    const commenters = await trx.selectFrom("jhaComments").where("jhaFormId", "=", input.jhaFormId).select("userId").distinct().execute();
    const ids = [submitter?.userId, ...commenters.map((c) => c.userId)].filter((userId): userId is number => typeof userId === "number");
    const comment = { visibility: input.visibility, userId: ctx.user.id };
    const recipients = (await notifications.recipientsAmong(trx, ids)).filter((r) => canSeeJhaComment(actorOf(r), comment));
    await notify(trx, {
      kind: "jha.commented",
      entity: "jhaForm",
      entityId: input.jhaFormId,
      projectId: form.projectId,
      params: { title: form.title, by: displayName(ctx.user) },
      recipients,
      except: ctx.actor.userId,
      delivery: ctx.delivery,
      now: ctx.now(),
    });
    return id;
  });
  const comment = await jha.findJhaComment(ctx.db, id);
  if (!comment) throw notFound("Comment");
  return comment;
}

export async function updateComment(ctx: ServiceContext, input: z.infer<typeof jhaCommentUpdateSchema>) {
  const comment = await visibleComment(ctx.db, ctx.actor, input.id);
  if (!canEditJhaComment(ctx.actor, comment)) throw forbidden("You can only edit your own comments");
  await jha.updateJhaComment(ctx.db, input.id, input);
  const updated = await jha.findJhaComment(ctx.db, input.id);
  if (!updated) throw notFound("Comment");
  return updated;
}

export async function deleteComment(ctx: ServiceContext, id: number) {
  const comment = await visibleComment(ctx.db, ctx.actor, id);
  if (!canDeleteJhaComment(ctx.actor, comment)) throw forbidden("You can only delete your own comments");
  await jha.deleteJhaComment(ctx.db, id);
  return { success: true };
}
