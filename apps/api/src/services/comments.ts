import { audit, comments, type Database, notifications, projects } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  type CommentStatus,
  can,
  canSeeComment,
  canSeeProject,
  commentTransitions,
  conflict,
  type createCommentSchema,
  decideCommentAction,
  displayName,
  type editCommentSchema,
  forbidden,
  type ListCommentsInput,
  notFound,
  readableMessageAuthor,
  unsettledCommentStatuses,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { type Delivery, notify } from "./notifications.js";

/**
 * Application rules of safety messages to the safety manager (docs/product.md): who sees which
 * message, the state machine's answers as 403/409, and every change with its audit row.
 */

const NOT_FOUND = "Comment";

/**
 * Loads and row-locks a message for a change. A worker asking about another worker's message
 * gets 404, as if it did not exist (their list never shows it); see canSeeComment.
 */
async function lockVisible(trx: Kysely<Database>, actor: Actor, id: number) {
  const comment = await comments.lockComment(trx, id);
  if (!comment || !canSeeComment(actor, comment)) throw notFound(NOT_FOUND);
  return comment;
}

/** 403 for the wrong role, 409 for the wrong state: the state machine's reasons, mapped once. */
function enforce(decision: ReturnType<typeof decideCommentAction>): void {
  if (decision.allowed) return;
  throw decision.reason === "role" ? forbidden(decision.message) : conflict(decision.message);
}

/** A worker may attach only a project they are assigned to; the project must exist. */
async function assertProjectAllowed(db: Kysely<Database>, actor: Actor, projectId: number | null): Promise<void> {
  if (projectId === null) return;
  if (!canSeeProject(actor, projectId)) throw forbidden("You can only send messages about projects you are assigned to");
  if (!(await projects.projectExists(db, projectId))) throw new AppError("BAD_REQUEST", "Please select a valid project");
}

async function loadOrThrow(db: Kysely<Database>, id: number) {
  const comment = await comments.findComment(db, id);
  if (!comment) throw notFound(NOT_FOUND);
  return comment;
}

/** Staff see every message; a worker sees only their own. */
export function visibleComments(ctx: ServiceContext, input: ListCommentsInput) {
  return comments.commentList(ctx.db, { ...input, authorUserId: readableMessageAuthor(ctx.actor) });
}

export async function visibleComment(ctx: ServiceContext, id: number) {
  const comment = await comments.findComment(ctx.db, id);
  if (!comment || !canSeeComment(ctx.actor, comment)) throw notFound(NOT_FOUND);
  return comment;
}

/** Only workers send messages; always open, always their own. */
export async function createComment(ctx: ServiceContext, input: z.infer<typeof createCommentSchema>) {
  assertCan(ctx.actor, "comment.create");
  await assertProjectAllowed(ctx.db, ctx.actor, input.projectId);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await comments.insertComment(trx, { ...input, userId: ctx.actor.userId });
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "comment", entityId: id, action: "created", to: "open" });
    // Staff read every message (comment.viewAll); the message is theirs to act on. Its visibility is
    // the author's and staff's, not a project's, so no project is kept on the notification.
    await notify(trx, {
      kind: "safetyMessage.created",
      entity: "safetyMessage",
      entityId: id,
      projectId: null,
      params: { title: input.title, by: displayName(ctx.user) },
      recipients: await notifications.staffRecipients(trx),
      except: ctx.actor.userId,
      delivery: ctx.delivery,
      now: ctx.now(),
    });
    return id;
  });
  return loadOrThrow(ctx.db, id);
}

/** The author's edit of title, content and project, while the message is open or in progress. */
export async function editComment(ctx: ServiceContext, input: z.infer<typeof editCommentSchema>) {
  const { id, ...values } = input;
  await ctx.db.transaction().execute(async (trx) => {
    const comment = await lockVisible(trx, ctx.actor, id);
    enforce(decideCommentAction(ctx.actor, "edit", comment));
    if (values.projectId !== comment.projectId) await assertProjectAllowed(trx, ctx.actor, values.projectId);
    if (!(await comments.updateCommentContent(trx, id, unsettledCommentStatuses, values))) {
      throw conflict("This message was resolved meanwhile and can no longer be edited");
    }
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "comment",
      entityId: id,
      action: "edited",
      from: comment.status,
      to: comment.status,
    });
  });
  return loadOrThrow(ctx.db, id);
}

/** Authors delete their own open or in-progress messages; admins delete any. */
export async function deleteComment(ctx: ServiceContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const comment = await lockVisible(trx, ctx.actor, id);
    enforce(decideCommentAction(ctx.actor, "delete", comment));
    const fromStatuses = ctx.actor.role === "admin" ? undefined : unsettledCommentStatuses;
    if (!(await comments.deleteComment(trx, id, fromStatuses))) throw conflict("This message can no longer be deleted");
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "comment", entityId: id, action: "deleted", from: comment.status, to: null });
  });
  return { success: true };
}

/** Projects a message can be about, for the form's select and the staff filter. */
export function projectOptions(ctx: ServiceContext) {
  return comments.projectOptions(ctx.db, can(ctx.actor, "comment.viewAll") ? "all" : { workerId: ctx.actor.workerId });
}

export async function transition(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  action: "markInProgress" | "resolve",
  managerResponse: string | null,
  now: Date,
  delivery: Delivery | undefined,
) {
  const { from, to } = commentTransitions[action];
  await db.transaction().execute(async (trx) => {
    const comment = await lockVisible(trx, actor, id);
    enforce(decideCommentAction(actor, action, comment));
    const changed = await comments.transitionComment(
      trx,
      id,
      from,
      to,
      action === "resolve" ? { resolvedBy: actor.userId, managerResponse } : {},
    );
    // The row lock makes this unreachable in practice; the conditional UPDATE is the guarantee.
    if (!changed) throw conflict("This message was changed by someone else meanwhile");
    await audit.recordAudit(trx, {
      actor,
      entity: "comment",
      entityId: id,
      action: action === "resolve" ? "resolved" : "in_progress",
      from: comment.status satisfies CommentStatus,
      to,
      ...(action === "resolve" && managerResponse ? { details: { managerResponse } } : {}),
    });
    // Its author is told: a reply when resolved with an answer, otherwise the status change.
    if (comment.userId !== null) {
      await notify(trx, {
        kind: action === "resolve" && managerResponse ? "safetyMessage.replied" : "safetyMessage.statusChanged",
        entity: "safetyMessage",
        entityId: id,
        projectId: null,
        params: { title: comment.title, status: to },
        recipients: await notifications.recipientsAmong(trx, [comment.userId]),
        except: actor.userId,
        delivery,
        now,
      });
    }
  });
  return loadOrThrow(db, id);
}
