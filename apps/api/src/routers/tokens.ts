import { byIdSchema, createServiceTokenSchema, idParam } from "@sitesafe/domain";
import { z } from "zod";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import { issueServiceToken, listServiceTokens, listServiceTokensOfUser, revokeServiceToken } from "../services/tokens.js";
import { adminProcedure, adminSessionProcedure, authedProcedure, router, sessionProcedure } from "../trpc.js";

const userTokenSchema = z.object({ id: idParam, tokenId: idParam });

/** Service tokens: everyone manages their own; admins see and revoke everyone's (User Management). */
export const tokensRouter = router({
  list: authedProcedure
    .meta({ rest: get("/api/tokens"), output: out.list(out.serviceToken) })
    .query(({ ctx }) => listServiceTokens(ctx.db, ctx.user.id)),

  /** Creating and revoking need a password session: a token must not mint its own successor, nor revoke the owner's other tokens. */
  create: sessionProcedure
    .meta({ rest: post("/api/tokens"), output: out.tokensCreate })
    .input(createServiceTokenSchema)
    .mutation(({ ctx, input }) => issueServiceToken(ctx.db, ctx.actor, input)),

  revoke: sessionProcedure
    .meta({ rest: del("/api/tokens/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeServiceToken(ctx.db, ctx.actor, ctx.user.id, input.id);
      return { success: true };
    }),

  listForUser: adminProcedure
    .meta({ rest: get("/api/users/:id/tokens"), output: out.list(out.serviceToken) })
    .input(byIdSchema)
    .query(({ ctx, input }) => listServiceTokensOfUser(ctx.db, input.id)),

  revokeForUser: adminSessionProcedure
    .meta({ rest: del("/api/users/:id/tokens/:tokenId"), output: out.success })
    .input(userTokenSchema)
    .mutation(async ({ ctx, input }) => {
      await revokeServiceToken(ctx.db, ctx.actor, input.id, input.tokenId);
      return { success: true };
    }),
});
