import { type Actor, isStaff } from "./roles.js";

/** Hot work permit states (docs/product.md). Rejected and closed are terminal. */
export const permitStatuses = ["pending", "approved", "rejected", "closed"] as const;
export type PermitStatus = (typeof permitStatuses)[number];

export const permitActions = ["approve", "reject", "close", "edit", "delete"] as const;
export type PermitAction = (typeof permitActions)[number];

/** Where each transition may start and where it lands. Edit and delete keep the state. */
export const permitTransitions: Record<"approve" | "reject" | "close", { from: PermitStatus; to: PermitStatus }> = {
  approve: { from: "pending", to: "approved" },
  reject: { from: "pending", to: "rejected" },
  close: { from: "approved", to: "closed" },
};

export interface PermitFacts {
  status: PermitStatus;
  projectId: number;
  /** Worker id of the requester. */
  requestedBy: number | null;
}

export type PermitDecision = { allowed: true } | { allowed: false; reason: "role" | "state"; message: string };

const roleRefused = (message: string): PermitDecision => ({ allowed: false, reason: "role", message });

/** Who may approve or reject a permit at all, whatever its state, and what others are told. */
export const mayDecidePermits = (actor: Actor): boolean => isStaff(actor);
export const decidePermitsRefusal = (action: "approve" | "reject") => `Only admins and managers can ${action} permits`;

/**
 * The one function that decides a permit action: the API enforces it (403 for role, 409 for
 * state) and the web app shows the buttons from it. Seeing the permit at all (project
 * assignment) is checked separately by `canSeeProject`.
 */
export function decidePermitAction(actor: Actor, action: PermitAction, permit: PermitFacts): PermitDecision {
  const staff = isStaff(actor);
  switch (action) {
    case "approve":
    case "reject": {
      if (!mayDecidePermits(actor)) return roleRefused(decidePermitsRefusal(action));
      return stateCheck(action, permit.status);
    }
    case "close":
      // Any role that can see the permit may close it once approved (docs/product.md).
      return stateCheck(action, permit.status);
    case "edit": {
      if (staff) return { allowed: true };
      if (permit.requestedBy === null || permit.requestedBy !== actor.workerId) {
        return roleRefused("You can only edit permits you requested");
      }
      if (permit.status !== "pending") {
        return { allowed: false, reason: "state", message: `Cannot edit a ${permit.status} permit; only pending permits can be edited` };
      }
      return { allowed: true };
    }
    case "delete":
      return actor.role === "admin" ? { allowed: true } : roleRefused("Only admins can delete permits");
  }
}

function stateCheck(action: "approve" | "reject" | "close", status: PermitStatus): PermitDecision {
  const { from, to } = permitTransitions[action];
  if (status === from) return { allowed: true };
  return {
    allowed: false,
    reason: "state",
    message: `Cannot ${action} a permit that is ${status}; only ${from} permits can become ${to}`,
  };
}

export function canPermit(actor: Actor, action: PermitAction, permit: PermitFacts): boolean {
  return decidePermitAction(actor, action, permit).allowed;
}
