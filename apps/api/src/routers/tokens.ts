import { byIdSchema, createServiceTokenSchema, idParam } from "@sitesafe/domain";
import { z } from "zod";
import { issueServiceToken, listServiceTokens, listServiceTokensOfUser, revokeServiceToken } from "../services/tokens.js";
import { adminProcedure, authedProcedure, router, sessionProcedure } from "../trpc.js";

const userTokenSchema = z.object({ id: idParam, tokenId: idParam });

/** Service tokens: everyone manages their own; admins see and revoke everyone's (User Management). */
export const tokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listServiceTokens(ctx.db, ctx.user.id)),

  /** A new token needs a password session: a token must not mint its own successor. */
  create: sessionProcedure.input(createServiceTokenSchema).mutation(({ ctx, input }) => issueServiceToken(ctx.db, ctx.actor, input)),

  revoke: authedProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await revokeServiceToken(ctx.db, ctx.actor, ctx.user.id, input.id);
    return { success: true };
  }),

  listForUser: adminProcedure.input(byIdSchema).query(({ ctx, input }) => listServiceTokensOfUser(ctx.db, input.id)),

  revokeForUser: adminProcedure.input(userTokenSchema).mutation(async ({ ctx, input }) => {
    await revokeServiceToken(ctx.db, ctx.actor, input.id, input.tokenId);
    return { success: true };
  }),
});
