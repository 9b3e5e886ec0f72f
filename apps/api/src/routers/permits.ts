import {
  byIdSchema,
  closePermitSchema,
  decidePermitsRefusal,
  fireWatchSignOffSchema,
  hotWorkPermitSchema,
  listPermitsSchema,
  mayDecidePermits,
  pageQuerySchema,
  rejectPermitSchema,
  updateHotWorkPermitSchema,
} from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { csvExport, field, joined } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { signOffFireWatch } from "../services/fireWatches.js";
import { formOptions } from "../services/forms.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/permits.js";
import { authedProcedure, roleProcedure, router } from "../trpc.js";

/** `/api/hot-work-permits?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const hotWorkPermitsCsv = csvExport("hot-work-permits", [
  field("id"),
  field("projectId"),
  field("projectName"),
  field("title"),
  field("location"),
  field("status"),
  field("startDate"),
  field("endDate"),
  field("requesterName"),
  field("requestedAt"),
  field("workDescription"),
  joined("precautions"),
  joined("equipmentUsed"),
  field("fireWatchRequired"),
  field("fireWatchBy"),
  field("approvedAt"),
  field("rejectedAt"),
  field("rejectionReason"),
  field("closedAt"),
  field("closingNotes"),
]);

/** Procedures of the permits area (docs/api.md, hot work permits): each one call to services/permits.ts. */
export const permitsRouter = router({
  /** Newest first; workers see their assigned projects' permits only (filtered in SQL). */
  list: authedProcedure
    .meta({ rest: get("/api/hot-work-permits", { csv: hotWorkPermitsCsv }), output: out.list(out.permit) })
    .input(listPermitsSchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visiblePermits(ctx, input ?? {}), input?.limit)),

  /** The permits screen's page, with the same search, project and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(listPermitsSchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visiblePermits(ctx, input))),

  /** The permit form's choices: the projects the actor may request on, and (staff) the requesters. */
  formOptions: authedProcedure.query(({ ctx }) => formOptions(ctx.db, ctx.actor)),

  byId: authedProcedure
    .meta({ rest: get("/api/hot-work-permits/:id"), output: out.permitDetail })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visiblePermit(ctx, input.id)),

  create: authedProcedure
    .meta({ rest: post("/api/hot-work-permits"), output: out.permitDetail })
    .input(hotWorkPermitSchema)
    .mutation(once(({ ctx, input }) => service.requestPermit(ctx, input))),

  /** PUT: the full form again. The status stays; a worker's edit only lands while still pending. */
  update: authedProcedure
    .meta({ rest: put("/api/hot-work-permits/:id"), output: out.permitDetail })
    .input(updateHotWorkPermitSchema)
    .mutation(({ ctx, input }) => service.updatePermit(ctx, input)),

  approve: authedProcedure
    .meta({ rest: put("/api/hot-work-permits/:id/approve"), output: out.permitDetail })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.approvePermit(ctx, input.id)),

  // The role before the input (a worker's bad body gets 403, not the schema's messages), with the state machine's words.
  reject: roleProcedure(mayDecidePermits, decidePermitsRefusal("reject"))
    .meta({ rest: put("/api/hot-work-permits/:id/reject"), output: out.permitDetail })
    .input(rejectPermitSchema)
    .mutation(({ ctx, input }) => service.rejectPermit(ctx, input)),

  close: authedProcedure
    .meta({ rest: put("/api/hot-work-permits/:id/close"), output: out.permitDetail })
    .input(closePermitSchema)
    .mutation(({ ctx, input }) => service.closePermit(ctx, input)),

  delete: authedProcedure
    .meta({ rest: del("/api/hot-work-permits/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deletePermit(ctx, input.id)),

  /** The post-work fire watch signed off: "area inspected, no smoke, no heat" (services/fireWatches.ts). */
  signOffFireWatch: authedProcedure
    .meta({ rest: put("/api/hot-work-permits/:id/fire-watch/sign-off"), output: out.permitDetail })
    .input(fireWatchSignOffSchema)
    .mutation(async ({ ctx, input }) => {
      await signOffFireWatch(ctx, input);
      return service.visiblePermit(ctx, input.id);
    }),
});
