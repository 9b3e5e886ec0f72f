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
import { once } from "../services/idempotency.js";
import * as service from "../services/inspections.js";
import { actionProcedure, authedProcedure, roleProcedure, router, staffProcedure } from "../trpc.js";

/** Procedures of inspections (issue #35): each its input schema, its permission, one call to services/inspections.ts. */
export const inspectionsRouter = router({
  /** Templates, built-in ones first: everyone signed in (they are not project data). */
  templates: authedProcedure.input(templateListQuerySchema.optional()).query(({ ctx, input }) => service.templates(ctx, input?.language)),

  template: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.template(ctx, input.id)),

  /** A new template or a copy: staff. */
  createTemplate: actionProcedure("inspectionTemplate.manage")
    .input(createTemplateSchema)
    .mutation(once(({ ctx, input }) => service.createTemplate(ctx, input))),

  /** A new version of a template: staff; built-in templates are copied instead (409). */
  updateTemplate: actionProcedure("inspectionTemplate.manage")
    .input(updateTemplateSchema)
    .mutation(({ ctx, input }) => service.updateTemplate(ctx, input)),

  list: authedProcedure
    .input(inspectionListQuerySchema.optional())
    .query(({ ctx, input }) => answerList(ctx, service.visibleInspections(ctx, input ?? {}), input?.limit)),

  page: authedProcedure
    .input(pageQuerySchema(inspectionListQuerySchema))
    .query(({ ctx, input }) => answerPage(ctx, service.visibleInspections(ctx, input))),

  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.visibleInspection(ctx, input.id)),

  /**
   * A signed inspection: staff, or a crew lead of the project. Whether the role may inspect at all
   * is checked before the input is read; the project by the service.
   */
  create: roleProcedure((actor) => can(actor, "inspection.create"), "Only admins, managers and crew leads can record inspections")
    .input(inspectionSchema)
    .mutation(once(({ ctx, input }) => service.createInspection(ctx, input))),

  /**
   * One row per item answer of the inspections the caller sees, newest first (the CSV export's
   * rows): streamed whole over REST, bounded in bytes when read at once (lists.ts).
   */
  answers: authedProcedure
    .input(z.object({ projectId: inspectionListQuerySchema.shape.projectId }).optional())
    .query(({ ctx, input }) => answerList(ctx, service.answerRows(ctx, input ?? {}), undefined)),

  /** Schedules of the projects the caller sees, each with its periods done, missed or due. */
  schedules: authedProcedure.input(scheduleListQuerySchema.optional()).query(({ ctx, input }) => service.schedules(ctx, input ?? {})),

  createSchedule: actionProcedure("inspectionSchedule.manage")
    .input(inspectionScheduleSchema)
    .mutation(once(({ ctx, input }) => service.createSchedule(ctx, input))),

  /** The staff dashboard's leading indicators (tRPC only: the dashboard's own read). */
  indicators: staffProcedure.query(({ ctx }) => service.indicators(ctx)),

  deleteSchedule: actionProcedure("inspectionSchedule.manage")
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteSchedule(ctx, input.id)),
});
