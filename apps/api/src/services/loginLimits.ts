import { type Database, loginLimits, sessions } from "@sitesafe/db";
import { AppError, LOGIN_ADDRESS_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS, TOO_MANY_LOGINS } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { Logger } from "../context.js";

/**
 * The failed-login limits (docs/security.md, finding 3): per account name, and per
 * client address at a much higher threshold so one crew's shared address is not locked out by one
 * person's typos. Every attempt is counted *before* its password is checked, each count by one
 * atomic statement, so parallel guesses cannot slip past a check that has not seen them yet. A
 * correct password takes its own count back and clears its account's failures, nothing else.
 */
export interface AdmittedLogin {
  /** The password was right: forget this account's failures and give back the address's count. */
  succeeded(): Promise<void>;
}

export async function admitLoginAttempt(db: Kysely<Database>, log: Logger, username: string, ip: string): Promise<AdmittedLogin> {
  await sweepStaleRows(db);
  const account = username.toLowerCase();
  if ((await loginLimits.countLoginAttempt(db, "account", account, LOGIN_FAILURE_WINDOW_MS)) > LOGIN_FAILURE_LIMIT) {
    log.warn({ event: "login_limited", limit: "account", username, ip }, "login limited");
    throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_LOGINS);
  }
  if ((await loginLimits.countLoginAttempt(db, "address", ip, LOGIN_FAILURE_WINDOW_MS)) > LOGIN_ADDRESS_FAILURE_LIMIT) {
    // Refused before any password was checked: this attempt is no failure of the account's.
    await loginLimits.uncountLoginAttempt(db, "account", account);
    log.warn({ event: "login_limited", limit: "address", username, ip }, "login limited");
    throw new AppError("TOO_MANY_REQUESTS", TOO_MANY_LOGINS);
  }
  return {
    async succeeded() {
      await loginLimits.clearLoginAttempts(db, "account", account);
      await loginLimits.uncountLoginAttempt(db, "address", ip);
    },
  };
}

/**
 * Passed login windows and expired sessions are swept at most every few minutes, from the login
 * path, so neither table grows without bound.
 */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
let lastSweep = 0;
async function sweepStaleRows(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  if (now - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = now;
  await loginLimits.pruneLoginLimits(db, new Date(now - LOGIN_FAILURE_WINDOW_MS));
  await sessions.deleteExpiredSessions(db, new Date(now));
}
