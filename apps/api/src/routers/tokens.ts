import { byIdSchema, createServiceTokenSchema, idParam } from "@sitesafe/domain";
import { z } from "zod";
import { issueServiceToken, listServiceTokens, listServiceTokensOfUser, revokeServiceToken } from "../services/tokens.js";
import { adminProcedure, adminSessionProcedure, authedProcedure, router, sessionProcedure } from "../trpc.js";

const userTokenSchema = z.object({ id: idParam, tokenId: idParam });

/** Service tokens: everyone manages their own; admins see and revoke everyone's (User Management). */
export const tokensRouter = router({
  list: authedProcedure.query(({ ctx }) => listServiceTokens(ctx.db, ctx.user.id)),

  /** Creating and revoking need a password session: a token must not mint its own successor, nor revoke the owner's other tokens. */
  create: sessionProcedure.input(createServiceTokenSchema).mutation(({ ctx, input }) => issueServiceToken(ctx.db, ctx.actor, input)),

  revoke: sessionProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await revokeServiceToken(ctx.db, ctx.actor, ctx.user.id, input.id);
    return { success: true };
  }),

  listForUser: adminProcedure.input(byIdSchema).query(({ ctx, input }) => listServiceTokensOfUser(ctx.db, input.id)),

  revokeForUser: adminSessionProcedure.input(userTokenSchema).mutation(async ({ ctx, input }) => {
    await revokeServiceToken(ctx.db, ctx.actor, input.id, input.tokenId);
    return { success: true };
  }),
});
