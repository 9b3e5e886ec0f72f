import { z } from "zod";
import { commentFilters } from "./commentStateMachine.js";
import { type Actor, isStaff } from "./roles.js";
import { idParam } from "./users.js";

/** Safety messages to the safety manager: rules and messages of docs/product.md. */
export const COMMENT_TITLE_MIN = 5;
export const COMMENT_TITLE_MAX = 100;
export const COMMENT_CONTENT_MIN = 10;
export const COMMENT_CONTENT_MAX = 1000;
export const MANAGER_RESPONSE_MAX = 2000;

export const commentTitleSchema = z
  .string({ error: "Title must be at least 5 characters" })
  .trim()
  .min(COMMENT_TITLE_MIN, "Title must be at least 5 characters")
  .max(COMMENT_TITLE_MAX, "Title is too long");

export const commentContentSchema = z
  .string({ error: "Comment must be at least 10 characters" })
  .trim()
  .min(COMMENT_CONTENT_MIN, "Comment must be at least 10 characters")
  .max(COMMENT_CONTENT_MAX, "Comment too long, maximum 1000 characters");

const INVALID_PROJECT = "Please select a valid project";

/**
 * A project id or null (the create call may send null: a message about no one project).
 * REST bodies may carry the id as a numeric string; anything else is "Please select a valid project".
 */
export const commentProjectIdSchema = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value === "" ? null : value),
  z.number({ error: INVALID_PROJECT }).int(INVALID_PROJECT).positive(INVALID_PROJECT).max(2_147_483_647, INVALID_PROJECT).nullable(),
);

/** POST /api/safety-comments. The author is the session's user and a new message is always open. */
export const createCommentSchema = z.object({
  title: commentTitleSchema,
  content: commentContentSchema,
  projectId: commentProjectIdSchema.optional().default(null),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/** PUT /api/safety-comments/:id with title, content, projectId: the author's edit. */
export const editCommentSchema = z.object({
  id: idParam,
  title: commentTitleSchema,
  content: commentContentSchema,
  projectId: commentProjectIdSchema.optional().default(null),
});
export type EditCommentInput = z.infer<typeof editCommentSchema>;

/** PUT /api/safety-comments/:id with status "resolved" and an optional managerResponse. */
export const resolveCommentSchema = z.object({
  id: idParam,
  managerResponse: z
    .string({ error: "Response must be text" })
    .trim()
    .max(MANAGER_RESPONSE_MAX, "Response is too long, maximum 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ResolveCommentInput = z.infer<typeof resolveCommentSchema>;

/** GET /api/safety-comments: optional status tab, project, and page; everything when no limit. */
export const listCommentsSchema = z.object({
  status: z.enum(commentFilters, { error: "Status must be all, open or resolved" }).optional(),
  projectId: idParam.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ListCommentsInput = z.infer<typeof listCommentsSchema>;

/**
 * The product's PUT carries one of three payloads; each is its own procedure. Which one is decided by
 * who sends it and what it changes, not by the status field alone: the author's edit carries the
 * message's current status too (`title, content, status, projectId`), "in_progress" included.
 * - status "resolved" -> resolve (staff only);
 * - status "in_progress" from staff, or with neither title nor content -> markInProgress (staff only);
 * - anything else -> the author's edit of title, content and project. An edit never changes the
 *   status, so the status it carries is only the one the author's screen showed.
 */
export type CommentUpdateKind = "markInProgress" | "resolve" | "edit";
export function commentUpdateKind(
  body: { status?: unknown; title?: unknown; content?: unknown },
  sender: Pick<Actor, "role"> | null,
): CommentUpdateKind {
  if (body.status === "resolved") return "resolve";
  if (body.status === "in_progress") {
    const staffAction = sender !== null && isStaff(sender);
    const editsWords = body.title !== undefined || body.content !== undefined;
    if (staffAction || !editsWords) return "markInProgress";
  }
  return "edit";
}

/**
 * The message form: the project is labelled required ("Project selection is required"). Its value
 * is the Select's string: a project id, or GENERAL_PROJECT_VALUE for a message about no one project
 * (sent as null, which the create call allows).
 */
export const GENERAL_PROJECT_VALUE = "general";
export const commentFormSchema = z.object({
  projectId: z.string({ error: "Project selection is required" }).min(1, "Project selection is required"),
  title: commentTitleSchema,
  content: commentContentSchema,
});
export type CommentForm = z.infer<typeof commentFormSchema>;

export function projectIdFromForm(value: string): number | null {
  if (value === GENERAL_PROJECT_VALUE || value === "") return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function projectIdToForm(projectId: number | null): string {
  return projectId === null ? GENERAL_PROJECT_VALUE : String(projectId);
}

export const resolveCommentFormSchema = z.object({
  managerResponse: z.string().trim().max(MANAGER_RESPONSE_MAX, "Response is too long, maximum 2000 characters"),
});

/** Status badges. */
/** Project select options read "name (location)". */
export function projectOptionLabel(project: { name: string; location: string | null }): string {
  return project.location ? `${project.name} (${project.location})` : project.name;
}

/** Texts of the safety communication screen (docs/product.md). */
export const commentTexts = {
  emptyTitle: "No safety communications",
  emptyWorker: "You haven't sent any messages to the safety manager yet.",
  emptyStaff: "There are no safety communications from workers yet.",
  loadError: "Failed to load safety comments.",
  loading: "Loading comments...",
  sent: ["Message sent", "Your message has been sent to the safety manager."],
  updatedByAuthor: ["Message updated", "Your message has been updated."],
  updatedByStaff: ["Comment updated", "The safety comment has been updated."],
  deleted: ["Comment deleted", "The safety comment has been deleted."],
  sendFailed: "Failed to send message",
  sendFailedFallback: "Unknown error occurred",
  updateFailed: "Failed to update comment",
  deleteFailed: "Failed to delete comment",
  deleteMissing: ["Comment not found", "The comment may have been already deleted."],
  deleteConfirmTitle: "Are you sure?",
  deleteConfirmMessage: "This will permanently delete this message. This action cannot be undone.",
} as const;
