import { describe, expect, it } from "vitest";
import {
  type CommentAction,
  type CommentStatus,
  canSeeComment,
  commentActions,
  commentStatuses,
  commentTransitions,
  decideCommentAction,
  matchesCommentFilter,
  statusesForFilter,
} from "./commentStateMachine.js";
import type { Actor } from "./roles.js";

const AUTHOR_ID = 10;
const actors = {
  admin: { userId: 1, role: "admin", workerId: null, position: null, assignedProjectIds: [] },
  manager: { userId: 2, role: "manager", workerId: 5, position: "Safety Manager", assignedProjectIds: [] },
  author: { userId: AUTHOR_ID, role: "worker", workerId: 7, position: "Carpenter", assignedProjectIds: [1] },
  otherWorker: { userId: 11, role: "worker", workerId: 8, position: "Carpenter", assignedProjectIds: [1] },
} satisfies Record<string, Actor>;
type Who = keyof typeof actors;

/** ok = allowed; role = 403; state = 409. Written out cell by cell from docs/product.md. */
type Cell = "ok" | "role" | "state";
const expected: Record<CommentAction, Record<Who, Record<CommentStatus, Cell>>> = {
  markInProgress: {
    admin: { open: "ok", in_progress: "state", resolved: "state", closed: "state" },
    manager: { open: "ok", in_progress: "state", resolved: "state", closed: "state" },
    author: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
    otherWorker: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
  },
  resolve: {
    admin: { open: "ok", in_progress: "ok", resolved: "state", closed: "state" },
    manager: { open: "ok", in_progress: "ok", resolved: "state", closed: "state" },
    author: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
    otherWorker: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
  },
  edit: {
    admin: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
    manager: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
    author: { open: "ok", in_progress: "ok", resolved: "state", closed: "state" },
    otherWorker: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
  },
  delete: {
    admin: { open: "ok", in_progress: "ok", resolved: "ok", closed: "ok" },
    manager: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
    author: { open: "ok", in_progress: "ok", resolved: "state", closed: "state" },
    otherWorker: { open: "role", in_progress: "role", resolved: "role", closed: "role" },
  },
};

const cells = commentActions.flatMap((action) =>
  (Object.keys(actors) as Who[]).flatMap((who) =>
    commentStatuses.map((status) => [action, who, status, expected[action][who][status]] as const),
  ),
);

describe("decideCommentAction", () => {
  it("covers every action x actor x state cell (4 x 4 x 4)", () => {
    expect(cells).toHaveLength(64);
  });

  it.each(cells)("%s by %s on a %s message -> %s", (action, who, status, cell) => {
    const decision = decideCommentAction(actors[who], action, { status, userId: AUTHOR_ID });
    if (cell === "ok") {
      expect(decision).toEqual({ allowed: true });
    } else {
      expect(decision.allowed).toBe(false);
      if (!decision.allowed) {
        expect(decision.reason).toBe(cell);
        expect(decision.message.length).toBeGreaterThan(0);
      }
    }
  });

  it("treats a message whose author was deleted (userId null) as nobody's", () => {
    const orphan = { status: "open" as const, userId: null };
    expect(decideCommentAction(actors.author, "edit", orphan).allowed).toBe(false);
    expect(decideCommentAction(actors.admin, "delete", orphan).allowed).toBe(true);
    expect(decideCommentAction(actors.manager, "resolve", orphan).allowed).toBe(true);
  });

  it("names the state in its refusal", () => {
    const d = decideCommentAction(actors.author, "edit", { status: "resolved", userId: AUTHOR_ID });
    expect(d).toEqual({ allowed: false, reason: "state", message: "Cannot edit a resolved message" });
  });
});

describe("transitions, visibility and filters", () => {
  it("starts each transition only where the state machine allows it", () => {
    for (const status of commentStatuses) {
      const manager = actors.manager;
      expect((commentTransitions.markInProgress.from as readonly string[]).includes(status)).toBe(
        decideCommentAction(manager, "markInProgress", { status, userId: AUTHOR_ID }).allowed,
      );
      expect((commentTransitions.resolve.from as readonly string[]).includes(status)).toBe(
        decideCommentAction(manager, "resolve", { status, userId: AUTHOR_ID }).allowed,
      );
    }
    expect(commentTransitions.markInProgress.to).toBe("in_progress");
    expect(commentTransitions.resolve.to).toBe("resolved");
  });

  it("lets staff see every message and a worker only their own", () => {
    expect(canSeeComment(actors.admin, { userId: AUTHOR_ID })).toBe(true);
    expect(canSeeComment(actors.manager, { userId: AUTHOR_ID })).toBe(true);
    expect(canSeeComment(actors.author, { userId: AUTHOR_ID })).toBe(true);
    expect(canSeeComment(actors.otherWorker, { userId: AUTHOR_ID })).toBe(false);
    expect(canSeeComment(actors.otherWorker, { userId: null })).toBe(false);
    expect(canSeeComment(null, { userId: AUTHOR_ID })).toBe(false);
  });

  it("puts open and in_progress under Open, resolved and closed under Resolved", () => {
    expect(statusesForFilter("open")).toEqual(["open", "in_progress"]);
    expect(statusesForFilter("resolved")).toEqual(["resolved", "closed"]);
    expect(statusesForFilter("all")).toEqual(["open", "in_progress", "resolved", "closed"]);
    expect(matchesCommentFilter("in_progress", "open")).toBe(true);
    expect(matchesCommentFilter("in_progress", "resolved")).toBe(false);
    expect(matchesCommentFilter("closed", "all")).toBe(true);
  });
});
