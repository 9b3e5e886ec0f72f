import { z } from "zod";
import { PASSWORD_MIN_LOGIN, USERNAME_MIN } from "./auth.js";
import { searchParam } from "./paging.js";
import { MANAGER_POSITIONS } from "./roles.js";
import { idParam } from "./users.js";

/** Schemas, rules and formulas of the workers area (docs/product.md). */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_MIN_DIGITS = 10;

export const MISSING_REQUIRED_FIELDS = "Missing required fields";
export const FILL_REQUIRED_FIELDS = "Please fill in all required fields.";
export const MISSING_CREDENTIALS = "Missing credentials";
export const PHONE_TOO_SHORT = "Phone number must be at least 10 digits";
export const INVALID_WORKER_EMAIL = "Please enter a valid email address";
export const PASSWORD_HINT = "Password must be at least 6 characters";

export const digitsOf = (value: string) => value.replace(/\D/g, "").length;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const required = (message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, "")} is too long`);

/** The worker profile fields of the worker and manager forms. */
const workerFields = {
  firstName: required("First name is required"),
  lastName: required("Last name is required"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, INVALID_WORKER_EMAIL)
    .regex(EMAIL_PATTERN, INVALID_WORKER_EMAIL),
  /** Optional on the form; when given it needs 10 digits (spaces, dashes and brackets allowed). */
  phone: z
    .string()
    .trim()
    .max(30, "Phone number is too long")
    .nullish()
    .refine((v) => !v || digitsOf(v) >= PHONE_MIN_DIGITS, PHONE_TOO_SHORT)
    .transform((v) => (v ? v : null)),
  role: required("Job role is required"),
  company: optionalText(200, "Company name is too long"),
  hardhatNumber: optionalText(100, "Hard hat number is too long"),
  emergencyContact: optionalText(300, "Emergency contact is too long"),
  /** Active projects the worker is assigned to. */
  projectIds: z
    .array(idParam, { error: "Projects must be a list of project ids" })
    .max(500, "Too many projects")
    .transform((ids) => [...new Set(ids)]),
};

/** The login account created with a worker: "Missing credentials" when either part is absent. */
const credentials = {
  username: z
    .string({ error: MISSING_CREDENTIALS })
    .trim()
    .min(1, MISSING_CREDENTIALS)
    .min(USERNAME_MIN, "Username must be at least 3 characters")
    .max(100, "Username is too long"),
  password: z
    .string({ error: MISSING_CREDENTIALS })
    .min(1, MISSING_CREDENTIALS)
    .min(PASSWORD_MIN_LOGIN, "Password must be at least 6 characters")
    .max(200, "Password is too long"),
};

/** POST /api/workers: profile, login account and project assignments. */
export const workerCreateSchema = z.object({
  ...credentials,
  ...workerFields,
  projectIds: workerFields.projectIds.default([]),
});
export type WorkerCreateInput = z.input<typeof workerCreateSchema>;

/** PUT /api/workers/:id: any subset of the profile; projectIds, when sent, replaces the assignments. */
export const workerUpdateSchema = z
  .object({ id: idParam, ...workerFields })
  .partial()
  .required({ id: true });
export type WorkerUpdateInput = z.input<typeof workerUpdateSchema>;

/** The manager form: the position is forced to Safety Manager and the company has a default. */
export const managerCreateSchema = z.object({
  ...credentials,
  ...workerFields,
  role: z.string().optional(),
  projectIds: workerFields.projectIds.default([]),
});
export type ManagerCreateInput = z.input<typeof managerCreateSchema>;

/** The worker form in the browser (same rules; credentials only on create). */
export const workerFormSchema = workerCreateSchema;
export const workerEditFormSchema = z.object(workerFields);

/** GET /api/workers: everything unless a limit is given. */
export const workerListSchema = z.object({
  search: searchParam,
  /** Only worker profiles whose position is one of the manager positions (the managers list). */
  managersOnly: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "1"),
  positions: z
    .union([z.string().trim().min(1).max(100), z.array(z.string().trim().min(1).max(100)).max(20)])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  /** "attention": only workers missing a required credential or holding one that expires within 30 days (issue #36). */
  credentials: z.enum(["attention"], { error: "Credentials filter must be attention" }).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type WorkerListInput = z.input<typeof workerListSchema>;
export type WorkerListQuery = z.output<typeof workerListSchema>;

export function isManagerPosition(position: string | null | undefined): boolean {
  return position != null && (MANAGER_POSITIONS as readonly string[]).includes(position);
}

export const workerFullName = (w: { firstName: string; lastName: string }) => `${w.firstName} ${w.lastName}`.trim();

export const USERNAME_TAKEN = "Username already exists";
export const EMAIL_TAKEN = "Email already exists";
