import { z } from "zod";
import { ACTION_PRIORITIES, type ActionPriority } from "./inspections.js";
import { optionalRef, projectRef } from "./jha.js";
import { searchParam } from "./paging.js";
import { canSeeProject } from "./policy.js";
import { type Actor, isStaff } from "./roles.js";
import { idParam } from "./users.js";

/**
 * Corrective actions (issue #35): raised by a failed inspection item, from an incident report or a
 * JHA form, or by hand; worked by their owner and verified by someone else. The state machine is
 * the one function the API enforces (403 for the role, 409 for the state) and the web app shows its
 * buttons from (docs/product.md, "Corrective actions").
 */

export const actionStatuses = ["open", "in_progress", "awaiting_verification", "closed"] as const;
export type ActionStatus = (typeof actionStatuses)[number];

export const ACTION_SOURCES = ["inspection", "incident", "jha", "manual"] as const;
export type ActionSource = (typeof ACTION_SOURCES)[number];

export const actionTransitionNames = ["start", "submit", "verify", "reject"] as const;
export type ActionTransition = (typeof actionTransitionNames)[number];
export type CorrectiveActionAction = ActionTransition | "edit";

/** Where each transition may start and where it lands. */
export const actionTransitions: Record<ActionTransition, { from: readonly ActionStatus[]; to: ActionStatus }> = {
  start: { from: ["open"], to: "in_progress" },
  submit: { from: ["open", "in_progress"], to: "awaiting_verification" },
  verify: { from: ["awaiting_verification"], to: "closed" },
  reject: { from: ["awaiting_verification"], to: "open" },
};

/** Hours from raising to the due date, by priority: high 24 h, medium 7 days, low 30 days. */
export const PRIORITY_DUE_HOURS: Record<ActionPriority, number> = { high: 24, medium: 7 * 24, low: 30 * 24 };

export function dueDateFor(priority: ActionPriority, raisedAt: Date): Date {
  return new Date(raisedAt.getTime() + PRIORITY_DUE_HOURS[priority] * 3_600_000);
}

/** Not closed and past its due date. */
export function isOverdue(action: { status: ActionStatus; dueAt: Date }, now: Date): boolean {
  return action.status !== "closed" && action.dueAt.getTime() < now.getTime();
}

export interface ActionFacts {
  status: ActionStatus;
  projectId: number;
  priority: ActionPriority;
  /** The user who owns the fix; null once their account is deleted (staff reassign it). */
  ownerUserId: number | null;
  /** The user who raised the action (the inspector, the reporter, ...); null once their account is gone. */
  raisedBy: number | null;
  /** Photos of the fix the owner added (evidence). */
  evidencePhotoCount: number;
}

export type ActionDecision = { allowed: true } | { allowed: false; reason: "role" | "state"; message: string };

export const ACTION_ONLY_OWNER = "Only the action's owner or a manager can work on this action";
export const ACTION_NOT_OWN_VERIFY = "Someone other than the owner must verify the fix";
export const ACTION_VERIFIER_ONLY = "Only whoever raised the action or a manager can verify it";
export const ACTION_EDIT_REFUSED = "Only whoever raised the action or a manager can change it";
export const ACTION_PHOTO_REQUIRED = "Add a photo of the fix before a high-priority action can be closed";
export const ACTION_CLOSED_EDIT = "A closed action cannot be changed";

const refused = (message: string): ActionDecision => ({ allowed: false, reason: "role", message });

/** Whether the actor sees the action: staff, whoever sees its project, and its owner. */
export function canSeeAction(actor: Actor | null, action: { projectId: number; ownerUserId: number | null }): boolean {
  if (!actor) return false;
  return canSeeProject(actor, action.projectId) || (action.ownerUserId !== null && action.ownerUserId === actor.userId);
}

/**
 * The one function that decides a corrective action's transition or edit.
 * - start, submit: the owner (staff too, for an owner without the app).
 * - verify, reject: never the owner; the raiser or staff. A high-priority action closes only with
 *   a photo of the fix.
 * - edit (owner, priority, due date, description): the raiser or staff, until closed.
 */
export function decideActionTransition(actor: Actor, action: CorrectiveActionAction, facts: ActionFacts): ActionDecision {
  const staff = isStaff(actor);
  const owner = facts.ownerUserId !== null && facts.ownerUserId === actor.userId;
  const raiser = facts.raisedBy !== null && facts.raisedBy === actor.userId;
  switch (action) {
    case "start":
    case "submit":
      if (!owner && !staff) return refused(ACTION_ONLY_OWNER);
      return stateCheck(action, facts);
    case "verify":
    case "reject":
      if (owner) return refused(ACTION_NOT_OWN_VERIFY);
      if (!raiser && !staff) return refused(ACTION_VERIFIER_ONLY);
      return stateCheck(action, facts);
    case "edit":
      if (!raiser && !staff) return refused(ACTION_EDIT_REFUSED);
      if (facts.status === "closed") return { allowed: false, reason: "state", message: ACTION_CLOSED_EDIT };
      return { allowed: true };
  }
}

/** Why a transition is refused in the action's current state (409). */
export const ACTION_STATE_MESSAGES: Record<ActionTransition, string> = {
  start: "Only an open action can be started",
  submit: "Only an open or in-progress action can be marked fixed",
  verify: "Only an action awaiting verification can be verified",
  reject: "Only an action awaiting verification can be sent back",
};

function stateCheck(action: ActionTransition, facts: ActionFacts): ActionDecision {
  if (!actionTransitions[action].from.includes(facts.status)) {
    return { allowed: false, reason: "state", message: ACTION_STATE_MESSAGES[action] };
  }
  if ((action === "submit" || action === "verify") && facts.priority === "high" && facts.evidencePhotoCount === 0) {
    return { allowed: false, reason: "state", message: ACTION_PHOTO_REQUIRED };
  }
  return { allowed: true };
}

export function canActOn(actor: Actor | null, action: CorrectiveActionAction, facts: ActionFacts): boolean {
  return actor !== null && decideActionTransition(actor, action, facts).allowed;
}

// ---- inputs

const description = z
  .string({ error: "Description is required" })
  .trim()
  .min(1, "Description is required")
  .max(2000, "Description must not exceed 2000 characters");
const priority = z.enum(ACTION_PRIORITIES, { error: "Priority must be high, medium or low" });
const ownerUserId = z.coerce
  .number({ error: "Please select a valid action owner" })
  .int("Please select a valid action owner")
  .positive("Please select a valid action owner")
  .max(2_147_483_647, "Please select a valid action owner");

/** POST /api/corrective-actions: raised by hand, or from an incident report or a JHA form of the project. */
export const createActionSchema = z.object({
  projectId: projectRef,
  description,
  priority: priority.default("medium"),
  ownerUserId,
  /** Defaults to the priority's time from now. */
  dueAt: z.coerce.date({ error: "Please enter a valid due date" }).optional(),
  incidentReportId: optionalRef("Please select a valid incident report"),
  jhaFormId: optionalRef("Please select a valid JHA form"),
});
export type CreateActionInput = z.input<typeof createActionSchema>;

/** PUT /api/corrective-actions/:id: owner, priority, due date, description. */
export const updateActionSchema = z.object({
  id: idParam,
  description,
  priority,
  ownerUserId,
  dueAt: z.coerce.date({ error: "Please enter a valid due date" }),
});

export const submitActionSchema = z.object({
  id: idParam,
  evidenceNote: z
    .string()
    .trim()
    .max(2000, "Notes must not exceed 2000 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const ACTION_REJECTION_REQUIRED = "Say why the fix is not accepted";
export const rejectActionSchema = z.object({
  id: idParam,
  reason: z
    .string({ error: ACTION_REJECTION_REQUIRED })
    .trim()
    .min(1, ACTION_REJECTION_REQUIRED)
    .max(1000, "Reason must not exceed 1000 characters"),
});

export const actionListQuerySchema = z.object({
  projectId: idParam.optional(),
  status: z.enum(actionStatuses, { error: "Status must be open, in_progress, awaiting_verification or closed" }).optional(),
  /** Only the caller's own actions. */
  mine: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "1"),
  overdue: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
    .optional()
    .transform((v) => v === true || v === "true" || v === "1"),
  /** Only the actions raised from this incident report or this JHA form (its page's list). */
  incidentReportId: idParam.optional(),
  jhaFormId: idParam.optional(),
  search: searchParam,
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
});
export type ActionListQuery = z.output<typeof actionListQuerySchema>;

/** GET /api/corrective-action-owners?projectId=: who may own an action on the project (the raise dialog's picker). */
export const actionOwnersQuerySchema = z.object({ projectId: idParam });
