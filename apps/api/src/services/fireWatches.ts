import { audit, type Database, fireWatches, notifications, permits } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  conflict,
  decideFireWatchSignOff,
  displayName,
  dueFireWatchSteps,
  FIRE_WATCH_GRACE_MINUTES,
  type FireWatchStep,
  fireWatchPeriod,
  type fireWatchSignOffSchema,
  fireWatchState,
  fireWatchStepTimes,
  forbidden,
  isStaff,
  type NotificationKind,
  notFound,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { QueueDefinition } from "../jobs/queue.js";
import type { ServiceContext } from "./context.js";
import { type Delivery, notify } from "./notifications.js";

/**
 * The post-work fire watch (docs/notifications.md, packages/domain/src/fireWatch.ts). Closing a
 * permit that needs a fire watch starts one in the same transaction, tells the fire watch and the
 * requester, and queues a job for each later step (halfway, end, escalation). Each job asks the
 * domain which steps are due at its `now` and stamps each one as it is sent, under a row lock, so
 * a step is sent once whichever instance runs it and however late.
 */
export const FIRE_WATCH_QUEUE: QueueDefinition = { name: "fire-watch-step", retryLimit: 5, retryDelay: 30, expireInSeconds: 300 };

const STEP_KIND: Record<FireWatchStep, NotificationKind> = {
  start: "fireWatch.started",
  halfway: "fireWatch.halfway",
  end: "fireWatch.ended",
  escalate: "fireWatch.overdue",
};
const STEP_STAMP: Record<FireWatchStep, fireWatches.FireWatchStamp> = {
  start: "startRemindedAt",
  halfway: "halfwayRemindedAt",
  end: "endRemindedAt",
  escalate: "escalatedAt",
};

interface PermitPeople {
  requesterUserId: number | null;
  fireWatchUserId: number | null;
}

/** The requester's account and the account of the person named as fire watch (by name, among the project's people). */
export async function permitPeople(
  db: Kysely<Database>,
  permit: { requestedBy: number | null; projectId: number; fireWatchRequired: boolean; fireWatchBy: string | null },
): Promise<PermitPeople> {
  const requester = permit.requestedBy
    ? await db.selectFrom("workers").where("id", "=", permit.requestedBy).select("userId").executeTakeFirst()
    : undefined;
  const fireWatchUserId =
    permit.fireWatchRequired && permit.fireWatchBy ? await notifications.userNamed(db, permit.fireWatchBy, permit.projectId) : null;
  return { requesterUserId: requester?.userId ?? null, fireWatchUserId };
}

/**
 * Starts the watch of a permit being closed, inside the closing transaction: its period from the
 * site's setting, the start reminder, and one job for each later step. A permit whose watch the
 * end-time sweep already started keeps that one.
 */
export async function startFireWatch(
  trx: Kysely<Database>,
  delivery: Delivery | undefined,
  actor: Actor,
  permitId: number,
  now: Date,
): Promise<void> {
  const permit = await permits.findPermitDetail(trx, permitId);
  if (!permit?.fireWatchRequired) return;
  await beginWatch(trx, delivery, { actor, permitId, projectId: permit.projectId, startsAt: now, now, byEndTime: false });
}

/** Inserts the watch (once per permit), records it, sends the steps due and queues the later ones; whether it started. */
async function beginWatch(
  trx: Kysely<Database>,
  delivery: Delivery | undefined,
  watch: { actor: Actor | null; permitId: number; projectId: number; startsAt: Date; now: Date; byEndTime: boolean },
): Promise<boolean> {
  const { permitId, now } = watch;
  const minutes = (await fireWatches.siteFireWatchMinutes(trx, watch.projectId)) ?? 60;
  const period = fireWatchPeriod(watch.startsAt, minutes);
  if (!(await fireWatches.insertFireWatch(trx, { permitId, ...period, startedByEndTime: watch.byEndTime }))) return false;
  await audit.recordAudit(trx, {
    actor: watch.actor,
    entity: "permit",
    entityId: permitId,
    action: "fireWatchStarted",
    details: {
      endsAt: period.endsAt.toISOString(),
      minutes: Math.round((period.endsAt.getTime() - period.startsAt.getTime()) / 60_000),
      ...(watch.byEndTime ? { byEndTime: true } : {}),
    },
    at: now,
  });
  await runSteps(trx, delivery, permitId, now);
  const times = fireWatchStepTimes(period);
  for (const step of ["halfway", "end", "escalate"] as const) {
    await delivery?.jobs.send(FIRE_WATCH_QUEUE.name, { permitId }, { trx, startAfter: times[step] });
  }
  return true;
}

/**
 * The `permit-end-sweep` job, every minute: an approved permit that needs a fire watch and whose
 * end time has passed is hot work that ended, though nobody closed it, so its watch starts, timed
 * from the end time. Each permit in its own transaction; the watch's primary key makes it once,
 * whichever instance gets there first (or a close at the same moment). Only permits that ended in
 * the last END_SWEEP_LOOKBACK_HOURS: older ones were before this sweep existed or while the
 * server was down, and a watch hours late would only raise an alarm about the past.
 */
export const PERMIT_END_QUEUE: QueueDefinition = { name: "permit-end-sweep", retryLimit: 2, retryDelay: 30, expireInSeconds: 300 };
export const PERMIT_END_CRON = "* * * * *";
export const END_SWEEP_LOOKBACK_HOURS = 24;
const END_SWEEP_BATCH = 200;

export async function startDueFireWatches(db: Kysely<Database>, delivery: Delivery | undefined, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - END_SWEEP_LOOKBACK_HOURS * 3600_000);
  const due = await fireWatches.permitsPastEndWithoutWatch(db, since, now, END_SWEEP_BATCH);
  const started: number[] = [];
  for (const { id } of due) {
    const began = await db.transaction().execute(async (trx) => {
      // Locked and read again: it may have been closed or rejected since the list was read.
      const permit = await trx
        .selectFrom("hotWorkPermits")
        .where("id", "=", id)
        .select(["id", "projectId", "status", "fireWatchRequired", "endDate"])
        .forUpdate()
        .executeTakeFirst();
      if (permit?.status !== "approved" || !permit.fireWatchRequired || permit.endDate.getTime() > now.getTime()) return false;
      return beginWatch(trx, delivery, {
        actor: null,
        permitId: id,
        projectId: permit.projectId,
        startsAt: permit.endDate,
        now,
        byEndTime: true,
      });
    });
    if (began) started.push(id);
  }
  return started;
}

/** The job: every step due at `now` that has not been sent. */
export async function advanceFireWatch(
  db: Kysely<Database>,
  delivery: Delivery | undefined,
  permitId: number,
  now: Date,
): Promise<FireWatchStep[]> {
  return db.transaction().execute((trx) => runSteps(trx, delivery, permitId, now));
}

async function runSteps(trx: Kysely<Database>, delivery: Delivery | undefined, permitId: number, now: Date): Promise<FireWatchStep[]> {
  const watch = await fireWatches.lockFireWatch(trx, permitId);
  if (!watch) return [];
  const steps = dueFireWatchSteps(watch, now);
  if (steps.length === 0) return [];
  const permit = await permits.findPermitDetail(trx, permitId);
  if (!permit) return [];
  const people = await permitPeople(trx, permit);
  const watchers = await notifications.recipientsAmong(
    trx,
    [people.requesterUserId, people.fireWatchUserId].filter((id): id is number => id !== null),
  );
  const sent: FireWatchStep[] = [];
  for (const step of steps) {
    if (!(await fireWatches.stampFireWatch(trx, permitId, STEP_STAMP[step], now))) continue;
    const recipients = step === "escalate" ? await notifications.staffRecipients(trx) : watchers;
    await notify(trx, {
      kind: STEP_KIND[step],
      entity: "permit",
      entityId: permitId,
      projectId: permit.projectId,
      params: { title: permit.title, fireWatch: permit.fireWatchBy, endsAt: watch.endsAt.toISOString() },
      recipients,
      delivery,
      now,
    });
    if (step === "escalate") {
      await audit.recordAudit(trx, { actor: null, entity: "permit", entityId: permitId, action: "fireWatchOverdue", at: now });
    }
    sent.push(step);
  }
  return sent;
}

/** The watch as the permit page shows it: its times, its state at `now`, and who signed it off. */
export async function fireWatchOf(db: Kysely<Database>, permitId: number, now: Date) {
  const watch = await fireWatches.findFireWatch(db, permitId);
  if (!watch) return null;
  return {
    startsAt: watch.startsAt,
    endsAt: watch.endsAt,
    state: fireWatchState(watch, now),
    escalatedAt: watch.escalatedAt,
    signedOffAt: watch.signedOffAt,
    signedOffName: watch.signedOffName,
  };
}

/** "Area inspected, no smoke, no heat": by the fire watch, the requester or staff, once the watch has ended. */
export async function signOffFireWatch(ctx: ServiceContext, input: z.infer<typeof fireWatchSignOffSchema>) {
  const permit = await permits.findPermitDetail(ctx.db, input.id);
  if (!permit) throw notFound("Hot work permit");
  if (!isStaff(ctx.actor) && !ctx.actor.assignedProjectIds.includes(permit.projectId)) {
    throw forbidden("You can only view permits for projects you're assigned to");
  }
  const people = await permitPeople(ctx.db, permit);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const watch = await fireWatches.lockFireWatch(trx, input.id);
    if (!watch) throw new AppError("CONFLICT", "This permit has no fire watch to sign off");
    const decision = decideFireWatchSignOff(ctx.actor, people, watch, now);
    if (!decision.allowed) throw decision.reason === "role" ? forbidden(decision.message) : conflict(decision.message);
    await fireWatches.signOffFireWatch(trx, input.id, { userId: ctx.actor.userId, name: displayName(ctx.user) }, now);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "permit",
      entityId: input.id,
      action: "fireWatchSignedOff",
      details: {
        areaInspected: true,
        noSmoke: true,
        noHeat: true,
        late: now.getTime() > watch.endsAt.getTime() + FIRE_WATCH_GRACE_MINUTES * 60_000,
      },
      at: now,
    });
  });
}

/** Watches overdue on the projects the actor sees (the dashboard's card). */
export function overdueFireWatches(ctx: ServiceContext) {
  return fireWatches.overdueFireWatches(
    ctx.db,
    isStaff(ctx.actor) ? null : ctx.actor.assignedProjectIds,
    ctx.now(),
    FIRE_WATCH_GRACE_MINUTES,
  );
}

/** The site's fire-watch length; watches already running keep theirs. */
export async function setSiteFireWatchMinutes(ctx: ServiceContext, input: { id: number; minutes: number }) {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await fireWatches.setSiteFireWatchMinutes(trx, input.id, input.minutes))) throw notFound("Project");
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "project",
      entityId: input.id,
      action: "fireWatchMinutesSet",
      details: { minutes: input.minutes },
    });
  });
  return { id: input.id, fireWatchMinutes: input.minutes };
}
