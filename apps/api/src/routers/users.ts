import { AppError, byIdSchema, canReadWorker, forbidden, idParam, notFound, pageQuerySchema, resetPasswordSchema, userListSchema } from "@sitesafe/domain";
import { audit, sessions, users, workers } from "@sitesafe/db";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.js";
import { adminProcedure, authedProcedure, remembered, router } from "../trpc.js";
import { answerList, answerPage } from "../lists.js";

export const usersRouter = router({
  list: adminProcedure.input(userListSchema.optional()).query(remembered(({ ctx, input }) => answerList(ctx, users.userList(ctx.db, input ?? {}), input?.limit))),

  /** The users screen's page, with the same search as the list. */
  page: adminProcedure.input(pageQuerySchema(userListSchema)).query(remembered(({ ctx, input }) => answerPage(users.userList(ctx.db, input)))),

  byId: adminProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    const user = await users.findUserById(ctx.db, input.id);
    if (!user) throw notFound("User");
    return user;
  })),

  delete: adminProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    if (input.id === ctx.user.id) throw new AppError("BAD_REQUEST", "You cannot delete your own account");
    await ctx.db.transaction().execute(async (trx) => {
      await users.lockUserForDelete(trx, input.id);
      const user = await users.findUserById(trx, input.id);
      if (!user) throw notFound("User");
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "user",
        entityId: input.id,
        action: "deleted",
        details: { username: user.username, role: user.role },
      });
      // Foreign keys take the worker profile, training and video records, assignments and sessions.
      await users.deleteUser(trx, input.id);
    });
    ctx.log.info({ event: "user_deleted", userId: input.id, by: ctx.user.id }, "user deleted");
    return { success: true };
  }),

  resetPassword: adminProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
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
  }),

  /** GET /api/workers/byUserId/:userId: staff, or the user themself. */
  workerByUserId: authedProcedure.input(z.object({ userId: idParam })).query(remembered(async ({ ctx, input }) => {
    const worker = await workers.findWorkerByUserId(ctx.db, input.userId);
    if (!worker) {
      if (input.userId !== ctx.user.id && ctx.actor.role === "worker") throw forbidden();
      throw notFound("Worker");
    }
    if (!canReadWorker(ctx.actor, worker.id)) throw forbidden();
    return worker;
  })),

  /** GET /api/worker-profile: the signed-in user's own worker profile, or null. */
  workerProfile: authedProcedure.query(remembered(async ({ ctx }) => (await workers.findWorkerByUserId(ctx.db, ctx.user.id)) ?? null)),
});
