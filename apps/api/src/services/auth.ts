import { audit, inviteTokens, sessions, users, workers } from "@sitesafe/db";
import {
  AppError,
  type changePasswordSchema,
  conflict,
  INVALID_LOGIN,
  type loginSchema,
  notFound,
  type registerSchema,
  type setLanguageSchema,
} from "@sitesafe/domain";
import type { z } from "zod";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/passwords.js";
import { createSession, hashInviteToken } from "../auth/sessions.js";
import type { Context } from "../context.js";
import type { ServiceContext } from "./context.js";
import { admitLoginAttempt } from "./loginLimits.js";

/**
 * Application rules of signing in and out: the failed-login limit, the same answer for an unknown
 * user and a wrong password, sign-up with an invite token used exactly once, and a changed
 * password ending every other session.
 */

/** Position given to a worker who signs up on their own; a manager can change it later. */
const SELF_REGISTERED_POSITION = "Worker";

export async function login(ctx: Context, input: z.infer<typeof loginSchema>) {
  const attempt = await admitLoginAttempt(ctx.db, ctx.log, input.username, ctx.ip);
  const user = await users.findUserForLogin(ctx.db, input.username);
  // Verify against a dummy hash when the user is unknown: same work, same time, same answer.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) {
    // The attempt stays counted as a failure, for the account and for the address.
    ctx.log.warn({ event: "login_failed", username: input.username, ip: ctx.ip }, "login failed");
    throw new AppError("UNAUTHORIZED", INVALID_LOGIN);
  }
  await attempt.succeeded();
  const session = await createSession(ctx.db, user.id);
  ctx.cookies.set(session.token, session.expiresAt);
  ctx.log.info({ event: "login", userId: user.id }, "signed in");
  const { passwordHash: _hidden, ...publicUser } = user;
  return publicUser;
}

export async function register(ctx: Context, input: z.infer<typeof registerSchema>) {
  // The invite token first: without a good one, an admin or manager sign-up learns nothing
  // about which usernames or e-mails are taken (docs/security.md, finding 7).
  const tokenHash = input.role === "worker" ? null : hashInviteToken(input.inviteToken ?? "");
  if (tokenHash) {
    const token = await inviteTokens.findInviteTokenByHash(ctx.db, tokenHash);
    if (!token) throw new AppError("BAD_REQUEST", "Invalid invite token");
    if (token.role !== input.role) throw new AppError("BAD_REQUEST", `This invite token is for the ${token.role} role`);
    if (token.usedAt) throw conflict("This invite token has already been used");
    if (token.expiresAt.getTime() <= Date.now()) throw conflict("This invite token has expired");
  }
  const taken = await users.takenIdentity(ctx.db, input.username, input.email);
  if (taken.username) throw conflict("Username already exists");
  if (taken.email) throw conflict("Email already exists");
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const created = await users.insertUser(trx, {
      username: input.username,
      email: input.email,
      passwordHash,
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    if (input.role === "worker") {
      await workers.insertWorkerProfile(trx, {
        userId: created.id,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: SELF_REGISTERED_POSITION,
        company: input.company ?? null,
        hardhatNumber: input.hardhatNumber ?? null,
      });
    } else if (tokenHash && (input.role === "admin" || input.role === "manager")) {
      // The conditional UPDATE is the real check: under concurrent use exactly one succeeds.
      const tokenId = await inviteTokens.consumeInviteToken(trx, tokenHash, input.role, created.id);
      if (tokenId === undefined) {
        // Lost a race, or the token expired since the check above: say which.
        const now = await inviteTokens.findInviteTokenByHash(trx, tokenHash);
        if (now && !now.usedAt && now.expiresAt.getTime() <= Date.now()) throw conflict("This invite token has expired");
        throw conflict("This invite token has already been used");
      }
      await audit.recordAudit(trx, {
        actor: { userId: created.id },
        entity: "inviteToken",
        entityId: tokenId,
        action: "used",
        from: "active",
        to: "used",
      });
    }
    return created;
  });
  const session = await createSession(ctx.db, user.id);
  ctx.cookies.set(session.token, session.expiresAt);
  ctx.log.info({ event: "register", userId: user.id, role: user.role }, "registered");
  return user;
}

export async function logout(ctx: Context) {
  if (ctx.session) await sessions.deleteSession(ctx.db, ctx.session.id);
  ctx.cookies.clear();
  if (ctx.actor) ctx.log.info({ event: "logout", userId: ctx.actor.userId }, "signed out");
  return { success: true };
}

export async function changePassword(
  ctx: ServiceContext & { session: NonNullable<Context["session"]> },
  input: z.infer<typeof changePasswordSchema>,
) {
  const currentHash = await users.findPasswordHash(ctx.db, ctx.user.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", "Current password is incorrect", [
      { path: "currentPassword", message: "Current password is incorrect" },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await users.updatePasswordHash(trx, ctx.user.id, passwordHash);
    // A changed password ends every other session: a stolen cookie stops working.
    await sessions.deleteUserSessions(trx, ctx.user.id, ctx.session.id);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "user", entityId: ctx.user.id, action: "password_changed" });
  });
  ctx.log.info({ event: "password_changed", userId: ctx.user.id }, "password changed");
  return { success: true };
}

/** The signed-in user's language ('en' or 'es'); answers follow it from the next request on (language.ts). */
export async function setLanguage(ctx: ServiceContext & { user: NonNullable<Context["user"]> }, input: z.infer<typeof setLanguageSchema>) {
  const user = await users.setUserLanguage(ctx.db, ctx.user.id, input.language);
  if (!user) throw notFound("User");
  ctx.log.info({ event: "language_changed", userId: user.id, language: user.language }, "language changed");
  return user;
}
