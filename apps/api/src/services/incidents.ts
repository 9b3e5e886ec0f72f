import { audit, type Database, incidents, notifications } from "@sitesafe/db";
import {
  type Actor,
  displayName,
  type IncidentListQuery,
  type incidentReportSchema,
  type incidentReportUpdateSchema,
  isStaff,
  notFound,
  readableProjectIds,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { assertFilableProject, assertSeesProject, assertWorkersExist, INVALID_WORKER, resolveFiler } from "./forms.js";
import { assertNameableWorkers, involvedPeopleScope } from "./involvedWorkers.js";
import { notify } from "./notifications.js";

/** Application rules of the incidents area: visibility, filing, edits and status changes with their audit rows. */

export async function visibleReport(db: Kysely<Database>, actor: Actor, id: number) {
  const report = await incidents.findIncidentReport(db, id, involvedPeopleScope(actor));
  if (!report) throw notFound("Incident report");
  assertSeesProject(actor, report.projectId);
  return report;
}

/** The reports the actor may read, filtered: a worker's assigned projects only, a foreign project 403. */
export function visibleReports(ctx: ServiceContext, options: IncidentListQuery) {
  if (options.projectId !== undefined) assertSeesProject(ctx.actor, options.projectId);
  return incidents.incidentReportList(ctx.db, { ...options, projectIds: readableProjectIds(ctx.actor) });
}

export async function createReport(ctx: ServiceContext, input: z.infer<typeof incidentReportSchema>) {
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
    // The project's managers: staff see and manage every project's incidents. A severe one is urgent.
    await notify(trx, {
      kind: "incident.filed",
      entity: "incident",
      entityId: id,
      projectId: input.projectId,
      params: { title: input.title, severity: input.severity, by: displayName(ctx.user) },
      urgent: input.severity === "severe",
      recipients: await notifications.staffRecipients(trx),
      except: ctx.actor.userId,
      delivery: ctx.delivery,
      now: ctx.now(),
    });
    return id;
  });
  return visibleReport(ctx.db, ctx.actor, id);
}

/** Edits and status changes (transitions are made by editing); a status change is audited. */
export async function updateReport(ctx: ServiceContext, input: z.infer<typeof incidentReportUpdateSchema>) {
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
      await assertNameableWorkers(
        trx,
        ctx.actor,
        changes.projectId ?? existing.projectId,
        changes.involvedWorkers,
        existing.involvedWorkers,
      );
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
}

export async function deleteReport(ctx: ServiceContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await incidents.lockIncidentReport(trx, id);
    if (!existing) throw notFound("Incident report");
    assertSeesProject(ctx.actor, existing.projectId);
    assertCan(ctx.actor, "incident.delete", { projectId: existing.projectId, ownerWorkerId: existing.reportedBy });
    await incidents.deleteIncidentReport(trx, id);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "incident", entityId: id, action: "deleted", from: existing.status });
  });
  return { success: true };
}

/** Who changed what and when: the report's audit trail (status changes with from and to). */
export async function reportHistory(ctx: ServiceContext, id: number) {
  await visibleReport(ctx.db, ctx.actor, id);
  return audit.auditHistory(ctx.db, "incident", id);
}
