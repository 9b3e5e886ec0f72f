import { audit, sessions, users, workers } from "@sitesafe/db";
import { AppError, canReadWorker, forbidden, notFound, type resetPasswordSchema } from "@sitesafe/domain";
import type { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import type { ServiceContext } from "./context.js";

/** Application rules of user management (admins): deleting an account, resetting a password, and who reads a user's worker profile. */

export async function findUser(ctx: ServiceContext, id: number) {
  const user = await users.findUserById(ctx.db, id);
  if (!user) throw notFound("User");
  return user;
}

export async function deleteUser(ctx: ServiceContext, id: number) {
  if (id === ctx.user.id) throw new AppError("BAD_REQUEST", "You cannot delete your own account");
  await ctx.db.transaction().execute(async (trx) => {
    await users.lockUserForDelete(trx, id);
    const user = await users.findUserById(trx, id);
    if (!user) throw notFound("User");
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "user",
      entityId: id,
      action: "deleted",
      details: { username: user.username, role: user.role },
    });
    // Foreign keys take the worker profile, training and video records, assignments and sessions.
    await users.deleteUser(trx, id);
  });
  ctx.log.info({ event: "user_deleted", userId: id, by: ctx.user.id }, "user deleted");
  return { success: true };
}

export async function resetPassword(ctx: ServiceContext, input: z.infer<typeof resetPasswordSchema>) {
  const target = await users.findUserById(ctx.db, input.userId);
  if (!target) throw notFound("User");
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await users.updatePasswordHash(trx, input.userId, passwordHash);
    await sessions.deleteUserSessions(trx, input.userId, input.userId === ctx.user.id ? ctx.session?.id : undefined);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "user", entityId: input.userId, action: "password_reset" });
  });
  ctx.log.info({ event: "password_reset", userId: input.userId, by: ctx.user.id }, "password reset");
  return { success: true };
}

/** Staff, or the user themself. */
export async function workerByUserId(ctx: ServiceContext, userId: number) {
  const worker = await workers.findWorkerByUserId(ctx.db, userId);
  if (!worker) {
    if (userId !== ctx.user.id && ctx.actor.role === "worker") throw forbidden();
    throw notFound("Worker");
  }
  if (!canReadWorker(ctx.actor, worker.id)) throw forbidden();
  return worker;
}

/** The signed-in user's own worker profile, or null. */
export async function ownWorkerProfile(ctx: ServiceContext) {
  return (await workers.findWorkerByUserId(ctx.db, ctx.user.id)) ?? null;
}
