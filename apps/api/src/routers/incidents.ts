import {
  type Actor,
  byIdSchema,
  incidentListQuerySchema,
  type IncidentListQuery,
  pageQuerySchema,
  incidentReportSchema,
  incidentReportUpdateSchema,
  isStaff,
  notFound,
} from "@sitesafe/domain";
import { audit, type Database, incidents } from "@sitesafe/db";
import type { Kysely } from "kysely";
import { assertCan, type SignedInContext } from "../context.js";
import { authedProcedure, remembered, router } from "../trpc.js";
import { assertFilableProject, assertSeesProject, assertWorkersExist, formOptions, INVALID_WORKER, resolveFiler } from "./jha.js";
import { answerList, answerPage } from "../lists.js";
import { assertNameableWorkers, involvedPeopleScope } from "../services/involvedWorkers.js";
import { once } from "../services/idempotency.js";

async function visibleReport(db: Kysely<Database>, actor: Actor, id: number) {
  const report = await incidents.findIncidentReport(db, id, involvedPeopleScope(actor));
  if (!report) throw notFound("Incident report");
  assertSeesProject(actor, report.projectId);
  return report;
}

/** The reports the actor may read, filtered: a worker's assigned projects only, a foreign project 403. */
function visibleReports(ctx: SignedInContext, options: IncidentListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return incidents.incidentReportList(ctx.db, { ...options, projectIds: isStaff(ctx.actor) ? undefined : ctx.actor.assignedProjectIds });
}

/** Procedures of the incidents area. */
export const incidentsRouter = router({
  list: authedProcedure.input(incidentListQuerySchema.optional()).query(remembered(({ ctx, input }) => answerList(ctx, visibleReports(ctx, input ?? {}), input?.limit))),

  /** The incidents screen's page, with the same filters and scope as the list. */
  page: authedProcedure.input(pageQuerySchema(incidentListQuerySchema)).query(remembered(({ ctx, input }) => answerPage(visibleReports(ctx, input)))),

  byId: authedProcedure.input(byIdSchema).query(remembered(({ ctx, input }) => visibleReport(ctx.db, ctx.actor, input.id))),

  formOptions: authedProcedure.query(remembered(({ ctx }) => formOptions(ctx.db, ctx.actor))),

  create: authedProcedure.input(incidentReportSchema).mutation(once(async ({ ctx, input }) => {
    await assertFilableProject(ctx.db, ctx.actor, input.projectId);
    const reportedBy = await resolveFiler(ctx.db, ctx.actor, input.reportedBy, "reportedBy");
    await assertNameableWorkers(ctx.db, ctx.actor, input.projectId, input.involvedWorkers);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const id = await incidents.insertIncidentReport(trx, { ...input, reportedBy });
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "incident",
        entityId: id,
        action: "created",
        from: null,
        to: input.status,
        details: { severity: input.severity, projectId: input.projectId },
      });
      return id;
    });
    return visibleReport(ctx.db, ctx.actor, id);
  })),

  /** Edits and status changes (transitions are made by editing); a status change is audited. */
  update: authedProcedure.input(incidentReportUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, reportedBy, ...changes } = input;
    // A worker cannot hand their report to someone else; staff may name another existing reporter.
    const reporterChange = isStaff(ctx.actor) && reportedBy !== undefined ? { reportedBy } : {};
    if (reporterChange.reportedBy != null) await assertWorkersExist(ctx.db, [reporterChange.reportedBy], "reportedBy", INVALID_WORKER);
    await ctx.db.transaction().execute(async (trx) => {
      const existing = await incidents.lockIncidentReport(trx, id);
      if (!existing) throw notFound("Incident report");
      assertSeesProject(ctx.actor, existing.projectId);
      assertCan(ctx.actor, "incident.update", { projectId: existing.projectId, ownerWorkerId: existing.reportedBy });
      if (changes.projectId !== undefined && changes.projectId !== existing.projectId) {
        await assertFilableProject(trx, ctx.actor, changes.projectId);
      }
      if (changes.involvedWorkers) {
        await assertNameableWorkers(trx, ctx.actor, changes.projectId ?? existing.projectId, changes.involvedWorkers, existing.involvedWorkers);
      }
      await incidents.updateIncidentReport(trx, id, { ...changes, ...reporterChange });
      const statusChanged = changes.status !== undefined && changes.status !== existing.status;
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "incident",
        entityId: id,
        action: statusChanged ? "status_changed" : "updated",
        from: existing.status,
        to: changes.status ?? existing.status,
      });
    });
    return visibleReport(ctx.db, ctx.actor, id);
  }),

  delete: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const existing = await incidents.lockIncidentReport(trx, input.id);
      if (!existing) throw notFound("Incident report");
      assertSeesProject(ctx.actor, existing.projectId);
      assertCan(ctx.actor, "incident.delete", { projectId: existing.projectId, ownerWorkerId: existing.reportedBy });
      await incidents.deleteIncidentReport(trx, input.id);
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "incident", entityId: input.id, action: "deleted", from: existing.status });
    });
    return { success: true };
  }),

  /** Who changed what and when: the report's audit trail (status changes with from and to). */
  history: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    await visibleReport(ctx.db, ctx.actor, input.id);
    return audit.auditHistory(ctx.db, "incident", input.id);
  })),
});
