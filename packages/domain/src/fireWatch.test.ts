import { describe, expect, it } from "vitest";
import {
  decideFireWatchSignOff,
  dueFireWatchSteps,
  type FireWatchFacts,
  fireWatchPeriod,
  fireWatchState,
  fireWatchStepTimes,
} from "./fireWatch.js";
import { fireWatchSignOffSchema } from "./fireWatchSchemas.js";
import { canReadNotification } from "./notifications.js";
import type { Actor } from "./roles.js";

const t = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 16, minutes));
const fresh = (minutes = 60): FireWatchFacts => ({
  ...fireWatchPeriod(t(0), minutes),
  startRemindedAt: null,
  halfwayRemindedAt: null,
  endRemindedAt: null,
  escalatedAt: null,
  signedOffAt: null,
});
const worker = (userId: number, projects: number[] = [1]): Actor => ({
  userId,
  role: "worker",
  workerId: userId + 100,
  position: null,
  assignedProjectIds: projects,
});
const manager: Actor = { userId: 9, role: "manager", workerId: null, position: null, assignedProjectIds: [] };

describe("the fire-watch period", () => {
  it("lasts the site's minutes, never below 30 (OSHA) nor above 720", () => {
    expect(fireWatchPeriod(t(0), 60).endsAt).toEqual(t(60));
    expect(fireWatchPeriod(t(0), 10).endsAt).toEqual(t(30));
    expect(fireWatchPeriod(t(0), 5000).endsAt).toEqual(t(720));
  });

  it("has its halfway, end and escalation 15 minutes after the end", () => {
    expect(fireWatchStepTimes(fresh())).toEqual({ halfway: t(30), end: t(60), escalate: t(75) });
    expect(fireWatchStepTimes(fresh(45))).toEqual({ halfway: new Date(t(22).getTime() + 30_000), end: t(45), escalate: t(60) });
  });
});

describe("the fire-watch state machine", () => {
  it("runs, awaits its sign-off, then is overdue; a sign-off ends it whenever it comes", () => {
    const watch = fresh();
    expect(fireWatchState(watch, t(0))).toBe("running");
    expect(fireWatchState(watch, t(59))).toBe("running");
    expect(fireWatchState(watch, t(60))).toBe("awaitingSignOff");
    expect(fireWatchState(watch, t(74))).toBe("awaitingSignOff");
    expect(fireWatchState(watch, t(75))).toBe("overdue");
    expect(fireWatchState({ ...watch, signedOffAt: t(90) }, t(75))).toBe("signedOff");
  });

  it("sends each reminder once, in order, and a late run sends what it missed", () => {
    const watch = fresh();
    expect(dueFireWatchSteps(watch, t(0))).toEqual(["start"]);
    const started = { ...watch, startRemindedAt: t(0) };
    expect(dueFireWatchSteps(started, t(29))).toEqual([]);
    expect(dueFireWatchSteps(started, t(30))).toEqual(["halfway"]);
    // Past the end, the halfway reminder is no longer worth sending.
    expect(dueFireWatchSteps(started, t(61))).toEqual(["end"]);
    expect(dueFireWatchSteps(started, t(80))).toEqual(["end", "escalate"]);
    expect(dueFireWatchSteps({ ...started, endRemindedAt: t(60), escalatedAt: t(75) }, t(300))).toEqual([]);
    expect(dueFireWatchSteps({ ...watch, signedOffAt: t(61) }, t(80))).toEqual([]);
  });
});

describe("signing off", () => {
  const people = { requesterUserId: 1, fireWatchUserId: 2 };

  it("is for the fire watch, the requester or staff", () => {
    const ended = fresh();
    expect(decideFireWatchSignOff(worker(2), people, ended, t(61))).toEqual({ allowed: true });
    expect(decideFireWatchSignOff(worker(1), people, ended, t(61))).toEqual({ allowed: true });
    expect(decideFireWatchSignOff(manager, people, ended, t(61))).toEqual({ allowed: true });
    expect(decideFireWatchSignOff(worker(3), people, ended, t(61))).toMatchObject({ allowed: false, reason: "role" });
  });

  it("waits for the end, and happens once", () => {
    expect(decideFireWatchSignOff(worker(2), people, fresh(), t(59))).toMatchObject({
      allowed: false,
      reason: "state",
      message: "The fire watch is still running; sign it off when it ends",
    });
    expect(decideFireWatchSignOff(worker(2), people, { ...fresh(), signedOffAt: t(62) }, t(63))).toMatchObject({
      allowed: false,
      message: "This fire watch is already signed off",
    });
    expect(decideFireWatchSignOff(worker(2), people, fresh(), t(200)).allowed).toBe(true);
  });

  it("confirms the area inspected, no smoke and no heat", () => {
    expect(fireWatchSignOffSchema.safeParse({ id: 1, areaInspected: true, noSmoke: true, noHeat: true }).success).toBe(true);
    const result = fireWatchSignOffSchema.safeParse({ id: 1, areaInspected: true, noSmoke: false, noHeat: true });
    expect(result.error?.issues[0]?.message).toBe("Confirm that there is no smoke");
  });
});

describe("reading a notification", () => {
  it("follows the project: a worker moved off it no longer reads it; staff always do", () => {
    expect(canReadNotification(worker(1, [1]), { projectId: 1 })).toBe(true);
    expect(canReadNotification(worker(1, [2]), { projectId: 1 })).toBe(false);
    expect(canReadNotification(manager, { projectId: 1 })).toBe(true);
    expect(canReadNotification(worker(1, []), { projectId: null })).toBe(true);
    expect(canReadNotification(null, { projectId: null })).toBe(false);
  });
});
