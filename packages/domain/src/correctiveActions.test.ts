import { describe, expect, it } from "vitest";
import {
  ACTION_EDIT_REFUSED,
  ACTION_NOT_OWN_VERIFY,
  ACTION_ONLY_OWNER,
  ACTION_PHOTO_REQUIRED,
  ACTION_VERIFIER_ONLY,
  type ActionFacts,
  canSeeAction,
  decideActionTransition,
  dueDateFor,
  isOverdue,
} from "./correctiveActions.js";
import type { Actor } from "./roles.js";

const actor = (userId: number, role: Actor["role"], assignedProjectIds: number[] = [1]): Actor => ({
  userId,
  role,
  workerId: role === "worker" ? userId + 100 : null,
  position: null,
  assignedProjectIds,
});
const manager = actor(1, "manager");
const raiser = actor(2, "worker");
const owner = actor(3, "worker");
const other = actor(4, "worker");
const facts = (over: Partial<ActionFacts> = {}): ActionFacts => ({
  status: "open",
  projectId: 1,
  priority: "medium",
  ownerUserId: 3,
  raisedBy: 2,
  evidencePhotoCount: 0,
  ...over,
});

describe("corrective action state machine, every role", () => {
  it("the owner (or staff) starts and submits; the raiser and a co-worker may not", () => {
    expect(decideActionTransition(owner, "start", facts())).toEqual({ allowed: true });
    expect(decideActionTransition(manager, "start", facts())).toEqual({ allowed: true });
    expect(decideActionTransition(raiser, "start", facts())).toEqual({ allowed: false, reason: "role", message: ACTION_ONLY_OWNER });
    expect(decideActionTransition(other, "submit", facts())).toMatchObject({ allowed: false, reason: "role" });
    expect(decideActionTransition(owner, "submit", facts({ status: "in_progress" }))).toEqual({ allowed: true });
  });

  it("the owner cannot verify their own fix, even as a manager", () => {
    const waiting = facts({ status: "awaiting_verification" });
    expect(decideActionTransition(owner, "verify", waiting)).toEqual({ allowed: false, reason: "role", message: ACTION_NOT_OWN_VERIFY });
    expect(decideActionTransition(manager, "verify", { ...waiting, ownerUserId: manager.userId })).toMatchObject({
      allowed: false,
      message: ACTION_NOT_OWN_VERIFY,
    });
    expect(decideActionTransition(raiser, "verify", waiting)).toEqual({ allowed: true });
    expect(decideActionTransition(manager, "reject", waiting)).toEqual({ allowed: true });
    expect(decideActionTransition(other, "verify", waiting)).toEqual({ allowed: false, reason: "role", message: ACTION_VERIFIER_ONLY });
  });

  it("refuses a transition from the wrong state with 409's reason", () => {
    expect(decideActionTransition(manager, "verify", facts())).toEqual({
      allowed: false,
      reason: "state",
      message: "Only an action awaiting verification can be verified",
    });
    expect(decideActionTransition(owner, "start", facts({ status: "closed" }))).toMatchObject({ reason: "state" });
    expect(decideActionTransition(owner, "submit", facts({ status: "awaiting_verification" }))).toMatchObject({ reason: "state" });
  });

  it("a high-priority action needs a photo of the fix to be submitted or closed", () => {
    expect(decideActionTransition(owner, "submit", facts({ priority: "high" }))).toEqual({
      allowed: false,
      reason: "state",
      message: ACTION_PHOTO_REQUIRED,
    });
    expect(decideActionTransition(owner, "submit", facts({ priority: "high", evidencePhotoCount: 1 }))).toEqual({ allowed: true });
    expect(decideActionTransition(manager, "verify", facts({ priority: "high", status: "awaiting_verification" }))).toMatchObject({
      message: ACTION_PHOTO_REQUIRED,
    });
  });

  it("edits belong to the raiser and staff, until closed", () => {
    expect(decideActionTransition(raiser, "edit", facts())).toEqual({ allowed: true });
    expect(decideActionTransition(owner, "edit", facts())).toEqual({ allowed: false, reason: "role", message: ACTION_EDIT_REFUSED });
    expect(decideActionTransition(manager, "edit", facts({ status: "closed" }))).toMatchObject({ reason: "state" });
  });
});

describe("due dates and visibility", () => {
  const raised = new Date("2026-11-27T08:00:00Z");
  it("high 24 h, medium 7 days, low 30 days", () => {
    expect(dueDateFor("high", raised).toISOString()).toBe("2026-11-28T08:00:00.000Z");
    expect(dueDateFor("medium", raised).toISOString()).toBe("2026-12-04T08:00:00.000Z");
    expect(dueDateFor("low", raised).toISOString()).toBe("2026-12-27T08:00:00.000Z");
  });
  it("overdue: past due and not closed", () => {
    const dueAt = new Date("2026-11-28T08:00:00Z");
    expect(isOverdue({ status: "open", dueAt }, new Date("2026-11-28T08:00:01Z"))).toBe(true);
    expect(isOverdue({ status: "closed", dueAt }, new Date("2026-12-28T08:00:01Z"))).toBe(false);
    expect(isOverdue({ status: "in_progress", dueAt }, raised)).toBe(false);
  });
  it("a worker sees their projects' actions and the ones they own elsewhere", () => {
    expect(canSeeAction(actor(9, "worker", [1]), { projectId: 1, ownerUserId: 3 })).toBe(true);
    expect(canSeeAction(actor(9, "worker", [2]), { projectId: 1, ownerUserId: 3 })).toBe(false);
    expect(canSeeAction(actor(3, "worker", [2]), { projectId: 1, ownerUserId: 3 })).toBe(true);
  });
});
