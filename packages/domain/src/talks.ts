import { z } from "zod";
import { optionalRef, optionalWorkerRef, projectRef } from "./jha.js";
import { languages } from "./language.js";
import { searchParam } from "./paging.js";
import { addDays, weekStartOf } from "./signOn.js";
import { idParam } from "./users.js";

/**
 * Toolbox talks (issue #34): a weekly briefing on one topic for a project's crew, with a signed
 * attendance sheet (the crew sign-on of signOn.ts). Talks start from a library of topics in
 * English and Spanish that staff add to; a topic may point to a training module or safety video.
 */

export const TALK_TITLE_REQUIRED = "Topic is required";
export const TALK_CONTENT_REQUIRED = "Talk content is required";
export const TALK_DATE_REQUIRED = "Date is required";
export const TALK_PRESENTER_REQUIRED = "Presenter is required";
export const TALK_DATE_INVALID = "Please enter a valid date (YYYY-MM-DD)";

const title = z.string({ error: TALK_TITLE_REQUIRED }).trim().min(1, TALK_TITLE_REQUIRED).max(200, "Topic must not exceed 200 characters");
const content = z
  .string({ error: TALK_CONTENT_REQUIRED })
  .trim()
  .min(1, TALK_CONTENT_REQUIRED)
  .max(10_000, "Talk content must not exceed 10000 characters");
const language = z.enum(languages, { error: "Language must be en or es" });

/** POST /api/toolbox-talk-topics: a topic of the library (staff). */
export const talkTopicSchema = z.object({
  language,
  title,
  content,
  trainingModuleId: optionalRef("Please select a valid training module"),
  videoId: optionalRef("Please select a valid safety video"),
});
export type TalkTopicInput = z.input<typeof talkTopicSchema>;

/** A date-only field: YYYY-MM-DD, a real day between 1900 and 2999. */
export const talkDateSchema = z
  .string({ error: TALK_DATE_REQUIRED })
  .trim()
  .min(1, TALK_DATE_REQUIRED)
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, TALK_DATE_INVALID)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, TALK_DATE_INVALID);

/** POST /api/toolbox-talks: a talk given on a project (staff and crew leads). */
export const toolboxTalkSchema = z.object({
  projectId: projectRef,
  topicId: optionalRef("Please select a valid topic"),
  title,
  content,
  language: language.default("en"),
  talkDate: talkDateSchema,
  presenterWorkerId: optionalWorkerRef,
  presenterName: z
    .string({ error: TALK_PRESENTER_REQUIRED })
    .trim()
    .min(1, TALK_PRESENTER_REQUIRED)
    .max(100, "Presenter must not exceed 100 characters"),
  notes: z
    .string()
    .trim()
    .max(2000, "Notes must not exceed 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ToolboxTalkInput = z.input<typeof toolboxTalkSchema>;
export type ToolboxTalkValues = z.output<typeof toolboxTalkSchema>;

/** GET /api/toolbox-talks: optional ?projectId, search, limit/offset (everything when no limit). */
export const talkListQuerySchema = z.object({
  projectId: idParam.optional(),
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type TalkListQuery = z.output<typeof talkListQuerySchema>;

/** The part of a talk the crew signs that they attended; its hash is the version a signature names. */
export function talkSignedContent(talk: {
  projectId: number;
  title: string;
  content: string;
  talkDate: string;
  presenterName: string;
}): string {
  return JSON.stringify(["talk", talk.projectId, talk.title, talk.content, talk.talkDate, talk.presenterName]);
}

/** The attendance sheet's CSV columns, in order. */
export const TALK_ATTENDANCE_COLUMNS = [
  "talkId",
  "talk",
  "date",
  "project",
  "presenter",
  "name",
  "company",
  "signedAt",
  "via",
  "signedCurrentVersion",
] as const;

// ---- a worker's talks and a project's weeks

/** A worker's profile lists at most this many talks they attended, newest first. */
export const TALKS_ATTENDED_MAX = 100;
/** GET /api/workers/:workerId/toolbox-talks */
export const talksAttendedQuerySchema = z.object({ workerId: idParam });

/** One talk a worker signed the attendance of. */
export interface AttendedTalk {
  talkId: number;
  title: string;
  talkDate: string;
  projectId: number;
  projectName: string;
  /** When the worker signed the talk's attendance (their latest signature on it). */
  signedAt: Date;
}

/** A project's card shows this many ISO weeks by default (this one and the seven before), at most TALK_WEEKS_MAX. */
export const TALK_WEEKS_DEFAULT = 8;
export const TALK_WEEKS_MAX = 26;
/** Talks read for one project's weeks: 26 weeks of a talk a day with room to spare. */
export const TALK_WEEKS_TALKS_MAX = 500;
export const TALK_WEEKS_INVALID = "Weeks must be a whole number from 1 to 26";

/** GET /api/projects/:id/toolbox-talks: the project's talks per ISO week, the last `weeks` weeks up to the week of `weekOf` (today). */
export const talkWeeksQuerySchema = z.object({
  id: idParam,
  weeks: z.coerce
    .number({ error: TALK_WEEKS_INVALID })
    .int(TALK_WEEKS_INVALID)
    .min(1, TALK_WEEKS_INVALID)
    .max(TALK_WEEKS_MAX, TALK_WEEKS_INVALID)
    .optional(),
  weekOf: talkDateSchema.optional(),
});

export interface TalkWeek {
  /** ISO week, e.g. "2026-W06". */
  week: string;
  /** Its Monday and Sunday, YYYY-MM-DD. */
  weekStart: string;
  weekEnd: string;
  talks: { id: number; title: string; talkDate: string; attendeeCount: number }[];
  talkCount: number;
  /** Signatures over the week's talks. */
  attendeeCount: number;
}

/** The ISO 8601 week of a day (YYYY-MM-DD): the year of its Thursday and the week number, "2026-W06". */
export function isoWeek(day: string): string {
  const thursday = addDays(weekStartOf(day), 3);
  const year = thursday.slice(0, 4);
  const jan1 = new Date(`${year}-01-01T00:00:00Z`).getTime();
  const week = Math.floor((new Date(`${thursday}T00:00:00Z`).getTime() - jan1) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The first day of the `weeks` weeks that end with the week of `day`, and the day after them: [from, to). */
export function talkWeeksRange(day: string, weeks: number): { from: string; to: string } {
  const last = weekStartOf(day);
  return { from: addDays(last, -7 * (weeks - 1)), to: addDays(last, 7) };
}

/** The talks grouped by ISO week, newest week first, every week of the range listed (empty ones too). */
export function groupTalksByWeek(
  talks: readonly { id: number; title: string; talkDate: string; attendeeCount: number }[],
  day: string,
  weeks: number,
): TalkWeek[] {
  const { from } = talkWeeksRange(day, weeks);
  return Array.from({ length: weeks }, (_, i) => {
    const weekStart = addDays(from, 7 * (weeks - 1 - i));
    const weekEnd = addDays(weekStart, 6);
    const ofWeek = talks.filter((t) => t.talkDate >= weekStart && t.talkDate <= weekEnd);
    return {
      week: isoWeek(weekStart),
      weekStart,
      weekEnd,
      talks: ofWeek.map(({ id, title, talkDate, attendeeCount }) => ({ id, title, talkDate, attendeeCount })),
      talkCount: ofWeek.length,
      attendeeCount: ofWeek.reduce((n, t) => n + t.attendeeCount, 0),
    };
  });
}
