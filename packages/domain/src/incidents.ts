import { z } from "zod";
import { INVALID_DATE, incidentSeverities, incidentStatuses, isIsoDate, localToday } from "./incidentLabels.js";
import { optionalWorkerRef, projectRef } from "./jha.js";
import { searchParam } from "./paging.js";
import { idParam } from "./users.js";

/**
 * Incident reports (docs/product.md): the report schema with its defaults (severity minor, status
 * open, date today). Severities, statuses, their labels and colours and the date rules are in
 * incidentLabels.ts.
 */

export const isoDateSchema = z.string({ error: INVALID_DATE }).trim().refine(isIsoDate, INVALID_DATE);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v ?? "");

const optionalNullableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const INVOLVED_WORKERS_INVALID = "Involved workers must be a list of worker ids";

const involvedWorkers = z
  .array(
    z
      .number({ error: INVOLVED_WORKERS_INVALID })
      .int(INVOLVED_WORKERS_INVALID)
      .positive(INVOLVED_WORKERS_INVALID)
      .max(2_147_483_647, INVOLVED_WORKERS_INVALID),
    {
      error: INVOLVED_WORKERS_INVALID,
    },
  )
  .max(200, "Too many involved workers")
  .transform((ids) => [...new Set(ids)]);

const severity = z.enum(incidentSeverities, { error: "Severity must be minor, moderate, severe or near miss" });
const status = z.enum(incidentStatuses, { error: "Status must be open, in progress or closed" });

const incidentFields = {
  projectId: projectRef,
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  description: optionalText(5000, "Description is too long"),
  severity,
  date: isoDateSchema,
  location: optionalText(300, "Location is too long"),
  /** Worker id of the reporter. Ignored for workers (forced to their own profile on the server). */
  reportedBy: optionalWorkerRef,
  involvedWorkers,
  actionTaken: optionalNullableText(5000, "Action taken is too long"),
  preventiveMeasures: optionalNullableText(5000, "Preventive measures are too long"),
  status,
};

/** POST /api/incident-reports and the report form. */
export const incidentReportSchema = z.object({
  ...incidentFields,
  severity: severity.default("minor"),
  status: status.default("open"),
  date: isoDateSchema.default(() => localToday()),
  involvedWorkers: involvedWorkers.default([]),
});
/** The report form: the reporter must choose a severity (no silent "Minor"); REST keeps the default. */
export const SEVERITY_REQUIRED = "Please choose the severity";
export const incidentReportFormSchema = incidentReportSchema.extend({
  severity: z.enum(incidentSeverities, { error: SEVERITY_REQUIRED }),
});
export type IncidentReportInput = z.input<typeof incidentReportSchema>;
export type IncidentReportValues = z.output<typeof incidentReportSchema>;

/** PUT /api/incident-reports/:id: report fields; a field left out keeps its value. */
export const incidentReportUpdateSchema = z.object({ id: idParam, ...z.object(incidentFields).partial().shape });
export type IncidentReportUpdate = z.output<typeof incidentReportUpdateSchema>;

/** GET /api/incident-reports: optional ?projectId, search, limit/offset (everything when no limit). */
export const incidentListQuerySchema = z.object({
  projectId: idParam.optional(),
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type IncidentListQuery = z.output<typeof incidentListQuerySchema>;
