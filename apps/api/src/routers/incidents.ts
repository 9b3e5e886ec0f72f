import { byIdSchema, incidentListQuerySchema, incidentReportSchema, incidentReportUpdateSchema, pageQuerySchema } from "@sitesafe/domain";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { csvExport, field, joined } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { formOptions } from "../services/forms.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/incidents.js";
import { authedProcedure, router } from "../trpc.js";

/** `/api/incident-reports?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const incidentReportsCsv = csvExport("incident-reports", [
  field("id"),
  field("projectId"),
  field("projectName"),
  field("title"),
  field("date"),
  field("severity"),
  field("status"),
  field("location"),
  field("reporterName"),
  joined("involvedWorkers"),
  field("description"),
  field("actionTaken"),
  field("preventiveMeasures"),
  field("createdAt"),
  field("updatedAt"),
]);

/** Procedures of the incidents area: each its input schema, its permission, one call to services/incidents.ts. */
export const incidentsRouter = router({
  list: authedProcedure
    .meta({ rest: get("/api/incident-reports", { csv: incidentReportsCsv }), output: out.list(out.incidentReport) })
    .input(incidentListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleReports(ctx, input ?? {}), input?.limit)),

  /** The incidents screen's page, with the same filters and scope as the list. */
  page: authedProcedure
    .input(pageQuerySchema(incidentListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleReports(ctx, input))),

  byId: authedProcedure
    .meta({ rest: get("/api/incident-reports/:id"), output: out.incidentDetail })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleReport(ctx.db, ctx.actor, input.id)),

  formOptions: authedProcedure.query(({ ctx }) => formOptions(ctx.db, ctx.actor)),

  create: authedProcedure
    .meta({ rest: post("/api/incident-reports"), output: out.incidentDetail })
    .input(incidentReportSchema)
    .mutation(once(({ ctx, input }) => service.createReport(ctx, input))),

  /** Edits and status changes (transitions are made by editing); a status change is audited. */
  update: authedProcedure
    .meta({ rest: put("/api/incident-reports/:id"), output: out.incidentDetail })
    .input(incidentReportUpdateSchema)
    .mutation(({ ctx, input }) => service.updateReport(ctx, input)),

  delete: authedProcedure
    .meta({ rest: del("/api/incident-reports/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteReport(ctx, input.id)),

  /** Who changed what and when: the report's audit trail (status changes with from and to). */
  history: authedProcedure
    .meta({ rest: get("/api/incident-reports/:id/history"), output: out.list(out.auditEntry) })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.reportHistory(ctx, input.id)),
});
