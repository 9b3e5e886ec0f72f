import {
  byIdSchema,
  can,
  createTemplateSchema,
  inspectionListQuerySchema,
  inspectionScheduleSchema,
  inspectionSchema,
  pageQuerySchema,
  scheduleListQuerySchema,
  templateListQuerySchema,
  updateTemplateSchema,
} from "@sitesafe/domain";
import { z } from "zod";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { csvExport, field } from "../rest/csv.js";
import { del, get, post, put } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/inspections.js";
import { actionProcedure, authedProcedure, roleProcedure, router, staffProcedure } from "../trpc.js";

/** `/api/inspection-answers?format=csv` (rest/csv.ts): the list's columns as a spreadsheet reads them. */
const inspectionAnswersCsv = csvExport("inspection-answers", [
  field("inspectionId"),
  field("project"),
  field("template"),
  field("templateVersion"),
  field("inspectedAt"),
  field("inspector"),
  field("score"),
  field("section"),
  field("item"),
  field("weight"),
  field("answer"),
  field("outcome"),
  field("note"),
]);

/** Procedures of inspections (issue #35): each its input schema, its permission, one call to services/inspections.ts. */
export const inspectionsRouter = router({
  /** Templates, built-in ones first: everyone signed in (they are not project data). */
  templates: authedProcedure
    .meta({ rest: get("/api/inspection-templates"), output: out.list(out.inspectionTemplate) })
    .input(templateListQuerySchema.optional())
    .query(({ ctx, input }) => service.templates(ctx, input?.language)),

  template: authedProcedure
    .meta({ rest: get("/api/inspection-templates/:id"), output: out.inspectionTemplateDetail })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.template(ctx, input.id)),

  /** A new template or a copy: staff. */
  createTemplate: actionProcedure("inspectionTemplate.manage")
    .meta({ rest: post("/api/inspection-templates"), output: out.inspectionTemplateDetail })
    .input(createTemplateSchema)
    .mutation(once(({ ctx, input }) => service.createTemplate(ctx, input))),

  /** A new version of a template: staff; built-in templates are copied instead (409). */
  updateTemplate: actionProcedure("inspectionTemplate.manage")
    .meta({ rest: put("/api/inspection-templates/:id"), output: out.inspectionTemplateDetail })
    .input(updateTemplateSchema)
    .mutation(({ ctx, input }) => service.updateTemplate(ctx, input)),

  /** Schedules of the projects the caller sees, each with its periods done, missed or due. */
  schedules: authedProcedure
    .meta({ rest: get("/api/inspection-schedules"), output: out.list(out.inspectionSchedule) })
    .input(scheduleListQuerySchema.optional())
    .query(({ ctx, input }) => service.schedules(ctx, input ?? {})),

  createSchedule: actionProcedure("inspectionSchedule.manage")
    .meta({ rest: post("/api/inspection-schedules"), output: out.inspectionSchedule })
    .input(inspectionScheduleSchema)
    .mutation(once(({ ctx, input }) => service.createSchedule(ctx, input))),

  /** The staff dashboard's leading indicators (tRPC only: the dashboard's own read). */
  indicators: staffProcedure.query(({ ctx }) => service.indicators(ctx)),

  deleteSchedule: actionProcedure("inspectionSchedule.manage")
    .meta({ rest: del("/api/inspection-schedules/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteSchedule(ctx, input.id)),

  list: authedProcedure
    .meta({ rest: get("/api/inspections"), output: out.list(out.inspection) })
    .input(inspectionListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleInspections(ctx, input ?? {}), input?.limit)),

  page: authedProcedure
    .input(pageQuerySchema(inspectionListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleInspections(ctx, input))),

  byId: authedProcedure
    .meta({ rest: get("/api/inspections/:id"), output: out.inspectionDetail })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.visibleInspection(ctx, input.id)),

  /**
   * A signed inspection: staff, or a crew lead of the project. Whether the role may inspect at all
   * is checked before the input is read; the project by the service.
   */
  create: roleProcedure((actor) => can(actor, "inspection.create"), "Only admins, managers and crew leads can record inspections")
    .meta({ rest: post("/api/inspections"), output: out.inspectionDetail })
    .input(inspectionSchema)
    .mutation(once(({ ctx, input }) => service.createInspection(ctx, input))),

  /**
   * One row per item answer of the inspections the caller sees, newest first (the CSV export's
   * rows): streamed whole over REST, bounded in bytes when read at once (lists.ts).
   */
  answers: authedProcedure
    .meta({ rest: get("/api/inspection-answers", { csv: inspectionAnswersCsv }), output: out.list(out.inspectionAnswerRow) })
    .input(z.object({ projectId: inspectionListQuerySchema.shape.projectId }).optional())
    .query(({ ctx, input }) => answerList(ctx, service.answerRows(ctx, input ?? {}), undefined)),
});
