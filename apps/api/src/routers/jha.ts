import {
  byIdSchema,
  jhaCommentCreateSchema,
  jhaCommentUpdateSchema,
  jhaFormSchema,
  jhaFormUpdateSchema,
  jhaListQuerySchema,
  pageQuerySchema,
} from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import { formOptions } from "../services/forms.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/jha.js";
import { actionProcedure, authedProcedure, router } from "../trpc.js";

/** Procedures of the jha area: each its input schema, its permission, one call to services/jha.ts. */
export const jhaRouter = router({
  list: authedProcedure
    .input(jhaListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleForms(ctx, input ?? {}), input?.limit)),

  /** The JHA screen's page, with the same filters and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(jhaListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleForms(ctx, input))),

  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.visibleForm(ctx.db, ctx.actor, input.id)),

  formOptions: authedProcedure.query(({ ctx }) => formOptions(ctx.db, ctx.actor)),

  create: authedProcedure.input(jhaFormSchema).mutation(once(({ ctx, input }) => service.createForm(ctx, input))),

  update: actionProcedure("jha.update")
    .input(jhaFormUpdateSchema)
    .mutation(({ ctx, input }) => service.updateForm(ctx, input)),

  delete: authedProcedure.input(byIdSchema).mutation(({ ctx, input }) => service.deleteForm(ctx, input.id)),

  /** The form's comments the actor may see: public ones, plus private ones for staff and their author. */
  comments: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.visibleComments(ctx, input.id)),

  addComment: authedProcedure.input(jhaCommentCreateSchema).mutation(once(({ ctx, input }) => service.addComment(ctx, input))),

  updateComment: authedProcedure.input(jhaCommentUpdateSchema).mutation(({ ctx, input }) => service.updateComment(ctx, input)),

  deleteComment: authedProcedure.input(byIdSchema).mutation(({ ctx, input }) => service.deleteComment(ctx, input.id)),
});
