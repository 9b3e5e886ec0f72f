import { users } from "@sitesafe/db";
import { byIdSchema, idParam, pageQuerySchema, resetPasswordSchema, userListSchema } from "@sitesafe/domain";
import { z } from "zod";
import { answerList, answerPage } from "../lists.js";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import * as service from "../services/users.js";
import { adminProcedure, adminSessionProcedure, authedProcedure, router } from "../trpc.js";

/** Procedures of user management: each its input schema, its permission, one call to services/users.ts. */
export const usersRouter = router({
  list: adminProcedure
    .meta({ rest: get("/api/users"), output: out.list(out.user) })
    .input(userListSchema.optional())
    .query(({ ctx, input }) => answerList(ctx, users.userList(ctx.db, input ?? {}), input?.limit)),

  /** The users screen's page, with the same search as the list. */
  page: adminProcedure.input(pageQuerySchema(userListSchema)).query(({ ctx, input }) => answerPage(ctx, users.userList(ctx.db, input))),

  byId: adminProcedure
    .meta({ rest: get("/api/users/:id"), output: out.user })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.findUser(ctx, input.id)),

  delete: adminProcedure
    .meta({ rest: del("/api/users/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteUser(ctx, input.id)),

  resetPassword: adminSessionProcedure
    .meta({ rest: post("/api/reset-password", { status: 200 }), output: out.success })
    .input(resetPasswordSchema)
    .mutation(({ ctx, input }) => service.resetPassword(ctx, input)),

  /** GET /api/workers/byUserId/:userId: staff, or the user themself. */
  workerByUserId: authedProcedure
    .meta({ rest: get("/api/workers/byUserId/:userId"), output: out.workerProfile })
    .input(z.object({ userId: idParam }))
    .query(({ ctx, input }) => service.workerByUserId(ctx, input.userId)),

  /** GET /api/worker-profile: the signed-in user's own worker profile, or null. */
  workerProfile: authedProcedure
    .meta({ rest: get("/api/worker-profile"), output: out.workerProfile.nullable() })
    .query(({ ctx }) => service.ownWorkerProfile(ctx)),
});
