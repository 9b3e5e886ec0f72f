import type { Kysely } from "kysely";
import type { Database } from "../types.js";

/** Web Push (migration 0025): the server's VAPID keys and each user's browser subscriptions. */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function findVapidKeys(db: Kysely<Database>): Promise<VapidKeys | undefined> {
  return db.selectFrom("pushVapidKeys").where("id", "=", 1).select(["publicKey", "privateKey"]).executeTakeFirst();
}

/** Keeps `keys` unless a pair exists already; the pair kept (two instances starting at once agree). */
export async function saveVapidKeys(db: Kysely<Database>, keys: VapidKeys): Promise<VapidKeys> {
  await db
    .insertInto("pushVapidKeys")
    .values({ id: 1, ...keys })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  const kept = await findVapidKeys(db);
  if (!kept) throw new Error("VAPID keys were not saved");
  return kept;
}

export interface PushSubscriptionRow {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves the browser's subscription for `userId` and drops the user's oldest beyond `max`; answers
 * its id, or undefined when the endpoint is another user's with other keys (see below). An endpoint
 * already known is updated when it is this user's, and moves to this user when the keys are the
 * ones stored: the same browser, now signed in as someone else, re-sends its one subscription with
 * its own keys. The endpoint alone is not proof: with it and keys of their own, anyone could take
 * another person's device and silence it. Run it in a transaction.
 */
export async function saveSubscription(
  trx: Kysely<Database>,
  sub: { userId: number; endpoint: string; p256dh: string; auth: string; now: Date },
  max: number,
): Promise<number | undefined> {
  const row = await trx
    .insertInto("pushSubscriptions")
    .values({ userId: sub.userId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, createdAt: sub.now })
    .onConflict((oc) =>
      oc
        .column("endpoint")
        .doUpdateSet({ userId: sub.userId, p256dh: sub.p256dh, auth: sub.auth, createdAt: sub.now })
        .where((eb) =>
          eb.or([
            eb("pushSubscriptions.userId", "=", sub.userId),
            eb.and([eb("pushSubscriptions.p256dh", "=", sub.p256dh), eb("pushSubscriptions.auth", "=", sub.auth)]),
          ]),
        ),
    )
    .returning("id")
    .executeTakeFirst();
  if (!row) return undefined;
  const keep = await trx
    .selectFrom("pushSubscriptions")
    .where("userId", "=", sub.userId)
    .select("id")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(max)
    .execute();
  await trx
    .deleteFrom("pushSubscriptions")
    .where("userId", "=", sub.userId)
    .where(
      "id",
      "not in",
      keep.map((k) => k.id),
    )
    .execute();
  return row.id;
}

/** Removes the user's subscription of this endpoint; whether there was one. */
export async function deleteSubscription(db: Kysely<Database>, userId: number, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom("pushSubscriptions").where("userId", "=", userId).where("endpoint", "=", endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes a subscription the push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("pushSubscriptions").where("id", "=", id).execute();
}

export function findSubscription(db: Kysely<Database>, id: number): Promise<PushSubscriptionRow | undefined> {
  return db.selectFrom("pushSubscriptions").where("id", "=", id).select(["id", "userId", "endpoint", "p256dh", "auth"]).executeTakeFirst();
}

/** The ids of the subscriptions of each of `userIds`. */
export function subscriptionsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<{ id: number; userId: number }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("pushSubscriptions").where("userId", "in", userIds).select(["id", "userId"]).orderBy("id").execute();
}

/** How many devices the user has subscribed. */
export async function subscriptionCount(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("pushSubscriptions")
    .where("userId", "=", userId)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
