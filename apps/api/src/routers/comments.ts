import {
  byIdSchema,
  createCommentSchema,
  editCommentSchema,
  listCommentsSchema,
  pageQuerySchema,
  resolveCommentSchema,
} from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { col, csvExport, field, personName } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import * as service from "../services/comments.js";
import { once } from "../services/idempotency.js";
import { authedProcedure, router } from "../trpc.js";

/** `/api/safety-comments?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const safetyMessagesCsv = csvExport("safety-messages", [
  field("id"),
  field("projectId"),
  col("projectName", (row) => row.project?.name ?? ""),
  field("title"),
  field("content"),
  field("status"),
  col("author", (row) => personName(row.user)),
  field("createdAt"),
  field("resolvedAt"),
  col("resolvedBy", (row) => personName(row.resolvedByUser)),
  field("managerResponse"),
]);

/** Safety messages to the safety manager (docs/product.md): each procedure one call to services/comments.ts. */
export const commentsRouter = router({
  /** Staff see every message and may filter by project; a worker sees only their own. */
  list: authedProcedure
    .meta({ rest: get("/api/safety-comments", { csv: safetyMessagesCsv }), output: out.list(out.safetyComment) })
    .input(listCommentsSchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleComments(ctx, input ?? {}), input?.limit)),

  /** The messages screen's page, with the same tab, project and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(listCommentsSchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleComments(ctx, input))),

  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.visibleComment(ctx, input.id)),

  /** Only workers send messages; always open, always their own. */
  create: authedProcedure
    .meta({ rest: post("/api/safety-comments"), output: out.safetyComment })
    .input(createCommentSchema)
    .mutation(once(({ ctx, input }) => service.createComment(ctx, input))),

  /** The author's edit of title, content and project, while the message is open or in progress. */
  update: authedProcedure
    .meta({ rest: put("/api/safety-comments/:id", { pick: "commentUpdate" }), output: out.safetyComment })
    .input(editCommentSchema)
    .mutation(({ ctx, input }) => service.editComment(ctx, input)),

  markInProgress: authedProcedure
    .meta({ output: out.safetyComment })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.transition(ctx.db, ctx.actor, input.id, "markInProgress", null, ctx.now(), ctx.delivery)),

  resolve: authedProcedure
    .meta({ output: out.safetyComment })
    .input(resolveCommentSchema)
    .mutation(({ ctx, input }) =>
      service.transition(ctx.db, ctx.actor, input.id, "resolve", input.managerResponse, ctx.now(), ctx.delivery),
    ),

  /** Authors delete their own open or in-progress messages; admins delete any. */
  delete: authedProcedure
    .meta({ rest: del("/api/safety-comments/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteComment(ctx, input.id)),

  /** Projects a message can be about, for the form's select and the staff filter. */
  projectOptions: authedProcedure.query(({ ctx }) => service.projectOptions(ctx)),
});
