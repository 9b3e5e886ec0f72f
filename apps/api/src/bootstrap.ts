import { audit, type Database, inviteTokens, users, withStartupLock } from "@sitesafe/db";
import { defaultInviteExpiry } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import { hashPassword } from "./auth/passwords.js";
import { hashInviteToken, newInviteToken } from "./auth/sessions.js";
import type { Config } from "./config.js";
import type { Logger } from "./context.js";
import { seedDemo } from "./seed/demo.js";

/**
 * What a migrated database gets on start, and again when it comes back empty while the server
 * runs (databaseRecovery.ts): the admin bootstrap and, when asked for, the demo data. Under the
 * start-up lock, so two instances doing it together create one admin, not two.
 */
export async function bootstrapDatabase(db: Kysely<Database>, config: Config, log: Logger): Promise<void> {
  await withStartupLock(db, async (conn) => {
    await ensureAdmin(conn, config, log);
    if (config.seedDemo) await seedDemo(conn, log);
  });
}

/**
 * A fresh install can always be claimed: with ADMIN_* set, that admin is created; otherwise a
 * one-time admin invite token is printed to the log, to be used on the Register tab.
 */
export async function ensureAdmin(db: Kysely<Database>, config: Config, log: Logger): Promise<void> {
  if (await users.adminExists(db)) return;
  if (config.admin) {
    const passwordHash = await hashPassword(config.admin.password);
    const admin = await users.insertUser(db, {
      username: config.admin.username,
      email: config.admin.email,
      passwordHash,
      role: "admin",
      firstName: "Site",
      lastName: "Admin",
    });
    log.info({ event: "admin_created", userId: admin.id, username: admin.username }, `created admin "${admin.username}"`);
    return;
  }
  const token = newInviteToken();
  // The token and its audit event are written together or not at all.
  await db.transaction().execute(async (trx) => {
    const created = await inviteTokens.insertInviteToken(trx, {
      tokenHash: hashInviteToken(token),
      tokenPreview: `${token.slice(0, 8)}...`,
      role: "admin",
      expiresAt: defaultInviteExpiry(),
      createdBy: null,
    });
    await audit.recordAudit(trx, {
      actor: null,
      entity: "inviteToken",
      entityId: created.id,
      action: "created",
      to: "active",
      details: { role: "admin", bootstrap: true },
    });
  });
  log.info(
    { event: "admin_invite_token", inviteToken: token },
    `No admin exists yet. Register at /auth with role admin and this one-time invite token: ${token}`,
  );
}
