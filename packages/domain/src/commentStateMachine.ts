import { type Actor, isStaff } from "./roles.js";

/** Safety message states (spec product.md section 4). */
export const commentStatuses = ["open", "in_progress", "resolved", "closed"] as const;
export type CommentStatus = (typeof commentStatuses)[number];

export const commentActions = ["markInProgress", "resolve", "edit", "delete"] as const;
export type CommentAction = (typeof commentActions)[number];

export interface CommentFacts {
  status: CommentStatus;
  /** users.id of the author. */
  userId: number | null;
}

export type CommentDecision = { allowed: true } | { allowed: false; reason: "role" | "state"; message: string };

const isSettled = (status: CommentStatus) => status === "resolved" || status === "closed";

/** The one function deciding a safety message action; API enforces (403 role / 409 state), web shows. */
export function decideCommentAction(actor: Actor, action: CommentAction, comment: CommentFacts): CommentDecision {
  const staff = isStaff(actor);
  const isAuthor = comment.userId !== null && comment.userId === actor.userId;
  switch (action) {
    case "markInProgress":
      if (!staff) return { allowed: false, reason: "role", message: "Only admins and managers can update message status" };
      if (comment.status !== "open") {
        return { allowed: false, reason: "state", message: `Cannot mark a ${comment.status} message in progress; only open messages can be` };
      }
      return { allowed: true };
    case "resolve":
      if (!staff) return { allowed: false, reason: "role", message: "Only admins and managers can resolve messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `Cannot resolve a ${comment.status} message` };
      }
      return { allowed: true };
    case "edit":
      if (!isAuthor) return { allowed: false, reason: "role", message: "You can only edit your own messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `Cannot edit a ${comment.status} message` };
      }
      return { allowed: true };
    case "delete":
      if (actor.role === "admin") return { allowed: true };
      if (!isAuthor) return { allowed: false, reason: "role", message: "You can only delete your own messages" };
      if (isSettled(comment.status)) {
        return { allowed: false, reason: "state", message: `Cannot delete a ${comment.status} message` };
      }
      return { allowed: true };
  }
}

export function canComment(actor: Actor, action: CommentAction, comment: CommentFacts): boolean {
  return decideCommentAction(actor, action, comment).allowed;
}

/** The "Open" filter includes open and in_progress (spec section 4). */
export function matchesCommentFilter(status: CommentStatus, filter: "all" | "open" | "resolved"): boolean {
  if (filter === "all") return true;
  if (filter === "open") return status === "open" || status === "in_progress";
  return status === "resolved" || status === "closed";
}
