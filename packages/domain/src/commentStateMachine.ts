import { type Actor, isStaff } from "./roles.js";

/** Safety message states (docs/product.md). */
export const commentStatuses = ["open", "in_progress", "resolved", "closed"] as const;
export type CommentStatus = (typeof commentStatuses)[number];

export const commentActions = ["markInProgress", "resolve", "edit", "delete"] as const;
export type CommentAction = (typeof commentActions)[number];

/** States in which a message is still being handled: the author may edit or delete it, staff may resolve it. */
export const unsettledCommentStatuses = ["open", "in_progress"] as const satisfies readonly CommentStatus[];

/**
 * Where each transition may start and where it lands. The API's conditional UPDATEs use `from`
 * (`WHERE status IN (...)`), so two managers acting at once cannot both win.
 */
export const commentTransitions = {
  markInProgress: { from: ["open"], to: "in_progress" },
  resolve: { from: unsettledCommentStatuses, to: "resolved" },
} as const satisfies Record<"markInProgress" | "resolve", { from: readonly CommentStatus[]; to: CommentStatus }>;

export interface CommentFacts {
  status: CommentStatus;
  /** users.id of the author. */
  userId: number | null;
}

export type CommentDecision = { allowed: true } | { allowed: false; reason: "role" | "state"; message: string };

const isSettled = (status: CommentStatus) => status === "resolved" || status === "closed";

/**
 * Whether the actor may see the message at all. Staff see every message; a worker sees only the
 * ones they wrote. The API answers 404 (not 403) for another worker's message: a worker's list
 * never shows it, so to them it does not exist, and the answer does not confirm that an id is taken.
 */
export function canSeeComment(actor: Actor | null, comment: Pick<CommentFacts, "userId">): boolean {
  if (!actor) return false;
  return isStaff(actor) || (comment.userId !== null && comment.userId === actor.userId);
}

/** The one function deciding a safety message action; API enforces (403 role / 409 state), web shows. */
export function decideCommentAction(actor: Actor, action: CommentAction, comment: CommentFacts): CommentDecision {
  const staff = isStaff(actor);
  const isAuthor = comment.userId !== null && comment.userId === actor.userId;
  switch (action) {
    case "markInProgress":
      if (!staff) return { allowed: false, reason: "role", message: "Only admins and managers can update message status" };
      if (comment.status !== "open") {
        return {
          allowed: false,
          reason: "state",
          message: `Cannot mark a ${statusWord(comment.status)} message in progress; only open messages can be`,
        };
      }
      return { allowed: true };
    case "resolve":
      if (!staff) return { allowed: false, reason: "role", message: "Only admins and managers can resolve messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `This message is already ${statusWord(comment.status)}` };
      }
      return { allowed: true };
    case "edit":
      if (!isAuthor) return { allowed: false, reason: "role", message: "You can only edit your own messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `Cannot edit a ${statusWord(comment.status)} message` };
      }
      return { allowed: true };
    case "delete":
      if (actor.role === "admin") return { allowed: true };
      if (!isAuthor) return { allowed: false, reason: "role", message: "You can only delete your own messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `Cannot delete a ${statusWord(comment.status)} message` };
      }
      return { allowed: true };
  }
}

function statusWord(status: CommentStatus): string {
  return status === "in_progress" ? "in progress" : status;
}

export function canComment(actor: Actor, action: CommentAction, comment: CommentFacts): boolean {
  return decideCommentAction(actor, action, comment).allowed;
}

export const commentFilters = ["all", "open", "resolved"] as const;
export type CommentFilter = (typeof commentFilters)[number];

/** Statuses behind each tab: "Open" includes open and in_progress (docs/product.md). */
export function statusesForFilter(filter: CommentFilter): readonly CommentStatus[] {
  if (filter === "open") return unsettledCommentStatuses;
  if (filter === "resolved") return ["resolved", "closed"];
  return commentStatuses;
}

/** The "Open" filter includes open and in_progress (docs/product.md). */
export function matchesCommentFilter(status: CommentStatus, filter: CommentFilter): boolean {
  return statusesForFilter(filter).includes(status);
}

/** How a message's status reads and its badge's colour (the dashboard shows these without loading the comment schemas). */
export const commentStatusLabels: Record<CommentStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const commentStatusColors: Record<CommentStatus, string> = {
  open: "blue",
  in_progress: "yellow",
  resolved: "green",
  closed: "gray",
};
