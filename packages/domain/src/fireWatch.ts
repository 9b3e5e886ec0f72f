import { type Actor, isStaff } from "./roles.js";

/**
 * The post-work fire watch of a hot work permit (docs/notifications.md). When a permit that needs a
 * fire watch is closed, a watch starts: NFPA 51B (2019) 5.6.1.1 asks for at least 60 minutes after
 * hot work ends, OSHA 1910.252(a)(2)(iii) for at least 30. Each site (project) sets its length,
 * never below 30 minutes. The fire watch signs it off once it has ended; 15 minutes after the end
 * without a sign-off it is overdue and the project's managers are told.
 */
export const DEFAULT_FIRE_WATCH_MINUTES = 60;
export const MIN_FIRE_WATCH_MINUTES = 30;
export const MAX_FIRE_WATCH_MINUTES = 720;
export const FIRE_WATCH_GRACE_MINUTES = 15;

export const fireWatchStates = ["running", "awaitingSignOff", "overdue", "signedOff"] as const;
export type FireWatchState = (typeof fireWatchStates)[number];

export interface FireWatchFacts {
  startsAt: Date;
  endsAt: Date;
  startRemindedAt: Date | null;
  halfwayRemindedAt: Date | null;
  endRemindedAt: Date | null;
  escalatedAt: Date | null;
  signedOffAt: Date | null;
}

const MINUTE = 60_000;

/** The period of a watch that starts at `start` at a site whose setting is `minutes`. */
export function fireWatchPeriod(start: Date, minutes: number): { startsAt: Date; endsAt: Date } {
  const length = Math.max(MIN_FIRE_WATCH_MINUTES, Math.min(MAX_FIRE_WATCH_MINUTES, Math.round(minutes)));
  return { startsAt: start, endsAt: new Date(start.getTime() + length * MINUTE) };
}

export const halfwayOf = (watch: Pick<FireWatchFacts, "startsAt" | "endsAt">): Date =>
  new Date((watch.startsAt.getTime() + watch.endsAt.getTime()) / 2);
export const overdueAt = (watch: Pick<FireWatchFacts, "endsAt">): Date =>
  new Date(watch.endsAt.getTime() + FIRE_WATCH_GRACE_MINUTES * MINUTE);

/** Where the watch stands at `now`. */
export function fireWatchState(watch: FireWatchFacts, now: Date): FireWatchState {
  if (watch.signedOffAt) return "signedOff";
  if (now < watch.endsAt) return "running";
  if (now < overdueAt(watch)) return "awaitingSignOff";
  return "overdue";
}

export type FireWatchStep = "start" | "halfway" | "end" | "escalate";

/**
 * The reminders due at `now` that have not been sent: start, halfway and end to the fire watch and
 * the requester, then the escalation to managers. A signed-off watch has none left; a late run sends
 * what it missed, in order, once each (the stamps).
 */
export function dueFireWatchSteps(watch: FireWatchFacts, now: Date): FireWatchStep[] {
  if (watch.signedOffAt) return [];
  const steps: FireWatchStep[] = [];
  if (!watch.startRemindedAt && now >= watch.startsAt) steps.push("start");
  if (!watch.halfwayRemindedAt && now >= halfwayOf(watch) && now < watch.endsAt) steps.push("halfway");
  if (!watch.endRemindedAt && now >= watch.endsAt) steps.push("end");
  if (!watch.escalatedAt && now >= overdueAt(watch)) steps.push("escalate");
  return steps;
}

/** The times at which a watch has something to do (jobs are queued for each). */
export function fireWatchStepTimes(watch: Pick<FireWatchFacts, "startsAt" | "endsAt">): Record<Exclude<FireWatchStep, "start">, Date> {
  return { halfway: halfwayOf(watch), end: watch.endsAt, escalate: overdueAt(watch) };
}

export interface FireWatchPeople {
  /** The requester's user id. */
  requesterUserId: number | null;
  /** The user named as fire watch on the permit, when the name is one of the project's people. */
  fireWatchUserId: number | null;
}

export type FireWatchDecision = { allowed: true } | { allowed: false; reason: "role" | "state"; message: string };

/**
 * Who signs a watch off: the named fire watch, the requester, or staff; and only once it has ended
 * (signing off a watch that is still running would cut it short).
 */
export function decideFireWatchSignOff(actor: Actor, people: FireWatchPeople, watch: FireWatchFacts, now: Date): FireWatchDecision {
  if (!maySignOffFireWatch(actor, people))
    return { allowed: false, reason: "role", message: "Only the fire watch, the requester or a manager can sign off the fire watch" };
  const state = fireWatchState(watch, now);
  if (state === "signedOff") return { allowed: false, reason: "state", message: "This fire watch is already signed off" };
  if (state === "running") return { allowed: false, reason: "state", message: "The fire watch is still running; sign it off when it ends" };
  return { allowed: true };
}

/** Whether the actor is one of those who sign a watch off, whatever its state (the web shows the controls by it). */
export function maySignOffFireWatch(actor: Actor, people: FireWatchPeople): boolean {
  return isStaff(actor) || actor.userId === people.fireWatchUserId || actor.userId === people.requesterUserId;
}
