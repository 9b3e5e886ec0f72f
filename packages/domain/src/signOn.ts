import { z } from "zod";
import { optionalWorkerRef } from "./jha.js";
import { can, canSeeProject } from "./policy.js";
import type { Actor } from "./roles.js";
import { idParam } from "./users.js";

/**
 * Crew sign-on (issue #34): the crew signs that they were briefed on a JHA form or signed onto a
 * hot work permit. Each signature names its signer (a worker of the project, or a name and company
 * for someone without an account), the device and the version of the record they read: a SHA-256
 * of the record's briefed content (`signedContent`), so an edit after signing shows earlier
 * signatures as "signed an earlier version".
 */

export const SIGN_ON_RECORD_KINDS = ["jha", "permit", "talk"] as const;
export type SignOnRecordKind = (typeof SIGN_ON_RECORD_KINDS)[number];

/**
 * How a signature was made: on a device handed round by whoever collects the crew's signatures
 * ("device"), by a worker on their own account ("own"), or through a public sign-on link ("link").
 */
export const SIGN_ON_VIA = ["device", "own", "link"] as const;
export type SignOnVia = (typeof SIGN_ON_VIA)[number];

/** A signature is a PNG drawn with a finger: small, bounded well under a photo's 10 MB. */
export const SIGNATURE_MAX_BYTES = 128 * 1024;
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
/** The base64 text of SIGNATURE_MAX_BYTES plus a data-URL prefix; longer input is refused before decoding. */
export const SIGNATURE_MAX_TEXT = Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4 + 64;

export const SIGNATURE_REQUIRED = "Please sign in the box";
export const SIGNATURE_NOT_PNG = "The signature must be a PNG image";
export const SIGNATURE_TOO_LARGE = "The signature is too large (at most 128 KB)";
export const SIGNATURE_BAD_SIZE = "The signature image must be at most 2000 by 1000 pixels";
export const SIGNER_NAME_REQUIRED = "Name is required";
export const SIGNER_COMPANY_REQUIRED = "Company is required";
export const SIGNER_NAME_OR_WORKER = "Choose a name from the list or type a name, not both";
export const SIGNER_REQUIRED = "Choose your name from the list, or type your name and company";
export const SIGNER_NOT_ON_PROJECT = "The signer must be a worker assigned to the record's project";
export const SIGN_ONLY_FOR_YOURSELF = "You can only sign for yourself. Ask the foreman to hand you the crew sign-on.";
export const ALREADY_SIGNED = "This person has already signed this version";
export const RECORD_VERSION_INVALID = "The record version must be the 64-character content hash";
export const PERMIT_NOT_OPEN_FOR_SIGN_ON = "Only pending and approved permits can be signed onto";

/** The PNG as base64 (a data URL is accepted), bounded before it is decoded. */
const signatureText = z.string({ error: SIGNATURE_REQUIRED }).min(1, SIGNATURE_REQUIRED).max(SIGNATURE_MAX_TEXT, SIGNATURE_TOO_LARGE);
/** The version the signer read: the SHA-256 of the record's briefed content. */
const recordVersionText = z.string({ error: RECORD_VERSION_INVALID }).regex(/^[0-9a-f]{64}$/, RECORD_VERSION_INVALID);
/** The device a signature was made on (its user agent), kept to 300 characters. */
const deviceText = z
  .string()
  .max(1000, "Device description is too long")
  .nullish()
  .transform((v) => (v?.trim() ? v.trim().slice(0, 300) : null));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

export const signOnRecordSchema = z.object({ kind: z.enum(SIGN_ON_RECORD_KINDS, { error: "Unknown record kind" }), id: idParam });
export type SignOnRecordRef = z.infer<typeof signOnRecordSchema>;

/**
 * One signature: the record, who signs (a worker of the project, a typed name and company, or
 * nobody named: the signer is the caller), the PNG as base64 (a data URL is accepted), the version
 * the signer read, and the device it was made on.
 */
export const signOnSchema = signOnRecordSchema
  .extend({
    workerId: optionalWorkerRef,
    guestName: optionalText(100, "Name must not exceed 100 characters"),
    guestCompany: optionalText(100, "Company must not exceed 100 characters"),
    signature: signatureText,
    recordVersion: recordVersionText,
    device: deviceText,
  })
  .superRefine((input, ctx) => {
    if (input.workerId != null && (input.guestName || input.guestCompany)) {
      ctx.addIssue({ code: "custom", path: ["guestName"], message: SIGNER_NAME_OR_WORKER });
    } else if (input.guestCompany && !input.guestName) {
      ctx.addIssue({ code: "custom", path: ["guestName"], message: SIGNER_NAME_REQUIRED });
    } else if (input.guestName && !input.guestCompany) {
      ctx.addIssue({ code: "custom", path: ["guestCompany"], message: SIGNER_COMPANY_REQUIRED });
    }
  });
export type SignOnInput = z.input<typeof signOnSchema>;
export type SignOnValues = z.output<typeof signOnSchema>;

/** The browser's form for a person without an account. */
export const guestSignerSchema = z.object({
  guestName: z.string({ error: SIGNER_NAME_REQUIRED }).trim().min(1, SIGNER_NAME_REQUIRED).max(100, "Name must not exceed 100 characters"),
  guestCompany: z
    .string({ error: SIGNER_COMPANY_REQUIRED })
    .trim()
    .min(1, SIGNER_COMPANY_REQUIRED)
    .max(100, "Company must not exceed 100 characters"),
});

/** The record as the sign-on rules need it. */
export interface SignOnRecordFacts {
  kind: SignOnRecordKind;
  projectId: number;
  /** The JHA's submitter, the permit's requester or the talk's presenter. */
  ownerWorkerId: number | null;
  /** A permit's status; a JHA has none. */
  status?: string | null;
}

/** Who a signature names. */
export type SignOnSigner = { workerId: number } | { guest: true };

export type SignOnDecision = { allowed: true; via: SignOnVia } | { allowed: false; reason: "role" | "state" | "input"; message: string };

/** Permits take signatures while pending (the crew is briefed before approval) and approved. */
export function recordOpenForSignOn(record: Pick<SignOnRecordFacts, "kind" | "status">): boolean {
  return record.kind !== "permit" || record.status === "pending" || record.status === "approved";
}

/**
 * Whether the actor collects the crew's signatures on this record: hands the device round and
 * lets others sign on it. Staff, the record's submitter or requester, and a foreman of the project
 * (`can("signOn.collect")`).
 */
export function canCollectSignOn(actor: Actor | null, record: Pick<SignOnRecordFacts, "projectId" | "ownerWorkerId">): boolean {
  return can(actor, "signOn.collect", { projectId: record.projectId, ownerWorkerId: record.ownerWorkerId });
}

/**
 * The one rule of who may sign for whom (the API enforces it, the web app shows the buttons from
 * it). Seeing the record's project comes first. A collector signs in anyone assigned to the
 * project (checked against the assignments by the server) or a named guest; anyone else who sees
 * the project signs for themself only, on their own account.
 */
export function decideSignOn(actor: Actor, record: SignOnRecordFacts, signer: SignOnSigner | null): SignOnDecision {
  if (!canSeeProject(actor, record.projectId))
    return { allowed: false, reason: "role", message: "You can only access forms for projects you're assigned to" };
  if (!recordOpenForSignOn(record)) return { allowed: false, reason: "state", message: PERMIT_NOT_OPEN_FOR_SIGN_ON };
  const self = signer === null || ("workerId" in signer && signer.workerId === actor.workerId);
  if (self) {
    if (actor.workerId === null) return { allowed: false, reason: "input", message: SIGNER_REQUIRED };
    return { allowed: true, via: "own" };
  }
  if (!canCollectSignOn(actor, record)) return { allowed: false, reason: "role", message: SIGN_ONLY_FOR_YOURSELF };
  return { allowed: true, via: "device" };
}

/** The part of a JHA form the crew is briefed on; its hash is the version a signature names. */
export function jhaSignedContent(form: {
  projectId: number;
  title: string;
  jobDescription: string;
  hazards: readonly { description: string; riskLevel: string }[];
  controlMeasures: readonly { description: string; responsibility: string }[];
}): string {
  return JSON.stringify([
    "jha",
    form.projectId,
    form.title,
    form.jobDescription,
    form.hazards.map((h) => [h.description, h.riskLevel]),
    form.controlMeasures.map((c) => [c.description, c.responsibility]),
  ]);
}

/** The part of a hot work permit the crew signs onto (not its status: approval does not change the work). */
export function permitSignedContent(permit: {
  projectId: number;
  title: string;
  location: string;
  workDescription: string;
  startDate: Date;
  endDate: Date;
  precautions: readonly string[];
  equipmentUsed: readonly string[];
  fireWatchRequired: boolean;
  fireWatchBy: string | null;
}): string {
  return JSON.stringify([
    "permit",
    permit.projectId,
    permit.title,
    permit.location,
    permit.workDescription,
    permit.startDate.toISOString(),
    permit.endDate.toISOString(),
    [...permit.precautions],
    [...permit.equipmentUsed],
    permit.fireWatchRequired,
    permit.fireWatchBy,
  ]);
}

/** One signature as the record shows it. */
export interface CrewSignature {
  id: number;
  workerId: number | null;
  name: string;
  company: string | null;
  via: SignOnVia;
  device: string | null;
  recordVersion: string;
  /** Signed the record as it is now; false: "signed an earlier version". */
  current: boolean;
  collectedByName: string | null;
  signedAt: Date;
}

/** "Signed by N of M assigned" and who is missing, for the record's current version. */
export interface SignOnStatus {
  kind: SignOnRecordKind;
  recordId: number;
  projectId: number;
  version: string;
  open: boolean;
  assigned: { workerId: number; name: string }[];
  assignedCount: number;
  /** Assigned workers with a signature on the current version. */
  signedCount: number;
  missing: { workerId: number; name: string }[];
  /** People without an account who signed the current version. */
  guestCount: number;
  signatures: CrewSignature[];
}

/**
 * The counts of a record's sign-on: an assigned worker counts once, when a signature of theirs
 * names the current version; the others are missing.
 */
export function signOnCoverage(
  assigned: readonly { workerId: number; name: string }[],
  signatures: readonly Pick<CrewSignature, "workerId" | "current">[],
): { signedCount: number; missing: { workerId: number; name: string }[]; guestCount: number } {
  const signedNow = new Set(signatures.filter((s) => s.current && s.workerId !== null).map((s) => s.workerId));
  const missing = assigned.filter((w) => !signedNow.has(w.workerId));
  return {
    signedCount: assigned.length - missing.length,
    missing,
    guestCount: signatures.filter((s) => s.current && s.workerId === null).length,
  };
}

/**
 * The people signed onto a permit (its current version): the names the close dialog lists when
 * the permit is closed while they are still signed on.
 */
export function signedOnNames(signatures: readonly Pick<CrewSignature, "name" | "current">[]): string[] {
  return [...new Set(signatures.filter((s) => s.current).map((s) => s.name))];
}

/** The signature's PNG bytes from base64 or a data URL; null when it is not base64 at all. */
export function signatureBase64(text: string): string | null {
  const body = text.startsWith("data:image/png;base64,") ? text.slice("data:image/png;base64,".length) : text;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? body : null;
}

/** Width and height from a PNG's header, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const magic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || magic.some((b, i) => bytes[i] !== b)) return null;
  // The first chunk must be IHDR, 13 bytes long.
  const ihdr = String.fromCharCode(bytes[12] ?? 0, bytes[13] ?? 0, bytes[14] ?? 0, bytes[15] ?? 0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (ihdr !== "IHDR" || view.getUint32(8) !== 13) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

// ---- public sign-on links

/** The records a public sign-on link may be made for: a JHA's briefing and a toolbox talk. */
export const SIGN_ON_LINK_KINDS = ["jha", "talk"] as const;
export type SignOnLinkKind = (typeof SIGN_ON_LINK_KINDS)[number];
/** A link is valid for at most this long. */
export const SIGN_ON_LINK_MAX_HOURS = 7 * 24;
/** Signatures one link takes in a minute; more answer 429. */
export const SIGN_ON_LINK_PER_MINUTE = 30;

export const LINK_EXPIRY_PAST = "The link must be valid until a time in the future";
export const LINK_EXPIRY_TOO_FAR = "A sign-on link can be valid for at most 7 days";
export const LINK_NOT_VALID = "This sign-on link is not valid";
export const LINK_EXPIRED = "This sign-on link has expired. Ask the foreman for a new one.";
export const LINK_REVOKED = "This sign-on link was revoked. Ask the foreman for a new one.";
export const LINK_TOO_MANY = "Too many signatures through this link in the last minute. Please wait a moment and try again.";
export const LINK_KINDS_ONLY = "Sign-on links are made for JHA forms and toolbox talks";

/** POST /api/sign-on-links: a link for a JHA form or talk, valid until `expiresAt`. */
export const signOnLinkCreateSchema = z.object({
  kind: z.enum(SIGN_ON_LINK_KINDS, { error: LINK_KINDS_ONLY }),
  id: idParam,
  expiresAt: z.coerce
    .date({ error: "Please enter a valid date" })
    .refine((d) => !Number.isNaN(d.getTime()) && d.getFullYear() < 3000, "Please enter a valid date"),
});

/** The expiry's problem at `now`, or null. */
export function linkExpiryProblem(expiresAt: Date, now: Date): string | null {
  if (expiresAt.getTime() <= now.getTime()) return LINK_EXPIRY_PAST;
  if (expiresAt.getTime() - now.getTime() > SIGN_ON_LINK_MAX_HOURS * 3600 * 1000) return LINK_EXPIRY_TOO_FAR;
  return null;
}

/** The link's token as it appears in the short link: base64url, 32 characters. */
export const linkTokenSchema = z.string({ error: LINK_NOT_VALID }).regex(/^[A-Za-z0-9_-]{32}$/, LINK_NOT_VALID);

/** GET /api/public/sign-on/:token */
export const publicSignOnQuerySchema = z.object({ token: linkTokenSchema });

/** POST /api/public/sign-on/:token: a person without the app, by name and company. */
export const publicSignOnSchema = z.object({
  token: linkTokenSchema,
  ...guestSignerSchema.shape,
  signature: signatureText,
  recordVersion: recordVersionText,
  device: deviceText,
});
export type PublicSignOnInput = z.input<typeof publicSignOnSchema>;

/** What the public page shows: the record's briefing and nothing else of the product. */
export interface PublicSignOnView {
  kind: SignOnLinkKind;
  title: string;
  /** The JHA's job description or the talk's content. */
  text: string;
  hazards: { description: string; riskLevel: string }[];
  controls: { description: string; responsibility: string }[];
  date: string | null;
  version: string;
  expiresAt: Date;
}

// ---- briefing coverage (reporting, staff)

/** GET /api/sign-on/coverage: one project's week (Monday to Sunday); the week of `weekOf` (today when left out). */
export const coverageQuerySchema = z.object({
  projectId: idParam,
  weekOf: z
    .string()
    .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, "Please enter a valid date (YYYY-MM-DD)")
    .refine(
      (v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
      "Please enter a valid date (YYYY-MM-DD)",
    )
    .optional(),
});

/** The Monday (UTC) of the week holding `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function weekStartOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** `day` plus `n` days, YYYY-MM-DD. */
export function addDays(day: string, n: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** One day of a week's briefing coverage: that day's JHA forms and how many assigned workers signed one of them (current version). */
export interface CoverageDay {
  date: string;
  jhas: { id: number; title: string; signedCount: number }[];
  /** Assigned workers who signed the current version of at least one of the day's JHA forms. */
  signedCount: number;
}

export interface BriefingCoverage {
  projectId: number;
  weekStart: string;
  weekEnd: string;
  assignedCount: number;
  days: CoverageDay[];
  /** Toolbox talks given on the project this week. */
  talkCount: number;
  /** The month of the week's Monday (YYYY-MM) and the assigned workers who signed no talk of the project in it. */
  month: string;
  noTalkThisMonth: { workerId: number; name: string }[];
}

/**
 * The coverage CSV's columns: one row per day. The last two are the week's month and the assigned
 * workers who attended no talk of the project in it (names joined by "; "), the same on every row,
 * so a spreadsheet filtered to any day still shows them.
 */
export const COVERAGE_COLUMNS = [
  "projectId",
  "date",
  "jhaForms",
  "assignedWorkers",
  "signedWorkers",
  "coveragePercent",
  "month",
  "noTalkThisMonth",
] as const;

/** Signed of assigned, as a whole percentage (0 with nobody assigned). */
export function coveragePercent(signed: number, assigned: number): number {
  return assigned === 0 ? 0 : Math.round((signed / assigned) * 100);
}
