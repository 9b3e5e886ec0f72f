import { describe, expect, it } from "vitest";
import {
  canPermit,
  decidePermitAction,
  type PermitAction,
  type PermitStatus,
  permitActions,
  permitStatuses,
  permitTransitions,
} from "./permitStateMachine.js";
import type { Actor } from "./roles.js";

const PROJECT = 7;
const OWN_WORKER = 11;

const actors = {
  admin: { userId: 1, role: "admin", workerId: null, position: null, assignedProjectIds: [] },
  manager: { userId: 2, role: "manager", workerId: 5, position: "Safety Manager", assignedProjectIds: [] },
  workerOwn: { userId: 3, role: "worker", workerId: OWN_WORKER, position: "Welder", assignedProjectIds: [PROJECT] },
  workerOther: { userId: 4, role: "worker", workerId: 12, position: "Welder", assignedProjectIds: [PROJECT] },
} satisfies Record<string, Actor>;
type Who = keyof typeof actors;

/** allowed, or the reason for the refusal: "role" -> 403, "state" -> 409. */
type Cell = true | "role" | "state";

/**
 * Every (state, action, role) cell of the permit state machine. The worker rows are for a worker
 * who can see the permit's project; "own" requested it, "other" did not.
 */
const table: Record<PermitStatus, Record<PermitAction, Record<Who, Cell>>> = {
  pending: {
    approve: { admin: true, manager: true, workerOwn: "role", workerOther: "role" },
    reject: { admin: true, manager: true, workerOwn: "role", workerOther: "role" },
    close: { admin: "state", manager: "state", workerOwn: "state", workerOther: "state" },
    edit: { admin: true, manager: true, workerOwn: true, workerOther: "role" },
    delete: { admin: true, manager: "role", workerOwn: "role", workerOther: "role" },
  },
  approved: {
    approve: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    reject: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    close: { admin: true, manager: true, workerOwn: true, workerOther: true },
    edit: { admin: true, manager: true, workerOwn: "state", workerOther: "role" },
    delete: { admin: true, manager: "role", workerOwn: "role", workerOther: "role" },
  },
  rejected: {
    approve: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    reject: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    close: { admin: "state", manager: "state", workerOwn: "state", workerOther: "state" },
    edit: { admin: true, manager: true, workerOwn: "state", workerOther: "role" },
    delete: { admin: true, manager: "role", workerOwn: "role", workerOther: "role" },
  },
  closed: {
    approve: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    reject: { admin: "state", manager: "state", workerOwn: "role", workerOther: "role" },
    close: { admin: "state", manager: "state", workerOwn: "state", workerOther: "state" },
    edit: { admin: true, manager: true, workerOwn: "state", workerOther: "role" },
    delete: { admin: true, manager: "role", workerOwn: "role", workerOther: "role" },
  },
};

const cells = permitStatuses.flatMap((status) =>
  permitActions.flatMap((action) =>
    (Object.keys(actors) as Who[]).map((who) => [status, action, who, table[status][action][who]] as const),
  ),
);

describe("decidePermitAction", () => {
  it("has a cell for every state, action and role (4 x 5 x 4)", () => {
    expect(cells).toHaveLength(80);
  });

  it.each(cells)("%s permit, %s, %s -> %s", (status, action, who, expected) => {
    const decision = decidePermitAction(actors[who], action, { status, projectId: PROJECT, requestedBy: OWN_WORKER });
    if (expected === true) {
      expect(decision).toEqual({ allowed: true });
    } else {
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) {
        expect(decision.reason).toBe(expected);
        expect(decision.message.length).toBeGreaterThan(0);
      }
    }
    expect(canPermit(actors[who], action, { status, projectId: PROJECT, requestedBy: OWN_WORKER })).toBe(expected === true);
  });

  it("names both states when a transition is refused for the state", () => {
    const decision = decidePermitAction(actors.manager, "approve", { status: "closed", projectId: PROJECT, requestedBy: OWN_WORKER });
    expect(decision).toMatchObject({ allowed: false, reason: "state" });
    if (!decision.allowed) {
      expect(decision.message).toContain("closed");
      expect(decision.message).toContain("pending");
    }
    const close = decidePermitAction(actors.workerOwn, "close", { status: "pending", projectId: PROJECT, requestedBy: OWN_WORKER });
    if (!close.allowed) {
      expect(close.message).toContain("pending");
      expect(close.message).toContain("approved");
    }
  });

  it("refuses a worker without a worker profile, and a permit whose requester is gone", () => {
    const noProfile: Actor = { ...actors.workerOwn, workerId: null };
    expect(decidePermitAction(noProfile, "edit", { status: "pending", projectId: PROJECT, requestedBy: null })).toMatchObject({
      allowed: false,
      reason: "role",
    });
    expect(decidePermitAction(actors.workerOwn, "edit", { status: "pending", projectId: PROJECT, requestedBy: null })).toMatchObject({
      allowed: false,
      reason: "role",
    });
    // Staff still edit a permit whose requester was deleted.
    expect(decidePermitAction(actors.manager, "edit", { status: "pending", projectId: PROJECT, requestedBy: null })).toEqual({
      allowed: true,
    });
  });

  it("moves pending to approved or rejected, and approved to closed", () => {
    expect(permitTransitions).toEqual({
      approve: { from: "pending", to: "approved" },
      reject: { from: "pending", to: "rejected" },
      close: { from: "approved", to: "closed" },
    });
  });
});
