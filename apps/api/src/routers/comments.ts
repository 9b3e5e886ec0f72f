import {
  type Actor,
  AppError,
  byIdSchema,
  type CommentStatus,
  can,
  canSeeComment,
  canSeeProject,
  commentTransitions,
  conflict,
  createCommentSchema,
  decideCommentAction,
  editCommentSchema,
  forbidden,
  listCommentsSchema,
  type ListCommentsInput,
  pageQuerySchema,
  notFound,
  resolveCommentSchema,
  unsettledCommentStatuses,
} from "@sitesafe/domain";
import { audit, comments, type Database } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { assertCan, type SignedInContext } from "../context.js";
import { authedProcedure, remembered, router } from "../trpc.js";
import { answerList, answerPage } from "../lists.js";
import { once } from "../services/idempotency.js";

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
  if (!(await comments.projectExists(db, projectId))) throw new AppError("BAD_REQUEST", "Please select a valid project");
}

async function loadOrThrow(db: Kysely<Database>, id: number) {
  const comment = await comments.findComment(db, id);
  if (!comment) throw notFound(NOT_FOUND);
  return comment;
}

/** Staff see every message; a worker sees only their own. */
function visibleComments(ctx: SignedInContext, input: ListCommentsInput) {
  return comments.commentList(ctx.db, { ...input, authorUserId: can(ctx.actor, "comment.viewAll") ? undefined : ctx.actor.userId });
}

/** Safety messages to the safety manager (docs/product.md). */
export const commentsRouter = router({
  /** Staff see every message and may filter by project; a worker sees only their own. */
  list: authedProcedure.input(listCommentsSchema.optional()).query(remembered(({ ctx, input }) => answerList(ctx, visibleComments(ctx, input ?? {}), input?.limit))),

  /** The messages screen's page, with the same tab, project and scope as the list. */
  page: authedProcedure.input(pageQuerySchema(listCommentsSchema)).query(remembered(({ ctx, input }) => answerPage(visibleComments(ctx, input)))),

  byId: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    const comment = await comments.findComment(ctx.db, input.id);
    if (!comment || !canSeeComment(ctx.actor, comment)) throw notFound(NOT_FOUND);
    return comment;
  })),

  /** Only workers send messages; always open, always their own. */
  create: authedProcedure.input(createCommentSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "comment.create");
    await assertProjectAllowed(ctx.db, ctx.actor, input.projectId);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await comments.insertComment(trx, { ...input, userId: ctx.actor.userId });
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "comment", entityId: id, action: "created", to: "open" });
      return id;
    });
    return loadOrThrow(ctx.db, id);
  })),

  /** The author's edit of title, content and project, while the message is open or in progress. */
  update: authedProcedure.input(editCommentSchema).mutation(async ({ ctx, input }) => {
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
  }),

  markInProgress: authedProcedure.input(byIdSchema).mutation(({ ctx, input }) => transition(ctx.db, ctx.actor, input.id, "markInProgress")),

  resolve: authedProcedure
    .input(resolveCommentSchema)
    .mutation(({ ctx, input }) => transition(ctx.db, ctx.actor, input.id, "resolve", input.managerResponse)),

  /** Authors delete their own open or in-progress messages; admins delete any. */
  delete: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const comment = await lockVisible(trx, ctx.actor, input.id);
      enforce(decideCommentAction(ctx.actor, "delete", comment));
      const fromStatuses = ctx.actor.role === "admin" ? undefined : unsettledCommentStatuses;
      if (!(await comments.deleteComment(trx, input.id, fromStatuses))) throw conflict("This message can no longer be deleted");
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "comment", entityId: input.id, action: "deleted", from: comment.status, to: null });
    });
    return { success: true };
  }),

  /** Projects a message can be about, for the form's select and the staff filter. */
  projectOptions: authedProcedure.query(remembered(({ ctx }) =>
    comments.projectOptions(ctx.db, can(ctx.actor, "comment.viewAll") ? "all" : { workerId: ctx.actor.workerId }),
  )),
});

async function transition(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  action: "markInProgress" | "resolve",
  managerResponse: string | null = null,
) {
  const { from, to } = commentTransitions[action];
  await db.transaction().execute(async (trx) => {
    const comment = await lockVisible(trx, actor, id);
    enforce(decideCommentAction(actor, action, comment));
    const changed = await comments.transitionComment(trx, id, from, to, action === "resolve" ? { resolvedBy: actor.userId, managerResponse } : {});
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
  });
  return loadOrThrow(db, id);
}
