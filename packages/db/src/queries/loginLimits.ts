import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/**
 * Failed-login counters (migration 0006, docs/security.md). A login attempt is counted before the
 * password is checked, by one statement that PostgreSQL runs under the counter row's lock, so
 * parallel guesses each see their own number; a correct password then takes its count back.
 */
export type LoginLimitScope = "account" | "address";

/**
 * Counts one attempt against `key` and answers the count in the current window, this one
 * included. A window that has passed starts over at 1.
 */
export async function countLoginAttempt(db: Kysely<Database>, scope: LoginLimitScope, key: string, windowMs: number): Promise<number> {
  const expired = sql<boolean>`login_limits.window_started_at <= now() - ${windowMs} * interval '1 millisecond'`;
  const row = await db
    .insertInto("loginLimits")
    .values({ scope, key, failures: 1 })
    .onConflict((oc) =>
      oc.columns(["scope", "key"]).doUpdateSet({
        failures: sql`case when ${expired} then 1 else login_limits.failures + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else login_limits.window_started_at end`,
      }),
    )
    .returning("failures")
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Takes back one counted attempt (it was not a failure): never below zero. */
export async function uncountLoginAttempt(db: Kysely<Database>, scope: LoginLimitScope, key: string): Promise<void> {
  await db
    .updateTable("loginLimits")
    .set({ failures: sql`greatest(failures - 1, 0)` })
    .where("scope", "=", scope)
    .where("key", "=", key)
    .execute();
}

/** Forgets an account's failures: its owner just proved the password. */
export async function clearLoginAttempts(db: Kysely<Database>, scope: LoginLimitScope, key: string): Promise<void> {
  await db.deleteFrom("loginLimits").where("scope", "=", scope).where("key", "=", key).execute();
}

/** Deletes counters whose window started before `before` (they would start over anyway). */
export async function pruneLoginLimits(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("loginLimits").where("windowStartedAt", "<", before).execute();
}
