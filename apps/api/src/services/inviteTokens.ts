import { audit, inviteTokens } from "@sitesafe/db";
import {
  badRequest,
  type createInviteTokenSchema,
  defaultInviteExpiry,
  forbidden,
  inviteExpiryTooFar,
  inviteTokenRolesFor,
  notFound,
} from "@sitesafe/domain";
import type { z } from "zod";
import { hashInviteToken, newInviteToken } from "../auth/sessions.js";
import type { ServiceContext } from "./context.js";

/**
 * Application rules of invite tokens: each actor handles only the roles `inviteTokenRolesFor`
 * gives them (docs/decisions/0004), every issue and delete is audited in its transaction.
 */

export function listTokens(ctx: ServiceContext) {
  return inviteTokens.listInviteTokens(ctx.db, inviteTokenRolesFor(ctx.actor.role));
}

export async function issueToken(ctx: ServiceContext, input: z.infer<typeof createInviteTokenSchema>) {
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
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "inviteToken",
      entityId: row.id,
      action: "created",
      to: "active",
      details: { role: input.role },
    });
    return row;
  });
  // The full token leaves the server this once; only its hash is kept.
  return { ...created, token };
}

/** A token of a role the actor may not handle is, to them, not there: 404 like a missing one. */
export async function deleteToken(ctx: ServiceContext, id: number) {
  await ctx.db.transaction().execute(async (trx) => {
    const token = await inviteTokens.findInviteToken(trx, id);
    if (!token || !inviteTokenRolesFor(ctx.actor.role).includes(token.role)) throw notFound("Invite token");
    await inviteTokens.deleteInviteToken(trx, id);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "inviteToken", entityId: id, action: "deleted" });
  });
  return { success: true };
}
