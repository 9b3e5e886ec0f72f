import { z } from "zod";
import { searchParam } from "./paging.js";
import { projectStatuses } from "./projectLabels.js";
import { idParam } from "./users.js";

export * from "./projectLabels.js";

/** Schemas, rules and formulas of the projects area (docs/product.md). */

/** The emergency contact rows of the project form, in display order. */
export const EMERGENCY_CONTACT_LABELS = [
  "Emergency Services",
  "Police Department",
  "Fire Department",
  "Medical Center",
  "Poison Control",
  "OSHA Hotline",
] as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written "YYYY-MM-DD" (no 2026-02-30). */
export function isDateOnly(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Blank text becomes null, so an emptied form field clears the column. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const startDate = z
  .string({ error: "Start date is required" })
  .trim()
  .min(1, "Start date is required")
  .refine(isDateOnly, "Please enter a valid date");

const endDate = z
  .string()
  .trim()
  .nullish()
  .refine((v) => !v || isDateOnly(v), "Please enter a valid date")
  .transform((v) => (v ? v : null));

/** The fields of the project form; no defaults here so the update schema can leave fields out. */
const projectFields = {
  name: z.string({ error: "Project name is required" }).trim().min(1, "Project name is required").max(200, "Project name is too long"),
  location: z.string({ error: "Location is required" }).trim().min(1, "Location is required").max(300, "Location is too long"),
  status: z.enum(projectStatuses, { error: "Status must be active, completed or on hold" }),
  description: optionalText(5000, "Description is too long"),
  startDate,
  endDate,
  safetyManagerName: optionalText(200, "Name is too long"),
  safetyManagerPhone: optionalText(50, "Phone number is too long"),
  safetyManagerEmail: z
    .string()
    .trim()
    .max(254, "Please enter a valid email address")
    .nullish()
    .refine((v) => !v || EMAIL_PATTERN.test(v), "Please enter a valid email address")
    .transform((v) => (v ? v : null)),
  /** Contact label -> phone. Blank numbers are dropped. */
  emergencyContactInfo: z
    .record(z.string().trim().min(1).max(100, "Contact name is too long"), z.string().trim().max(100, "Contact number is too long"))
    .refine((v) => Object.keys(v).length <= 30, "Too many emergency contacts")
    .transform((v) => Object.fromEntries(Object.entries(v).filter(([, phone]) => phone.length > 0))),
};

const END_BEFORE_START = "End date must be on or after the start date";

/** End on or after start, when both are given (ISO date strings compare as dates). */
export function endsBeforeStart(value: { startDate?: string | null | undefined; endDate?: string | null | undefined }): boolean {
  return Boolean(value.startDate && value.endDate && value.endDate < value.startDate);
}

/** POST /api/projects and the project form. Start date and status have the form's defaults. */
export const projectSchema = z
  .object({
    ...projectFields,
    status: projectFields.status.default("active"),
    emergencyContactInfo: projectFields.emergencyContactInfo.default({}),
  })
  .refine((v) => !endsBeforeStart(v), { path: ["endDate"], message: END_BEFORE_START });
export type ProjectInput = z.input<typeof projectSchema>;
export type ProjectValues = z.output<typeof projectSchema>;

/** PUT /api/projects/:id: any subset of the fields (the form sends them all). */
export const projectUpdateSchema = z
  .object({ id: idParam, ...projectFields })
  .partial()
  .required({ id: true })
  .refine((v) => !endsBeforeStart(v), { path: ["endDate"], message: END_BEFORE_START });
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

export const projectStatusFilters = ["all", ...projectStatuses] as const;

/** GET /api/projects: everything unless a limit is given; optional search and status filter. */
export const projectListSchema = z.object({
  search: searchParam,
  status: z.enum(projectStatusFilters).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ProjectListInput = z.input<typeof projectListSchema>;
export type ProjectListQuery = z.output<typeof projectListSchema>;

/** POST /api/projects/:id/workers. */
export const assignWorkerSchema = z.object({
  id: idParam,
  workerId: z.coerce.number({ error: "Worker is required" }).int().positive("Worker is required").max(2_147_483_647, "Worker is required"),
  role: optionalText(100, "Role is too long"),
});

/** DELETE /api/projects/:id/workers/:workerId. */
export const removeWorkerSchema = z.object({ id: idParam, workerId: idParam });

export const WORKER_ALREADY_ASSIGNED = "Worker is already assigned to this project";

// --- Safety plans -------------------------------------------------------------------------

export const SAFETY_PLAN_MAX_BYTES = 10 * 1024 * 1024;
export const SAFETY_PLAN_EXTENSIONS = [".pdf", ".doc", ".docx", ".xls", ".xlsx", ".csv", ".txt"] as const;
export type SafetyPlanExtension = (typeof SAFETY_PLAN_EXTENSIONS)[number];

/** The type each accepted extension is stored and served as (never the browser's claim). */
export const SAFETY_PLAN_MIME: Record<SafetyPlanExtension, string> = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".xls": "application/vnd.ms-excel",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** For the file picker's accept attribute. */
export const SAFETY_PLAN_ACCEPT = SAFETY_PLAN_EXTENSIONS.join(",");

export const NO_FILE_SELECTED = "No file selected";
export const FILE_TOO_LARGE_TITLE = "File too large";
export const FILE_TOO_LARGE = "The file size should not exceed 10MB.";
export const FILE_TYPE_NOT_ACCEPTED =
  "File type not accepted. Upload a PDF, Word, Excel, CSV or text file (.pdf .doc .docx .xls .xlsx .csv .txt).";
export const FILE_CONTENT_MISMATCH = "The file's content does not match its extension. Upload a PDF, Word, Excel, CSV or text file.";
export const FILE_EMPTY = "The selected file is empty";

/** The accepted extension of a file name, lower-cased, or null. */
export function safetyPlanExtension(fileName: string): SafetyPlanExtension | null {
  const dot = fileName.lastIndexOf(".");
  if (dot < 0) return null;
  const ext = fileName.slice(dot).toLowerCase();
  return (SAFETY_PLAN_EXTENSIONS as readonly string[]).includes(ext) ? (ext as SafetyPlanExtension) : null;
}

/**
 * A file name that is safe to store and to put in a Content-Disposition header: no directory
 * part, no control or reserved characters, no leading dots, at most 150 characters with the
 * extension kept.
 */
export function sanitizeFileName(fileName: string, fallbackBase = "safety-plan"): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  let clean = base
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*;`$]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 ? clean.slice(dot) : "";
  let stem = dot > 0 ? clean.slice(0, dot) : clean;
  if (!stem.trim()) stem = fallbackBase;
  const maxStem = Math.max(1, 150 - ext.length);
  clean = `${Array.from(stem).slice(0, maxStem).join("").trim()}${ext}`;
  return clean;
}

/** Human file size: "512 B", "12.3 KB", "4.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const safetyPlanDescriptionSchema = z
  .string()
  .trim()
  .max(1000, "Description is too long")
  .nullish()
  .transform((v) => (v ? v : null));
