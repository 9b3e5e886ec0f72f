import { users } from "@sitesafe/db";
import { byIdSchema, idParam, pageQuerySchema, resetPasswordSchema, userListSchema } from "@sitesafe/domain";
import { z } from "zod";
import { answerList, answerPage } from "../lists.js";
import * as service from "../services/users.js";
import { adminProcedure, adminSessionProcedure, authedProcedure, router } from "../trpc.js";

/** Procedures of user management: each its input schema, its permission, one call to services/users.ts. */
export const usersRouter = router({
  list: adminProcedure
    .input(userListSchema.optional())
    .query(({ ctx, input }) => answerList(ctx, users.userList(ctx.db, input ?? {}), input?.limit)),

  /** The users screen's page, with the same search as the list. */
  page: adminProcedure.input(pageQuerySchema(userListSchema)).query(({ ctx, input }) => answerPage(ctx, users.userList(ctx.db, input))),

  byId: adminProcedure.input(byIdSchema).query(({ ctx, input }) => service.findUser(ctx, input.id)),

  delete: adminProcedure.input(byIdSchema).mutation(({ ctx, input }) => service.deleteUser(ctx, input.id)),

  resetPassword: adminSessionProcedure.input(resetPasswordSchema).mutation(({ ctx, input }) => service.resetPassword(ctx, input)),

  /** GET /api/workers/byUserId/:userId: staff, or the user themself. */
  workerByUserId: authedProcedure.input(z.object({ userId: idParam })).query(({ ctx, input }) => service.workerByUserId(ctx, input.userId)),

  /** GET /api/worker-profile: the signed-in user's own worker profile, or null. */
  workerProfile: authedProcedure.query(({ ctx }) => service.ownWorkerProfile(ctx)),
});
