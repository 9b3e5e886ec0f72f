import { byIdSchema, createInviteTokenSchema } from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { del, get, post } from "../rest/meta.js";
import * as service from "../services/inviteTokens.js";
import { router, staffProcedure, staffSessionProcedure } from "../trpc.js";

/**
 * Issue, list and delete: admin and manager (docs/product.md), each only the roles
 * `inviteTokenRolesFor` gives them (docs/decisions/0004). The page itself is admin only.
 */
export const inviteTokensRouter = router({
  list: staffProcedure
    .meta({ rest: get("/api/invite-tokens"), output: out.list(out.inviteToken) })
    .query(({ ctx }) => service.listTokens(ctx)),

  // Not wrapped in `once` (services/idempotency.ts): a replay would have to return the full token
  // from the stored answer, and a token's secret is never stored. A doubled create is harmless: an
  // unused token expires, and staff can delete it. A password session only: an invite token makes
  // a new account, which a service token must not be able to hand itself.
  create: staffSessionProcedure
    .meta({ rest: post("/api/invite-tokens"), output: out.inviteTokensCreate })
    .input(createInviteTokenSchema)
    .mutation(({ ctx, input }) => service.issueToken(ctx, input)),

  /** A token of a role the actor may not handle is, to them, not there: 404 like a missing one. */
  delete: staffProcedure
    .meta({ rest: del("/api/invite-tokens/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.deleteToken(ctx, input.id)),
});
