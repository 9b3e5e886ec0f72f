import { z } from "zod";
import { optionalRef, projectRef } from "./jha.js";
import { languages } from "./language.js";
import { searchParam } from "./paging.js";
import { INSPECTION_ITEM_PHOTO_LIMIT_REACHED, INSPECTION_ITEM_PHOTOS } from "./photoLimits.js";
import { addDays, weekStartOf } from "./signOn.js";
import { talkDateSchema } from "./talks.js";
import { idParam } from "./users.js";

/**
 * Site inspections (issue #35): templates of sections and items, an inspection's answers, its score,
 * and the schedule of inspections a project expects. The rules are in docs/product.md ("Inspections
 * and corrective actions"); corrective actions are in correctiveActions.ts.
 */

// ---- templates

/** How an item is answered. pass/fail/N/A, yes/no, a number with limits, or a short text (never scored). */
export const INSPECTION_ITEM_TYPES = ["passFail", "yesNo", "number", "text"] as const;
export type InspectionItemType = (typeof INSPECTION_ITEM_TYPES)[number];

export const ACTION_PRIORITIES = ["high", "medium", "low"] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];

export const TEMPLATE_NAME_REQUIRED = "Template name is required";
export const TEMPLATE_SECTIONS_REQUIRED = "A template needs at least one section with one item";
export const TEMPLATE_ITEM_TEXT_REQUIRED = "Item text is required";
export const TEMPLATE_SECTION_TITLE_REQUIRED = "Section title is required";
export const TEMPLATE_ITEM_KEYS_UNIQUE = "Each item of a template needs its own key";
export const TEMPLATE_LIMITS_ORDER = "The lowest passing number must not be above the highest";
export const TEMPLATE_WEIGHT_INVALID = "Weight must be a whole number from 0 to 10";

const itemKey = z
  .string({ error: "Item key is required" })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Item key must be 1 to 40 lowercase letters, digits or dashes");

export const inspectionItemSchema = z
  .object({
    key: itemKey,
    text: z
      .string({ error: TEMPLATE_ITEM_TEXT_REQUIRED })
      .trim()
      .min(1, TEMPLATE_ITEM_TEXT_REQUIRED)
      .max(300, "Item text must not exceed 300 characters"),
    type: z.enum(INSPECTION_ITEM_TYPES, { error: "Item type must be passFail, yesNo, number or text" }).default("passFail"),
    weight: z.coerce
      .number({ error: TEMPLATE_WEIGHT_INVALID })
      .int(TEMPLATE_WEIGHT_INVALID)
      .min(0, TEMPLATE_WEIGHT_INVALID)
      .max(10, TEMPLATE_WEIGHT_INVALID)
      .default(1),
    photoRequiredOnFail: z.boolean().default(false),
    /** The priority of the corrective action a failure raises. */
    priority: z.enum(ACTION_PRIORITIES, { error: "Priority must be high, medium or low" }).default("medium"),
    note: z
      .string()
      .trim()
      .max(500, "Item note must not exceed 500 characters")
      .nullish()
      .transform((v) => (v ? v : null)),
    /** number items: the passing range, either end optional. */
    min: z
      .number()
      .finite()
      .nullish()
      .transform((v) => v ?? null),
    max: z
      .number()
      .finite()
      .nullish()
      .transform((v) => v ?? null),
    unit: z
      .string()
      .trim()
      .max(20, "Unit must not exceed 20 characters")
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((item) => item.min === null || item.max === null || item.min <= item.max, { message: TEMPLATE_LIMITS_ORDER, path: ["min"] });
export type InspectionItem = z.output<typeof inspectionItemSchema>;

export const inspectionSectionSchema = z.object({
  title: z
    .string({ error: TEMPLATE_SECTION_TITLE_REQUIRED })
    .trim()
    .min(1, TEMPLATE_SECTION_TITLE_REQUIRED)
    .max(200, "Section title must not exceed 200 characters"),
  items: z.array(inspectionItemSchema).min(1, TEMPLATE_SECTIONS_REQUIRED).max(100, "A section can have at most 100 items"),
});
export type InspectionSection = z.output<typeof inspectionSectionSchema>;

/** A template's content: what one immutable version holds. */
export const templateContentSchema = z
  .array(inspectionSectionSchema, { error: TEMPLATE_SECTIONS_REQUIRED })
  .min(1, TEMPLATE_SECTIONS_REQUIRED)
  .max(30, "A template can have at most 30 sections")
  .refine((sections) => {
    const keys = sections.flatMap((s) => s.items.map((i) => i.key));
    return new Set(keys).size === keys.length;
  }, TEMPLATE_ITEM_KEYS_UNIQUE);
export type TemplateContent = z.output<typeof templateContentSchema>;

const templateName = z
  .string({ error: TEMPLATE_NAME_REQUIRED })
  .trim()
  .min(1, TEMPLATE_NAME_REQUIRED)
  .max(200, "Template name must not exceed 200 characters");

/** POST /api/inspection-templates: a new template, or a copy of another (`copyOf`) with a new name. */
export const createTemplateSchema = z
  .object({
    name: templateName,
    language: z.enum(languages, { error: "Language must be en or es" }).default("en"),
    copyOf: optionalRef("Please select a valid template to copy"),
    sections: templateContentSchema.optional(),
  })
  .refine((v) => v.copyOf != null || v.sections !== undefined, { message: TEMPLATE_SECTIONS_REQUIRED, path: ["sections"] });
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;

/** PUT /api/inspection-templates/:id: a new version (earlier inspections keep theirs). */
export const updateTemplateSchema = z.object({ id: idParam, name: templateName, sections: templateContentSchema });
export type UpdateTemplateInput = z.input<typeof updateTemplateSchema>;

export const templateListQuerySchema = z.object({ language: z.enum(languages, { error: "Language must be en or es" }).optional() });

/** A template reference: a positive 32-bit id. */
export const templateRef = z.coerce
  .number({ error: "Please select a valid template" })
  .int("Please select a valid template")
  .positive("Please select a valid template")
  .max(2_147_483_647, "Please select a valid template");

// ---- answers and scoring

export const INSPECTION_OUTCOMES = ["pass", "fail", "na"] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];

/** What an answer may hold: pass/fail/na, yes/no/na, a number, or a text. */
export type AnswerValue = "pass" | "fail" | "na" | "yes" | "no" | number | string | null;

export const ANSWER_MISSING = "Answer every item of the inspection";
export const ANSWER_UNKNOWN_ITEM = "An answer names an item the template does not have";
export const ANSWER_INVALID = "An answer does not fit its item";
export const PHOTO_REQUIRED_ON_FAIL = "This item needs a photo when it fails";

/**
 * Photos of an inspection's items (docs/decisions/0124-staged-inspection-photos.md): each is
 * uploaded first as a staged photo (`POST /api/inspection-photos`), then named by its answer's
 * `photoIds`; the create attaches them. Bounds per item, per inspection, and staged photos a user
 * may hold unattached; a staged photo not attached within a day is deleted by the daily retention job.
 */
export const INSPECTION_PHOTOS_MAX = 30;
export const STAGED_PHOTOS_PER_USER = 60;
export const STAGED_PHOTO_MAX_AGE_HOURS = 24;
export const INSPECTION_PHOTO_LIMIT_REACHED = `An inspection can have at most ${INSPECTION_PHOTOS_MAX} photos.`;
export const INSPECTION_PHOTO_TWICE = "A photo can belong to only one item of an inspection";
export const STAGED_PHOTO_INVALID =
  "A photo of this inspection was not found, is not yours or is already part of another inspection. Take the photo again.";
export const STAGED_PHOTO_LIMIT_REACHED = `You have ${STAGED_PHOTOS_PER_USER} photos waiting for an inspection. Submit or discard an inspection before adding more.`;

const photoIdsSchema = z
  .array(idParam, { error: "Photos must be a list of photo ids" })
  .max(INSPECTION_ITEM_PHOTOS, INSPECTION_ITEM_PHOTO_LIMIT_REACHED)
  .optional()
  .transform((ids) => ids ?? []);

/**
 * The items that failed, need a photo when they fail (`photoRequiredOnFail`) and have none: the
 * rule the run page checks before submit and the server at create (PHOTO_REQUIRED_ON_FAIL).
 */
export function itemsMissingPhoto(
  content: TemplateContent,
  answers: readonly { itemKey: string; outcome: InspectionOutcome | null; photoCount: number }[],
): string[] {
  const byKey = new Map(answers.map((a) => [a.itemKey, a]));
  return templateItems(content)
    .filter((item) => {
      const answer = byKey.get(item.key);
      return item.photoRequiredOnFail && answer?.outcome === "fail" && answer.photoCount === 0;
    })
    .map((item) => item.key);
}

export const answerInputSchema = z.object({
  itemKey,
  value: z.union([z.number().finite(), z.string().trim().max(500, "An answer must not exceed 500 characters")]).nullable(),
  note: z
    .string()
    .trim()
    .max(1000, "Notes must not exceed 1000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The corrective action a failure raises: its owner (a user) and priority; the inspector and the item's priority when left out. */
  ownerUserId: optionalRef("Please select a valid action owner"),
  priority: z.enum(ACTION_PRIORITIES, { error: "Priority must be high, medium or low" }).nullish(),
  /** Staged photos (`POST /api/inspection-photos`) of this item, attached when the inspection is created. */
  photoIds: photoIdsSchema,
});
export type AnswerInput = z.input<typeof answerInputSchema>;

/** The outcome of one answer, or null when the value does not fit the item (the caller's 400). */
export function answerOutcome(item: Pick<InspectionItem, "type" | "min" | "max">, value: AnswerValue): InspectionOutcome | null {
  if (value === "na") return item.type === "text" ? null : "na";
  switch (item.type) {
    case "passFail":
      return value === "pass" || value === "fail" ? value : null;
    case "yesNo":
      return value === "yes" ? "pass" : value === "no" ? "fail" : null;
    case "number": {
      const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
      if (!Number.isFinite(n)) return null;
      if (item.min !== null && n < item.min) return "fail";
      if (item.max !== null && n > item.max) return "fail";
      return "pass";
    }
    case "text":
      // A short text is a record, never scored.
      return value === null || typeof value === "string" ? "na" : null;
  }
}

export interface ScoredAnswer {
  itemKey: string;
  outcome: InspectionOutcome;
}

export interface InspectionScore {
  /** Weighted share of applicable items passed, 0-100 with two decimals; null when nothing applicable (or all weights 0). */
  score: number | null;
  passedCount: number;
  failedCount: number;
  naCount: number;
}

/** Every item of the content, in order, with its section's index. */
export function templateItems(content: TemplateContent): (InspectionItem & { section: number })[] {
  return content.flatMap((section, index) => section.items.map((item) => ({ ...item, section: index })));
}

/**
 * The score (docs/product.md): the weights of the items passed over the weights of the items
 * passed or failed, N/A and text items left out. Computed on the server from the answers; the web
 * app previews it with the same function.
 */
export function scoreInspection(content: TemplateContent, answers: readonly ScoredAnswer[]): InspectionScore {
  const byKey = new Map(answers.map((a) => [a.itemKey, a.outcome]));
  let passed = 0;
  let applicable = 0;
  const counts = { passedCount: 0, failedCount: 0, naCount: 0 };
  for (const item of templateItems(content)) {
    const outcome = byKey.get(item.key) ?? "na";
    if (outcome === "na") {
      counts.naCount++;
      continue;
    }
    applicable += item.weight;
    if (outcome === "pass") {
      passed += item.weight;
      counts.passedCount++;
    } else counts.failedCount++;
  }
  const score = applicable === 0 ? null : Math.round((passed / applicable) * 10_000) / 100;
  return { score, ...counts };
}

export interface CheckedAnswer {
  itemKey: string;
  value: AnswerValue;
  outcome: InspectionOutcome;
  note: string | null;
}

export interface AnswerIssue {
  path: string;
  message: string;
}

/**
 * The answers against the template version: every item answered once (text items may be left
 * empty), each value fitting its item. Returns the answers with their outcomes, or the first issues.
 */
export function checkAnswers(
  content: TemplateContent,
  answers: readonly { itemKey: string; value: AnswerValue; note: string | null }[],
): { ok: true; answers: CheckedAnswer[] } | { ok: false; issues: AnswerIssue[] } {
  const items = new Map(templateItems(content).map((item) => [item.key, item]));
  const issues: AnswerIssue[] = [];
  const seen = new Set<string>();
  const checked: CheckedAnswer[] = [];
  answers.forEach((answer, index) => {
    const item = items.get(answer.itemKey);
    if (!item || seen.has(answer.itemKey)) {
      issues.push({ path: `answers.${index}.itemKey`, message: ANSWER_UNKNOWN_ITEM });
      return;
    }
    seen.add(answer.itemKey);
    const outcome = answerOutcome(item, answer.value);
    if (outcome === null) {
      issues.push({ path: `answers.${index}.value`, message: ANSWER_INVALID });
      return;
    }
    checked.push({ itemKey: answer.itemKey, value: answer.value, outcome, note: answer.note });
  });
  for (const item of items.values()) {
    if (!seen.has(item.key) && item.type !== "text") issues.push({ path: "answers", message: ANSWER_MISSING });
  }
  if (issues.length > 0) return { ok: false, issues: issues.slice(0, 20) };
  return { ok: true, answers: checked };
}

export const INSPECTION_SIGNATURE_REQUIRED = "The inspector's signature is required";

/**
 * When an inspection may say it was done, by the server's clock: a phone's clock may run a little
 * fast (5 minutes), and a phone that was offline may submit up to 7 days late; anything else is a
 * mistake or a backdated record (400, docs/product.md).
 */
export const INSPECTED_AT_MAX_FUTURE_MINUTES = 5;
export const INSPECTED_AT_MAX_AGE_DAYS = 7;
export const INSPECTED_AT_FUTURE = "The inspection time cannot be more than 5 minutes in the future";
export const INSPECTED_AT_TOO_OLD = "The inspection time cannot be more than 7 days ago";

/** Why `inspectedAt` is refused at the server's `now`, or null when it is within the bounds. */
export function inspectedAtIssue(inspectedAt: Date, now: Date): string | null {
  if (inspectedAt.getTime() > now.getTime() + INSPECTED_AT_MAX_FUTURE_MINUTES * 60_000) return INSPECTED_AT_FUTURE;
  if (inspectedAt.getTime() < now.getTime() - INSPECTED_AT_MAX_AGE_DAYS * 86_400_000) return INSPECTED_AT_TOO_OLD;
  return null;
}

/** POST /api/inspections: one finished, signed inspection (drafts stay on the phone). */
export const inspectionSchema = z.object({
  projectId: projectRef,
  templateId: templateRef,
  /** The version the inspector walked: an inspection made offline keeps the version it was made with. */
  templateVersion: z.coerce.number().int().positive("Please select a valid template version").optional(),
  /** When it was done (now when left out); the service bounds it by the server's clock (inspectedAtIssue). */
  inspectedAt: z.coerce.date({ error: "Please enter a valid date and time" }).optional(),
  answers: z
    .array(answerInputSchema)
    .min(1, ANSWER_MISSING)
    .max(1000, "An inspection can have at most 1000 answers")
    .refine((answers) => answers.reduce((n, a) => n + a.photoIds.length, 0) <= INSPECTION_PHOTOS_MAX, INSPECTION_PHOTO_LIMIT_REACHED)
    .refine((answers) => {
      const ids = answers.flatMap((a) => a.photoIds);
      return new Set(ids).size === ids.length;
    }, INSPECTION_PHOTO_TWICE),
  notes: z
    .string()
    .trim()
    .max(2000, "Notes must not exceed 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The inspector's signature: a PNG data URL from the signature pad. */
  signature: z
    .string({ error: INSPECTION_SIGNATURE_REQUIRED })
    .min(1, INSPECTION_SIGNATURE_REQUIRED)
    .max(200_000, "The signature image is too large")
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, INSPECTION_SIGNATURE_REQUIRED),
});
export type InspectionInput = z.input<typeof inspectionSchema>;
export type InspectionValues = z.output<typeof inspectionSchema>;

export const inspectionListQuerySchema = z.object({
  projectId: idParam.optional(),
  templateId: idParam.optional(),
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type InspectionListQuery = z.output<typeof inspectionListQuerySchema>;

// ---- schedules

export const INSPECTION_FREQUENCIES = ["daily", "weekly"] as const;
export type InspectionFrequency = (typeof INSPECTION_FREQUENCIES)[number];

export const inspectionScheduleSchema = z.object({
  projectId: projectRef,
  templateId: templateRef,
  frequency: z.enum(INSPECTION_FREQUENCIES, { error: "Frequency must be daily or weekly" }),
  startsOn: talkDateSchema,
});
export type InspectionScheduleInput = z.input<typeof inspectionScheduleSchema>;

export const scheduleListQuerySchema = z.object({ projectId: idParam.optional(), today: talkDateSchema.optional() });

/** A schedule's status is read over this many days back from today. */
export const SCHEDULE_WINDOW_DAYS = 28;

export interface SchedulePeriod {
  /** The period's first day and last day (a day, or an ISO week Monday to Sunday). */
  start: string;
  end: string;
  done: number;
  /** No inspection in a period that has ended; the current period is "due" until it ends. */
  state: "done" | "missed" | "due";
}

/**
 * The periods of a schedule over the window ending today, newest first, each done (an inspection
 * of the template on the project inside it), missed (none, and it has ended) or due (today or this
 * week, none yet). Computed on read: no job marks anything missed.
 */
export function schedulePeriods(
  schedule: { frequency: InspectionFrequency; startsOn: string },
  inspectedDays: readonly string[],
  today: string,
  windowDays = SCHEDULE_WINDOW_DAYS,
): SchedulePeriod[] {
  const windowStart = addDays(today, -(windowDays - 1));
  const periods: SchedulePeriod[] = [];
  const step = schedule.frequency === "daily" ? 1 : 7;
  let start = schedule.frequency === "daily" ? today : weekStartOf(today);
  while (true) {
    const end = addDays(start, step - 1);
    if (end < schedule.startsOn || end < windowStart) break;
    const done = inspectedDays.filter((d) => d >= start && d <= end).length;
    const current = today >= start && today <= end;
    periods.push({ start, end, done, state: done > 0 ? "done" : current ? "due" : "missed" });
    start = addDays(start, -step);
  }
  return periods;
}

export interface ScheduleStatus {
  scheduled: number;
  done: number;
  missed: number;
}

/** Ended periods (done or missed) of the periods: "done against scheduled" of the dashboard. */
export function scheduleStatus(periods: readonly SchedulePeriod[]): ScheduleStatus {
  const ended = periods.filter((p) => p.state !== "due");
  const done = ended.filter((p) => p.state === "done").length;
  return { scheduled: ended.length, done, missed: ended.length - done };
}
