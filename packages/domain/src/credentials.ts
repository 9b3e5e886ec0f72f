import { z } from "zod";
import { optionalRef, projectRef } from "./jha.js";
import { parseCsv } from "./osha.js";
import { talkDateSchema } from "./talks.js";
import { idParam } from "./users.js";

/**
 * Credentials that expire (issue #36; the rules are in docs/product.md, "Credentials"): cards and
 * certifications issued outside SiteSafe that allow a worker to do a job. Each has a type (a list
 * staff extend), a state (submitted by the worker, verified or rejected by staff) and an optional
 * expiry date. "Expired" is never stored: it is computed from the expiry date and today in the
 * company's time zone, so a credential is expired on its expiry day with no job needed to flip it.
 */

export const CREDENTIAL_STATUSES = ["submitted", "verified", "rejected"] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
/** What a screen shows: the stored status, or "expired" once the expiry day has come. */
export type CredentialState = CredentialStatus | "expired";

/** Reminders go out this many days before expiry (docs/notifications.md). */
export const CREDENTIAL_REMINDER_DAYS = [30, 7] as const;
/** "Expiring soon": within this many days (the workers list's filter, compliance). */
export const CREDENTIAL_EXPIRING_DAYS = 30;

export const CREDENTIAL_TYPE_REQUIRED = "Credential type is required";
export const CREDENTIAL_TYPE_INVALID = "Please select a valid credential type";
export const CREDENTIAL_EXPIRY_BEFORE_ISSUE = "Expiry date must be on or after the issue date";
export const CREDENTIAL_NOT_YOURS = "You can only add credentials to your own profile";
export const CREDENTIAL_VERIFY_OWN = "You cannot verify or reject your own credential";
export const CREDENTIAL_VERIFY_STAFF = "Only admins and managers can verify credentials";
export const CREDENTIAL_REJECT_REASON_REQUIRED = "A reason is required to reject a credential";
export const CREDENTIAL_NOT_SUBMITTED = "Only a submitted credential can be verified or rejected";
export const CREDENTIAL_DELETE_VERIFIED = "A verified credential can only be removed by staff";
export const CREDENTIAL_TYPE_EXISTS = "A credential type with this name already exists";
export const CREDENTIAL_REQUIREMENT_EXISTS = "This credential type is already required there";
export const CREDENTIAL_REQUIREMENT_SCOPE = "Choose either a position or a project";
export const CREDENTIAL_IMPORT_TOO_LARGE = "The CSV file is larger than 200 KB. Split it into smaller files.";
export const CREDENTIAL_IMPORT_TOO_MANY_ROWS = "The CSV file has more than 1000 rows. Split it into smaller files.";
export const CREDENTIAL_IMPORT_EMPTY = "The CSV file has no rows to import";
export const CREDENTIAL_IMPORT_HEADER = "The first line must name the columns: email, type, number, issuer, issueDate, expiryDate";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = z.preprocess((v) => (v === "" ? null : v), talkDateSchema.nullish()).transform((v) => v ?? null);

const credentialFields = {
  credentialTypeId: z.coerce
    .number({ error: CREDENTIAL_TYPE_REQUIRED })
    .int(CREDENTIAL_TYPE_REQUIRED)
    .positive(CREDENTIAL_TYPE_REQUIRED)
    .max(2_147_483_647, CREDENTIAL_TYPE_INVALID),
  number: optionalText(100, "Credential number must not exceed 100 characters"),
  issuer: optionalText(200, "Issuer must not exceed 200 characters"),
  issueDate: optionalDate,
  expiryDate: optionalDate,
};

const datesInOrder = (v: { issueDate: string | null; expiryDate: string | null }) =>
  v.issueDate === null || v.expiryDate === null || v.expiryDate >= v.issueDate;

/** POST /api/workers/:workerId/credentials: a worker adds their own (submitted); staff add for anyone. */
export const credentialSchema = z
  .object({ workerId: idParam, ...credentialFields })
  .refine(datesInOrder, { message: CREDENTIAL_EXPIRY_BEFORE_ISSUE, path: ["expiryDate"] });
export type CredentialInput = z.input<typeof credentialSchema>;
export type CredentialValues = z.output<typeof credentialSchema>;

/** POST /api/credentials/:id/reject */
export const credentialRejectSchema = z.object({
  id: idParam,
  reason: z
    .string({ error: CREDENTIAL_REJECT_REASON_REQUIRED })
    .trim()
    .min(1, CREDENTIAL_REJECT_REASON_REQUIRED)
    .max(500, "Reason must not exceed 500 characters"),
});

/** GET /api/workers/:workerId/credentials */
export const workerCredentialsQuerySchema = z.object({ workerId: idParam });

/** POST /api/credential-types (staff): a type in English and Spanish, with its usual validity. */
export const credentialTypeSchema = z.object({
  nameEn: z
    .string({ error: "English name is required" })
    .trim()
    .min(1, "English name is required")
    .max(100, "English name must not exceed 100 characters"),
  nameEs: z
    .string({ error: "Spanish name is required" })
    .trim()
    .min(1, "Spanish name is required")
    .max(100, "Spanish name must not exceed 100 characters"),
  validityMonths: z.preprocess(
    (v) => (v === "" ? null : v),
    z.coerce
      .number({ error: "Validity must be a whole number of months from 1 to 240" })
      .int("Validity must be a whole number of months from 1 to 240")
      .min(1, "Validity must be a whole number of months from 1 to 240")
      .max(240, "Validity must be a whole number of months from 1 to 240")
      .nullish()
      .transform((v) => v ?? null),
  ),
});

/** POST /api/credential-requirements (staff): a type a position or a project requires. */
export const credentialRequirementSchema = z
  .object({
    credentialTypeId: credentialFields.credentialTypeId,
    position: optionalText(100, "Position must not exceed 100 characters"),
    projectId: optionalRef("Please select a valid project"),
    blocking: z.boolean({ error: "Blocking must be true or false" }).default(false),
  })
  .refine((v) => (v.position === null) !== (v.projectId == null), { message: CREDENTIAL_REQUIREMENT_SCOPE, path: ["position"] });
export type CredentialRequirementInput = z.input<typeof credentialRequirementSchema>;

/** GET /api/credential-requirements: optional ?projectId or ?position. */
export const credentialRequirementsQuerySchema = z.object({
  projectId: idParam.optional(),
  position: z.string().trim().max(100, "Position must not exceed 100 characters").optional(),
});

/** GET /api/projects/:id/credential-compliance */
export const projectCredentialQuerySchema = z.object({ id: projectRef });

/** GET /api/projects/:id/fire-watch-check?workerId=: the permit form's warning. */
export const fireWatchCheckSchema = z.object({ id: projectRef, workerId: idParam });
export const ASSIGNMENT_CREDENTIAL_BLOCKING =
  "The worker lacks a valid credential this project requires, and the requirement is blocking. Add and verify the credential first.";
export const FIRE_WATCH_NOT_ON_PROJECT = "The fire watch must be a worker of this project";

/** POST /api/credentials/import (staff): CSV text, at most 200 KB and 1000 rows. */
export const CREDENTIAL_IMPORT_MAX_BYTES = 200 * 1024;
export const CREDENTIAL_IMPORT_MAX_ROWS = 1000;
export const credentialImportSchema = z.object({
  // Bytes, not characters: 200 K characters of multi-byte text would be up to 800 KB.
  csv: z
    .string({ error: CREDENTIAL_IMPORT_EMPTY })
    .refine((text) => new TextEncoder().encode(text).length <= CREDENTIAL_IMPORT_MAX_BYTES, CREDENTIAL_IMPORT_TOO_LARGE),
});
export const CREDENTIAL_IMPORT_COLUMNS = ["email", "type", "number", "issuer", "issueDate", "expiryDate"] as const;

// ---- dates

/** Today's date (YYYY-MM-DD) in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A credential is expired on its expiry day: the date printed on the card is the first day it no longer counts. */
export function isExpired(expiryDate: string | null, today: string): boolean {
  return expiryDate !== null && expiryDate <= today;
}

export function credentialState(c: { status: CredentialStatus; expiryDate: string | null }, today: string): CredentialState {
  if (c.status !== "rejected" && isExpired(c.expiryDate, today)) return "expired";
  return c.status;
}

/** Valid: verified and not expired. Only a valid credential meets a requirement or a fire watch's check. */
export function isValidCredential(c: { status: CredentialStatus; expiryDate: string | null }, today: string): boolean {
  return credentialState(c, today) === "verified";
}

/** Valid, with an expiry date within CREDENTIAL_EXPIRING_DAYS. */
export function isExpiringSoon(c: { status: CredentialStatus; expiryDate: string | null }, today: string): boolean {
  return isValidCredential(c, today) && c.expiryDate !== null && daysBetween(today, c.expiryDate) <= CREDENTIAL_EXPIRING_DAYS;
}

/**
 * The reminder step a credential expiring on `expiryDate` is in today: 30 while 8 to 30 days are
 * left, 7 while 1 to 7 are, none otherwise. A window, not the exact day, so a day the daily job did
 * not run is caught up; each step is sent once (the job stamps it). The job's query selects by the
 * same window (packages/db/src/queries/credentials.ts, remindersDue) and the job takes the step from here.
 */
export function reminderStepDue(expiryDate: string, today: string): 30 | 7 | null {
  const days = daysBetween(today, expiryDate);
  return days < 1 || days > 30 ? null : days <= 7 ? 7 : 30;
}

// ---- answers

export interface CredentialType {
  id: number;
  code: string | null;
  nameEn: string;
  nameEs: string;
  validityMonths: number | null;
}

export interface Credential {
  id: number;
  workerId: number;
  workerName: string;
  credentialTypeId: number;
  typeNameEn: string;
  typeNameEs: string;
  number: string | null;
  issuer: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  status: CredentialStatus;
  /** The status with expiry applied (today in the company's time zone). */
  state: CredentialState;
  rejectionReason: string | null;
  verifiedByName: string | null;
  verifiedAt: Date | null;
  photoCount: number;
  createdAt: Date;
}

export interface CredentialRequirement {
  id: number;
  credentialTypeId: number;
  typeNameEn: string;
  typeNameEs: string;
  position: string | null;
  projectId: number | null;
  projectName: string | null;
  blocking: boolean;
}

/** One required type and how the worker stands on it. */
export interface RequirementStanding {
  credentialTypeId: number;
  typeNameEn: string;
  typeNameEs: string;
  blocking: boolean;
  /** met: a valid credential; expiring: met, but expires within 30 days; pending: submitted, not yet verified; missing: none valid. */
  standing: "met" | "expiring" | "pending" | "missing";
  expiryDate: string | null;
}

export interface CredentialCompliance {
  required: number;
  met: number;
  expiringSoon: number;
  /** Whole percent of requirements met (100 when nothing is required). */
  percent: number;
  items: RequirementStanding[];
}

/**
 * How a worker stands on the types required of them: for each required type, the best of their
 * credentials of that type (a valid one over a pending one; of valid ones, the latest expiry).
 */
export function credentialCompliance(
  required: { credentialTypeId: number; typeNameEn: string; typeNameEs: string; blocking: boolean }[],
  held: { credentialTypeId: number; status: CredentialStatus; expiryDate: string | null }[],
  today: string,
): CredentialCompliance {
  const byType = new Map<number, (typeof required)[number]>();
  for (const r of required) {
    const seen = byType.get(r.credentialTypeId);
    byType.set(r.credentialTypeId, seen ? { ...seen, blocking: seen.blocking || r.blocking } : r);
  }
  const items: RequirementStanding[] = [...byType.values()].map(({ credentialTypeId, typeNameEn, typeNameEs, blocking }) => {
    const r = { credentialTypeId, typeNameEn, typeNameEs, blocking };
    const mine = held.filter((h) => h.credentialTypeId === r.credentialTypeId);
    const valid = mine
      .filter((h) => isValidCredential(h, today))
      .sort((a, b) => (b.expiryDate ?? "9999-12-31").localeCompare(a.expiryDate ?? "9999-12-31"));
    const best = valid[0];
    if (best) {
      return { ...r, standing: isExpiringSoon(best, today) ? "expiring" : "met", expiryDate: best.expiryDate };
    }
    const pending = mine.find((h) => credentialState(h, today) === "submitted");
    return { ...r, standing: pending ? "pending" : "missing", expiryDate: pending?.expiryDate ?? null };
  });
  items.sort((a, b) => a.typeNameEn.localeCompare(b.typeNameEn));
  const met = items.filter((i) => i.standing === "met" || i.standing === "expiring").length;
  return {
    required: items.length,
    met,
    expiringSoon: items.filter((i) => i.standing === "expiring").length,
    percent: items.length === 0 ? 100 : Math.floor((met * 100) / items.length),
    items,
  };
}

/** "Needs attention" for the workers list: a requirement missing, pending, or expiring within 30 days. */
export function needsAttention(compliance: CredentialCompliance): boolean {
  return compliance.items.some((i) => i.standing !== "met");
}

// ---- CSV import

/** The rows of an import file (osha.ts's RFC 4180 parser), without a byte-order mark or blank lines. */
export function credentialCsvRows(text: string): string[][] {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  return parseCsv(body).filter((row) => row.some((cell) => cell.trim() !== ""));
}

/** One refused row of an import: its line in the file (the header is line 1), the column at fault (null: the whole row) and why. */
export interface ImportRefusal {
  line: number;
  column: string | null;
  message: string;
}

export interface CredentialImportReport {
  imported: number;
  refused: ImportRefusal[];
}

export const IMPORT_UNKNOWN_WORKER = "No worker has this e-mail address";
export const IMPORT_UNKNOWN_TYPE = "Unknown credential type";
export const IMPORT_DUPLICATE = "The same credential appears twice in the file or is already on the worker";

/** A project's crew on the credential types required of them there (GET /api/projects/:id/credential-compliance). */
export interface ProjectCredentialCompliance {
  projectId: number;
  /** Requirement slots over the crew: each worker times each type required of them here. */
  required: number;
  met: number;
  expiringSoon: number;
  percent: number;
  workers: ({ workerId: number; workerName: string } & CredentialCompliance)[];
}
