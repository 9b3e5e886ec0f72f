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
import * as out from "../openapi/schemas.js";
import { col, csvExport, field } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { formOptions } from "../services/forms.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/jha.js";
import { actionProcedure, authedProcedure, router } from "../trpc.js";

/** `/api/jha-forms?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const jhaFormsCsv = csvExport("jha-forms", [
  field("id"),
  field("projectId"),
  field("projectName"),
  field("title"),
  field("jobDescription"),
  col("hazards", (row) =>
    row.hazards.map((h: { description: string; riskLevel: string }) => `${h.description} (${h.riskLevel})`).join("; "),
  ),
  col(
    "highestRisk",
    (row) => ["high", "medium", "low"].find((level) => row.hazards.some((h: { riskLevel: string }) => h.riskLevel === level)) ?? "",
  ),
  col("controlMeasures", (row) =>
    row.controlMeasures.map((m: { description: string; responsibility: string }) => `${m.description} (${m.responsibility})`).join("; "),
  ),
  field("submitterName"),
  field("submittedAt"),
  field("updatedAt"),
]);

/** Procedures of the jha area: each its input schema, its permission, one call to services/jha.ts. */
export const jhaRouter = router({
  list: authedProcedure
    .meta({ rest: get("/api/jha-forms", { csv: jhaFormsCsv }), output: out.list(out.jhaForm) })
    .input(jhaListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleForms(ctx, input ?? {}), input?.limit)),

  /** The JHA screen's page, with the same filters and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(jhaListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleForms(ctx, input))),

  byId: authedProcedure
    .meta({ rest: get("/api/jha-forms/:id"), output: out.jhaForm })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleForm(ctx.db, ctx.actor, input.id)),

  formOptions: authedProcedure.query(({ ctx }) => formOptions(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({ rest: post("/api/jha-forms"), output: out.jhaForm })
    .input(jhaFormSchema)
    .mutation(once(({ ctx, input }) => service.createForm(ctx, input))),

  update: actionProcedure("jha.update")
    .meta({ rest: put("/api/jha-forms/:id"), output: out.jhaForm })
    .input(jhaFormUpdateSchema)
    .mutation(({ ctx, input }) => service.updateForm(ctx, input)),

  delete: authedProcedure
    .meta({ rest: del("/api/jha-forms/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteForm(ctx, input.id)),

  /** The form's comments the actor may see: public ones, plus private ones for staff and their author. */
  comments: authedProcedure
    .meta({ rest: get("/api/jha-forms/:id/comments"), output: out.list(out.jhaComment) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleComments(ctx, input.id)),

  addComment: authedProcedure
    .meta({ rest: post("/api/jha-forms/:id/comments", { params: { id: "jhaFormId" } }), output: out.jhaComment })
    .input(jhaCommentCreateSchema)
    .mutation(once(({ ctx, input }) => service.addComment(ctx, input))),

  updateComment: authedProcedure
    .meta({ rest: put("/api/jha-comments/:id"), output: out.jhaComment })
    .input(jhaCommentUpdateSchema)
    .mutation(({ ctx, input }) => service.updateComment(ctx, input)),

  deleteComment: authedProcedure
    .meta({ rest: del("/api/jha-comments/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteComment(ctx, input.id)),
});
