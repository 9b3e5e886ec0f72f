import type { Kysely } from "kysely";
import type { Database } from "../types.js";

export interface FireWatchRow {
  permitId: number;
  startsAt: Date;
  endsAt: Date;
  startRemindedAt: Date | null;
  halfwayRemindedAt: Date | null;
  endRemindedAt: Date | null;
  escalatedAt: Date | null;
  signedOffAt: Date | null;
  signedOffBy: number | null;
  signedOffName: string | null;
}

export async function siteFireWatchMinutes(db: Kysely<Database>, projectId: number): Promise<number | null> {
  const row = await db.selectFrom("projects").where("id", "=", projectId).select("fireWatchMinutes").executeTakeFirst();
  return row?.fireWatchMinutes ?? null;
}

export async function setSiteFireWatchMinutes(db: Kysely<Database>, projectId: number, minutes: number): Promise<boolean> {
  const result = await db.updateTable("projects").set({ fireWatchMinutes: minutes }).where("id", "=", projectId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts the permit's watch unless it has one (one watch per permit: the primary key); whether this
 * call started it. Two instances, or a close racing the end-time sweep, start it once.
 */
export async function insertFireWatch(
  trx: Kysely<Database>,
  watch: { permitId: number; startsAt: Date; endsAt: Date; startedByEndTime?: boolean },
): Promise<boolean> {
  const row = await trx
    .insertInto("fireWatches")
    .values(watch)
    .onConflict((oc) => oc.column("permitId").doNothing())
    .returning("permitId")
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Approved permits that need a fire watch, whose end time passed between `since` and `now`, and that
 * have no watch yet: hot work is over though nobody closed them (the `permit-end-sweep` job). At most
 * `limit`, oldest end first.
 */
export function permitsPastEndWithoutWatch(db: Kysely<Database>, since: Date, now: Date, limit: number): Promise<{ id: number }[]> {
  return db
    .selectFrom("hotWorkPermits as p")
    .where("p.status", "=", "approved")
    .where("p.fireWatchRequired", "=", true)
    .where("p.endDate", "<=", now)
    .where("p.endDate", ">", since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("fireWatches as w").whereRef("w.permitId", "=", "p.id").select("w.permitId"))))
    .select("p.id")
    .orderBy("p.endDate", "asc")
    .limit(limit)
    .execute();
}

export function findFireWatch(db: Kysely<Database>, permitId: number): Promise<FireWatchRow | undefined> {
  return db.selectFrom("fireWatches").where("permitId", "=", permitId).selectAll().executeTakeFirst();
}

/** The watch, locked until the transaction ends (a reminder or sign-off decided on what it holds). */
export function lockFireWatch(trx: Kysely<Database>, permitId: number): Promise<FireWatchRow | undefined> {
  return trx.selectFrom("fireWatches").where("permitId", "=", permitId).selectAll().forUpdate().executeTakeFirst();
}

export type FireWatchStamp = "startRemindedAt" | "halfwayRemindedAt" | "endRemindedAt" | "escalatedAt";

export async function stampFireWatch(trx: Kysely<Database>, permitId: number, stamp: FireWatchStamp, now: Date): Promise<boolean> {
  const result = await trx
    .updateTable("fireWatches")
    .set({ [stamp]: now })
    .where("permitId", "=", permitId)
    .where(stamp, "is", null)
    .where("signedOffAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function signOffFireWatch(
  trx: Kysely<Database>,
  permitId: number,
  by: { userId: number; name: string },
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable("fireWatches")
    .set({ signedOffAt: now, signedOffBy: by.userId, signedOffName: by.name })
    .where("permitId", "=", permitId)
    .where("signedOffAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface OverdueFireWatch {
  permitId: number;
  title: string;
  projectId: number;
  projectName: string;
  fireWatchBy: string | null;
  endsAt: Date;
}

/** Watches not signed off `graceMinutes` after their end, of the projects in `projectIds` (null: all). */
export function overdueFireWatches(
  db: Kysely<Database>,
  projectIds: readonly number[] | null,
  now: Date,
  graceMinutes: number,
): Promise<OverdueFireWatch[]> {
  const cutoff = new Date(now.getTime() - graceMinutes * 60_000);
  return db
    .selectFrom("fireWatches")
    .innerJoin("hotWorkPermits", "hotWorkPermits.id", "fireWatches.permitId")
    .innerJoin("projects", "projects.id", "hotWorkPermits.projectId")
    .where("fireWatches.signedOffAt", "is", null)
    .where("fireWatches.endsAt", "<=", cutoff)
    .$if(projectIds !== null, (q) =>
      (projectIds as readonly number[]).length === 0
        ? q.where((eb) => eb.val(false))
        : q.where("hotWorkPermits.projectId", "in", projectIds as readonly number[]),
    )
    .select([
      "fireWatches.permitId",
      "hotWorkPermits.title",
      "hotWorkPermits.projectId",
      "projects.name as projectName",
      "hotWorkPermits.fireWatchBy",
      "fireWatches.endsAt",
    ])
    .orderBy("fireWatches.endsAt")
    .limit(50)
    .execute();
}
