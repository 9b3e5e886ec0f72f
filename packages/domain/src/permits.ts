import { z } from "zod";
import { DATE_OUT_OF_RANGE, isSupportedDate } from "./input.js";
import { optionalWorkerRef } from "./jha.js";
import { searchParam } from "./paging.js";
import { permitStatuses } from "./permitStateMachine.js";
import { idParam } from "./users.js";

export * from "./permitLabels.js";

/** Hot work permits: schemas with the product's messages word for word (docs/product.md). */

export const PERMIT_TITLE_MIN = 5;
export const PERMIT_TITLE_MAX = 100;
export const PERMIT_LOCATION_MIN = 3;
export const PERMIT_DESCRIPTION_MIN = 10;

/** The "Other" checkbox; its text is stored as "Other: {text}". */
export const OTHER_EQUIPMENT = "Other (please specify)";
const OTHER_PREFIX = "Other: ";

/** The equipment choices of the request form, in the product's order. */
export const HOT_WORK_EQUIPMENT = [
  "Cutting torch",
  "Welding equipment",
  "Grinders",
  "Soldering equipment",
  "Heat guns",
  "Brazing equipment",
  "Arc welder",
  OTHER_EQUIPMENT,
] as const;
export type HotWorkEquipment = (typeof HOT_WORK_EQUIPMENT)[number];

/**
 * The 14 precaution checklist items. The product names six; the rest complete the checklist from
 * OSHA 29 CFR 1910.252 and NFPA 51B, which is what a hot work permit is checked against.
 */
export const HOT_WORK_PRECAUTIONS = [
  "Fire extinguishers are available and in working order at the work area",
  "Flammable and combustible materials have been removed from the area",
  "A fire watch has been assigned for the duration of the work",
  "The area will be inspected 30 minutes after the work is completed",
  "Gas cylinders are secured upright and valves are closed when not in use",
  "Personal protective equipment (PPE) is available and in use",
  "Sprinklers and fire detection systems are in service",
  "Combustible floors are protected (wet down or covered with fire-resistant material)",
  "Openings and cracks in walls, floors and ducts within 35 ft are covered",
  "Fire-resistant shields or curtains are in place to contain sparks and slag",
  "Ducts and conveyors that could carry sparks to combustibles are protected or shut down",
  "The atmosphere has been tested where flammable gases or vapours may exist",
  "Combustibles within 35 ft that cannot be moved are protected with fire-resistant covers",
  "The hot work area supervisor has been notified before work begins",
] as const;
export type HotWorkPrecaution = (typeof HOT_WORK_PRECAUTIONS)[number];

export const precautionGroups = ["fire", "area", "work"] as const;
export type PrecautionGroup = (typeof precautionGroups)[number];

/**
 * The 14 precautions in three short groups for the request form (issue #37): one long list on a
 * phone let a gap scroll by unseen. Each precaution is in exactly one group (permits.test.ts).
 */
export const HOT_WORK_PRECAUTION_GROUPS: Record<PrecautionGroup, readonly HotWorkPrecaution[]> = {
  // Fire protection and the watch.
  fire: [
    "Fire extinguishers are available and in working order at the work area",
    "Sprinklers and fire detection systems are in service",
    "A fire watch has been assigned for the duration of the work",
    "The area will be inspected 30 minutes after the work is completed",
  ],
  // The area within 35 ft.
  area: [
    "Flammable and combustible materials have been removed from the area",
    "Combustibles within 35 ft that cannot be moved are protected with fire-resistant covers",
    "Combustible floors are protected (wet down or covered with fire-resistant material)",
    "Openings and cracks in walls, floors and ducts within 35 ft are covered",
    "Ducts and conveyors that could carry sparks to combustibles are protected or shut down",
  ],
  // The work itself: gear, gas and people.
  work: [
    "Fire-resistant shields or curtains are in place to contain sparks and slag",
    "Gas cylinders are secured upright and valves are closed when not in use",
    "The atmosphere has been tested where flammable gases or vapours may exist",
    "Personal protective equipment (PPE) is available and in use",
    "The hot work area supervisor has been notified before work begins",
  ],
};

/** "Other: {text}" for the stored equipment list. */
export function otherEquipmentEntry(text: string): string {
  return `${OTHER_PREFIX}${text}`;
}

export function isOtherEquipmentEntry(entry: string): boolean {
  return entry.startsWith("Other:");
}

/**
 * The stored list from the form's checkboxes and Other text. Checking Other with no text yet
 * keeps an "Other: " entry, so the box stays checked and validation asks for the text.
 */
export function buildEquipmentList(selected: readonly string[], otherText: string): string[] {
  const named = HOT_WORK_EQUIPMENT.filter((choice) => choice !== OTHER_EQUIPMENT && selected.includes(choice));
  return selected.includes(OTHER_EQUIPMENT) ? [...named, otherEquipmentEntry(otherText)] : [...named];
}

/** The form's checkboxes and Other text from a stored list (the inverse of buildEquipmentList). */
export function parseEquipmentList(list: readonly string[]): { selected: string[]; otherText: string } {
  const selected: string[] = [];
  let otherText = "";
  let hasOther = false;
  for (const entry of list) {
    if (isOtherEquipmentEntry(entry)) {
      hasOther = true;
      otherText = entry.slice("Other:".length).trimStart();
    } else if ((HOT_WORK_EQUIPMENT as readonly string[]).includes(entry)) {
      selected.push(entry);
    }
  }
  if (hasOther) selected.push(OTHER_EQUIPMENT);
  return { selected, otherText };
}

/** A date field of the form (datetime-local text) or of the API (ISO string or Date). */
function dateField(requiredMessage: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === "string") return value.trim() === "" ? undefined : new Date(value);
      if (typeof value === "number") return new Date(value);
      return value;
    },
    z
      .date({ error: (issue) => (issue.input === undefined ? requiredMessage : "Please enter a valid date") })
      .refine(isSupportedDate, DATE_OUT_OF_RANGE),
  );
}

const equipmentItem = z
  .string({ error: "At least one piece of equipment must be specified" })
  .trim()
  .max(200, "Equipment description must not exceed 200 characters")
  .superRefine((value, ctx) => {
    if (isOtherEquipmentEntry(value)) {
      if (value.slice("Other:".length).trim() === "") ctx.addIssue({ code: "custom", message: "Please specify the other equipment" });
    } else if (value === OTHER_EQUIPMENT || !(HOT_WORK_EQUIPMENT as readonly string[]).includes(value)) {
      ctx.addIssue({ code: "custom", message: "Please choose equipment from the list or specify other equipment" });
    }
  })
  // For the API's OpenAPI document: a listed item, or "Other: <text>".
  .meta({ anyOf: [{ enum: HOT_WORK_EQUIPMENT.filter((e) => e !== OTHER_EQUIPMENT) }, { pattern: "^Other: .*\\S" }] });

const precautionItem = z
  .string({ error: "At least one safety precaution must be selected" })
  .refine((value) => (HOT_WORK_PRECAUTIONS as readonly string[]).includes(value), "Please choose precautions from the checklist")
  // The checklist, for the API's OpenAPI document (the refine keeps the product's message).
  .meta({ enum: [...HOT_WORK_PRECAUTIONS] });

const requiredId = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message),
  );

const permitFields = {
  projectId: requiredId("Please select a project"),
  title: z
    .string({ error: "Title must be at least 5 characters" })
    .trim()
    .min(PERMIT_TITLE_MIN, "Title must be at least 5 characters")
    .max(PERMIT_TITLE_MAX, "Title must not exceed 100 characters"),
  location: z
    .string({ error: "Location must be at least 3 characters" })
    .trim()
    .min(PERMIT_LOCATION_MIN, "Location must be at least 3 characters")
    .max(200, "Location must not exceed 200 characters"),
  workDescription: z
    .string({ error: "Work description must be at least 10 characters" })
    .trim()
    .min(PERMIT_DESCRIPTION_MIN, "Work description must be at least 10 characters")
    .max(5000, "Work description must not exceed 5000 characters"),
  startDate: dateField("Start date is required"),
  endDate: dateField("End date is required"),
  precautions: z
    .array(precautionItem, { error: "At least one safety precaution must be selected" })
    .min(1, "At least one safety precaution must be selected")
    .max(HOT_WORK_PRECAUTIONS.length, "Please choose precautions from the checklist")
    .transform((list) => [...new Set(list)]),
  equipmentUsed: z
    .array(equipmentItem, { error: "At least one piece of equipment must be specified" })
    .min(1, "At least one piece of equipment must be specified")
    .max(HOT_WORK_EQUIPMENT.length, "Please choose equipment from the list or specify other equipment")
    .transform((list) => [...new Set(list)]),
  fireWatchRequired: z.boolean({ error: "Fire watch required must be true or false" }).default(true),
  fireWatchBy: z.string().trim().max(100, "Fire watch name must not exceed 100 characters").nullish(),
  /** Optional: the worker picked as fire watch (issue #36), whose fire-watch credential is checked. The name above stays as typed. */
  fireWatchWorkerId: optionalWorkerRef,
  requestedBy: requiredId("Requester information is required"),
};

/** The product's message, when the end is before the start. */
export const PERMIT_END_BEFORE_START = "End date must be on or after the start date";
/** A permit that ends the minute it starts covers no work: the end must be later. */
export const PERMIT_ZERO_LENGTH = "End time must be after the start time: a permit cannot last zero minutes";
/** The request form's end time: the start plus this many hours. */
export const PERMIT_DEFAULT_DURATION_HOURS = 4;

/** The form's default end for a start: start + PERMIT_DEFAULT_DURATION_HOURS. */
export function defaultPermitEnd(start: Date): Date {
  return new Date(start.getTime() + PERMIT_DEFAULT_DURATION_HOURS * 60 * 60 * 1000);
}

/** The problem with a permit's time span, or null: the end must come after the start. */
export function permitPeriodProblem(start: Date, end: Date): string | null {
  if (end.getTime() < start.getTime()) return PERMIT_END_BEFORE_START;
  if (end.getTime() === start.getTime()) return PERMIT_ZERO_LENGTH;
  return null;
}

const datesParsed = (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
  !payload.issues.some((issue) => issue.path?.[0] === "startDate" || issue.path?.[0] === "endDate");

/** Checked only when both dates parsed, so the form shows every other problem at the same time. */
function endAfterStart(permit: { startDate?: Date; endDate?: Date }, ctx: z.RefinementCtx) {
  if (!(permit.startDate instanceof Date) || !(permit.endDate instanceof Date)) return;
  if (Number.isNaN(permit.startDate.getTime()) || Number.isNaN(permit.endDate.getTime())) return;
  const problem = permitPeriodProblem(permit.startDate, permit.endDate);
  if (problem) ctx.addIssue({ code: "custom", path: ["endDate"], message: problem });
}

/**
 * The request and edit form, the same in the browser and on the server (POST and PUT). Fire watch
 * assignment is cleared when no fire watch is required: the field is hidden then.
 */
export const hotWorkPermitSchema = z
  .object(permitFields)
  .superRefine(endAfterStart, { when: datesParsed })
  .transform((permit) => ({
    ...permit,
    fireWatchBy: permit.fireWatchRequired && permit.fireWatchBy ? permit.fireWatchBy : null,
    fireWatchWorkerId: permit.fireWatchRequired ? (permit.fireWatchWorkerId ?? null) : null,
  }));
export type HotWorkPermitInput = z.input<typeof hotWorkPermitSchema>;
export type HotWorkPermitData = z.output<typeof hotWorkPermitSchema>;

/** PUT /api/hot-work-permits/:id: the full form, by id. */
export const updateHotWorkPermitSchema = z
  .object({ id: idParam, ...permitFields })
  .superRefine(endAfterStart, { when: datesParsed })
  .transform((permit) => ({
    ...permit,
    fireWatchBy: permit.fireWatchRequired && permit.fireWatchBy ? permit.fireWatchBy : null,
    fireWatchWorkerId: permit.fireWatchRequired ? (permit.fireWatchWorkerId ?? null) : null,
  }));

/** What an approver signs off on without: unticked precautions, or a fire watch nobody is named for. */
export interface PermitApprovalGaps {
  missingPrecautions: string[];
  fireWatchUnnamed: boolean;
  /**
   * The worker picked as fire watch holds no valid fire-watch credential (issue #36). Present only
   * when true, so the gaps of permits without a picked worker read as they always did.
   */
  fireWatchUncredentialed?: true;
}

/**
 * `fireWatchCredentialValid`: whether the worker picked as fire watch holds a valid fire-watch
 * credential today (the server works it out; null or absent: no worker picked, nothing to check).
 */
export function permitApprovalGaps(permit: {
  precautions: readonly string[];
  fireWatchRequired: boolean;
  fireWatchBy: string | null;
  fireWatchCredentialValid?: boolean | null;
}): PermitApprovalGaps {
  const ticked = new Set(permit.precautions);
  return {
    missingPrecautions: HOT_WORK_PRECAUTIONS.filter((p) => !ticked.has(p)),
    fireWatchUnnamed: permit.fireWatchRequired && !permit.fireWatchBy?.trim() && permit.fireWatchCredentialValid == null,
    ...(permit.fireWatchRequired && permit.fireWatchCredentialValid === false ? { fireWatchUncredentialed: true as const } : {}),
  };
}

export function hasApprovalGaps(gaps: PermitApprovalGaps): boolean {
  return gaps.missingPrecautions.length > 0 || gaps.fireWatchUnnamed || gaps.fireWatchUncredentialed === true;
}

export const FIRE_WATCH_UNCREDENTIALED = "The fire watch has no valid fire-watch credential";
export const FIRE_WATCH_CREDENTIAL_BLOCKING =
  "This project requires a valid fire-watch credential: the fire watch has none, so the permit cannot be approved";

/** The gaps as lines for the confirmation and the history. */
export function approvalGapLines(gaps: PermitApprovalGaps): string[] {
  return [
    ...(gaps.fireWatchUnnamed ? ["Fire watch required, but nobody is named"] : []),
    ...(gaps.fireWatchUncredentialed ? [FIRE_WATCH_UNCREDENTIALED] : []),
    ...gaps.missingPrecautions.map((p) => `Not checked: ${p}`),
  ];
}

export const REJECTION_REASON_REQUIRED = "Please provide a reason for rejecting this permit.";

export const rejectionReasonSchema = z
  .string({ error: REJECTION_REASON_REQUIRED })
  .trim()
  .min(1, REJECTION_REASON_REQUIRED)
  .max(1000, "Rejection reason must not exceed 1000 characters");

/** PUT /api/hot-work-permits/:id/reject. */
export const rejectPermitSchema = z.object({ id: idParam, rejectionReason: rejectionReasonSchema });

/** PUT /api/hot-work-permits/:id/close: closing notes are optional. */
export const closePermitSchema = z.object({
  id: idParam,
  closingNotes: z
    .string()
    .trim()
    .max(2000, "Closing notes must not exceed 2000 characters")
    .nullish()
    .transform((notes) => (notes ? notes : null)),
});

/** GET /api/hot-work-permits: everything when no limit is given. */
export const listPermitsSchema = z.object({
  search: searchParam,
  projectId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(permitStatuses, { error: "Please choose a valid permit status" }).optional(),
  /** Pending permits first (the staff's review queue), then newest first. */
  pendingFirst: z
    .preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean({ error: "pendingFirst must be true or false" }))
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ListPermitsInput = z.infer<typeof listPermitsSchema>;
