import {
  actionListQuerySchema,
  actionOwnersQuerySchema,
  byIdSchema,
  type CorrectiveActionAction,
  can,
  createActionSchema,
  pageQuerySchema,
  rejectActionSchema,
  submitActionSchema,
  updateActionSchema,
} from "@sitesafe/domain";
import { answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { csvExport, field } from "../rest/csv.js";
import { get, post, put } from "../rest/meta.js";
import * as service from "../services/correctiveActions.js";
import { once } from "../services/idempotency.js";
import { authedProcedure, roleProcedure, router } from "../trpc.js";

/** `/api/corrective-actions?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const correctiveActionsCsv = csvExport("corrective-actions", [
  field("id"),
  field("projectName", "project"),
  field("source"),
  field("description"),
  field("priority"),
  field("status"),
  field("ownerName", "owner"),
  field("raisedByName", "raisedBy"),
  field("createdAt", "raisedAt"),
  field("dueAt"),
  field("overdue"),
  field("closedAt"),
]);

/**
 * A step on one action: the action named by the path's id is found and the caller's role checked
 * against it (services/correctiveActions.ts `assertMayAct`) before the body is validated, so a
 * refused caller learns nothing of the body's shape.
 */
const stepProcedure = (step: CorrectiveActionAction) =>
  authedProcedure.use(async ({ ctx, getRawInput, next }) => {
    const id = byIdSchema.safeParse(await getRawInput());
    if (id.success) await service.assertMayAct(ctx, id.data.id, step);
    return next();
  });

/** Procedures of corrective actions (issue #35): each its input schema, its permission, one call to services/correctiveActions.ts. */
export const correctiveActionsRouter = router({
  /** The actions the caller sees (staff: all; a worker: their projects' and their own), soonest due first, at most 500. */
  list: authedProcedure
    .meta({ rest: get("/api/corrective-actions", { csv: correctiveActionsCsv }), output: out.list(out.correctiveAction) })
    .input(actionListQuerySchema.optional())
    .query(async ({ ctx, input }) =>
      service.withOverdue(ctx, await service.visibleActions(ctx, { ...input, limit: input?.limit ?? 500 }).rows()),
    ),

  page: authedProcedure.input(pageQuerySchema(actionListQuerySchema)).query(async ({ ctx, input }) => {
    const page = await answerPage(ctx, service.visibleActions(ctx, input));
    return { ...page, items: service.withOverdue(ctx, page.items) };
  }),

  byId: authedProcedure
    .meta({ rest: get("/api/corrective-actions/:id"), output: out.correctiveActionDetail })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleAction(ctx, input.id)),

  /** Raised by hand or from an incident report or JHA form: staff, or a crew lead of the project. */
  create: roleProcedure(
    (actor) => can(actor, "correctiveAction.create"),
    "Only admins, managers and crew leads can raise corrective actions",
  )
    .meta({ rest: post("/api/corrective-actions"), output: out.correctiveActionDetail })
    .input(createActionSchema)
    .mutation(once(({ ctx, input }) => service.createAction(ctx, input))),

  /** Who may own an action on a project (the raise dialog's and the run page's picker): whoever may raise one there. */
  owners: roleProcedure(
    (actor) => can(actor, "correctiveAction.create"),
    "Only admins, managers and crew leads can raise corrective actions",
  )
    .meta({ rest: get("/api/corrective-action-owners"), output: out.list(out.actionOwner) })
    .input(actionOwnersQuerySchema)
    .query(({ ctx, input }) => service.actionOwners(ctx, input.projectId)),

  update: stepProcedure("edit")
    .meta({ rest: put("/api/corrective-actions/:id"), output: out.correctiveActionDetail })
    .input(updateActionSchema)
    .mutation(({ ctx, input }) => service.updateAction(ctx, input)),
  start: stepProcedure("start")
    .meta({ rest: put("/api/corrective-actions/:id/start"), output: out.correctiveActionDetail })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.startAction(ctx, input.id)),
  submit: stepProcedure("submit")
    .meta({ rest: put("/api/corrective-actions/:id/submit"), output: out.correctiveActionDetail })
    .input(submitActionSchema)
    .mutation(({ ctx, input }) => service.submitAction(ctx, input)),
  verify: stepProcedure("verify")
    .meta({ rest: put("/api/corrective-actions/:id/verify"), output: out.correctiveActionDetail })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.verifyAction(ctx, input.id)),
  reject: stepProcedure("reject")
    .meta({ rest: put("/api/corrective-actions/:id/reject"), output: out.correctiveActionDetail })
    .input(rejectActionSchema)
    .mutation(({ ctx, input }) => service.rejectAction(ctx, input)),
});
