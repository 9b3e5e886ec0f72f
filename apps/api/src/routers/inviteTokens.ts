import { badRequest, byIdSchema, createInviteTokenSchema, defaultInviteExpiry, forbidden, inviteExpiryTooFar, inviteTokenRolesFor, notFound } from "@sitesafe/domain";
import { audit, inviteTokens } from "@sitesafe/db";
import { hashInviteToken, newInviteToken } from "../auth/sessions.js";
import { remembered, router, staffProcedure } from "../trpc.js";

/**
 * Issue, list and delete: admin and manager (docs/product.md), each only the roles
 * `inviteTokenRolesFor` gives them (docs/decisions/0004). The page itself is admin only.
 */
export const inviteTokensRouter = router({
  list: staffProcedure.query(remembered(({ ctx }) => inviteTokens.listInviteTokens(ctx.db, inviteTokenRolesFor(ctx.actor.role)))),

  // Not wrapped in `once` (services/idempotency.ts): a replay would have to return the full token
  // from the stored answer, and a token's secret is never stored. A doubled create is harmless: an
  // unused token expires, and staff can delete it.
  create: staffProcedure.input(createInviteTokenSchema).mutation(async ({ ctx, input }) => {
    // An admin token makes its holder an admin: only an admin may hand that out, or any manager
    // could promote themselves through a second account.
    if (!inviteTokenRolesFor(ctx.actor.role).includes(input.role)) throw forbidden("Only admins can issue admin invite tokens");
    const maxDays = ctx.config.inviteTokenMaxDays;
    const tooFar = input.expiresAt ? inviteExpiryTooFar(input.expiresAt, maxDays) : null;
    if (tooFar) throw badRequest(tooFar, [{ path: "expiresAt", message: tooFar }]);
    const token = newInviteToken();
    const created = await ctx.db.transaction().execute(async (trx) => {
      const row = await inviteTokens.insertInviteToken(trx, {
        tokenHash: hashInviteToken(token),
        tokenPreview: `${token.slice(0, 8)}...`,
        role: input.role,
        expiresAt: input.expiresAt ?? defaultInviteExpiry(new Date(), maxDays),
        createdBy: ctx.user.id,
      });
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "inviteToken", entityId: row.id, action: "created", to: "active", details: { role: input.role } });
      return row;
    });
    // The full token leaves the server this once; only its hash is kept.
    return { ...created, token };
  }),

  /** A token of a role the actor may not handle is, to them, not there: 404 like a missing one. */
  delete: staffProcedure.input(byIdSchema).mutation(async ({ ctx, input }) => {
    await ctx.db.transaction().execute(async (trx) => {
      const token = await inviteTokens.findInviteToken(trx, input.id);
      if (!token || !inviteTokenRolesFor(ctx.actor.role).includes(token.role)) throw notFound("Invite token");
      await inviteTokens.deleteInviteToken(trx, input.id);
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "inviteToken", entityId: input.id, action: "deleted" });
    });
    return { success: true };
  }),
});
