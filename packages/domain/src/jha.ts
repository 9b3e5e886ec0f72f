import { z } from "zod";
import { riskLevels } from "./jhaRisk.js";
import { searchParam } from "./paging.js";
import { idParam } from "./users.js";

/**
 * Job hazard analysis forms and their comments (docs/product.md). Messages are the
 * product's, word for word; the ones the product does not give are ours.
 */

export const HAZARD_REQUIRED = "At least one hazard must be identified";
export const HAZARD_DESCRIPTION_REQUIRED = "Hazard description is required";
export const CONTROL_MEASURE_LIST_REQUIRED = "At least one control measure must be specified";
export const CONTROL_MEASURE_REQUIRED = "Control measure is required";
export const RESPONSIBILITY_REQUIRED = "Responsible person is required";
/** A hazard with no risk level (nothing is preselected: docs/product.md). */
export const RISK_LEVEL_REQUIRED = "Choose the risk level of each hazard";
export const JHA_COMMENT_REQUIRED = "Comment content is required";
export const JHA_COMMENT_MAX = 1000;

/** A project reference in a form: Select values arrive as strings, REST bodies as numbers. */
export const projectRef = z.coerce
  .number({ error: "Project is required" })
  .int("Project is required")
  .positive("Project is required")
  .max(2_147_483_647, "Project is required");

/**
 * An optional reference to a record of a form's select (a worker, a topic, a module): blank means
 * "not chosen"; anything else must be a positive 32-bit id, or `message`.
 */
export const optionalRef = (message: string) =>
  z.preprocess(
    (value) => (value === "" ? null : value),
    z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).nullable().optional(),
  );

/** An optional worker reference (submitter, reporter, signer): blank means "not chosen". */
export const optionalWorkerRef = optionalRef("Please select a valid worker");

export const hazardSchema = z.object({
  description: z
    .string({ error: HAZARD_DESCRIPTION_REQUIRED })
    .trim()
    .min(1, HAZARD_DESCRIPTION_REQUIRED)
    .max(1000, "Hazard description is too long"),
  // Left out, null or blank: nobody chose one; anything else is a wrong value.
  riskLevel: z.enum(riskLevels, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? RISK_LEVEL_REQUIRED
        : "Risk level must be low, medium or high",
  }),
});
export type Hazard = z.infer<typeof hazardSchema>;

export const controlMeasureSchema = z.object({
  description: z
    .string({ error: CONTROL_MEASURE_REQUIRED })
    .trim()
    .min(1, CONTROL_MEASURE_REQUIRED)
    .max(1000, "Control measure is too long"),
  responsibility: z
    .string({ error: RESPONSIBILITY_REQUIRED })
    .trim()
    .min(1, RESPONSIBILITY_REQUIRED)
    .max(200, "Responsible person is too long"),
});
export type ControlMeasure = z.infer<typeof controlMeasureSchema>;

const jhaFields = {
  projectId: projectRef,
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  jobDescription: z
    .string()
    .trim()
    .max(5000, "Job description is too long")
    .nullish()
    .transform((v) => v ?? ""),
  hazards: z.array(hazardSchema, { error: HAZARD_REQUIRED }).min(1, HAZARD_REQUIRED).max(50, "Too many hazards (at most 50)"),
  controlMeasures: z
    .array(controlMeasureSchema, { error: CONTROL_MEASURE_LIST_REQUIRED })
    .min(1, CONTROL_MEASURE_LIST_REQUIRED)
    .max(50, "Too many control measures (at most 50)"),
  /** Worker id of the submitter. Ignored for workers (forced to their own profile on the server). */
  submittedBy: optionalWorkerRef,
};

/** POST /api/jha-forms and the JHA form. */
export const jhaFormSchema = z.object(jhaFields);
export type JhaFormInput = z.input<typeof jhaFormSchema>;
export type JhaFormValues = z.output<typeof jhaFormSchema>;

/** PUT /api/jha-forms/:id: the create fields; a field left out keeps its value. */
export const jhaFormUpdateSchema = z.object({ id: idParam, ...z.object(jhaFields).partial().shape });
export type JhaFormUpdate = z.output<typeof jhaFormUpdateSchema>;

const listPaging = {
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
};

/** GET /api/jha-forms: optional ?projectId, search, limit/offset (everything when no limit). */
export const jhaListQuerySchema = z.object({ projectId: idParam.optional(), ...listPaging });
export type JhaListQuery = z.output<typeof jhaListQuerySchema>;

export const jhaCommentVisibilities = ["private", "public"] as const;
export type JhaCommentVisibility = (typeof jhaCommentVisibilities)[number];
export const jhaCommentVisibilityLabels: Record<JhaCommentVisibility, string> = {
  private: "Private (admins, managers and you)",
  public: "Public (everyone on the project)",
};

const commentContent = z
  .string({ error: JHA_COMMENT_REQUIRED })
  .trim()
  .min(1, JHA_COMMENT_REQUIRED)
  .max(JHA_COMMENT_MAX, "Comment too long, maximum 1000 characters");
const commentVisibility = z.enum(jhaCommentVisibilities, { error: "Visibility must be private or public" });

/** The comment form (content and visibility). */
export const jhaCommentSchema = z.object({ content: commentContent, visibility: commentVisibility.default("private") });

/** POST /api/jha-forms/:id/comments */
export const jhaCommentCreateSchema = z.object({
  jhaFormId: idParam,
  content: commentContent,
  visibility: commentVisibility.default("private"),
});

/** PUT /api/jha-comments/:id: the visibility stays when it is left out. */
export const jhaCommentUpdateSchema = z.object({ id: idParam, content: commentContent, visibility: commentVisibility.optional() });

/** A new, empty control measure row of the form. */
export function newControlMeasure(): ControlMeasure {
  return { description: "", responsibility: "" };
}
