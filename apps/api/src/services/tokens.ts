import { createHash, randomBytes } from "node:crypto";
import { audit, type Database, serviceTokens, users } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  type CreatedServiceToken,
  type CreateServiceTokenInput,
  forbidden,
  looksLikeServiceToken,
  mayChooseExpiry,
  NO_EXPIRY_ADMIN_ONLY,
  notFound,
  type PublicUser,
  READ_ONLY_TOKEN,
  SERVICE_TOKEN_MAX_ACTIVE,
  SERVICE_TOKEN_PREFIX,
  SESSION_REQUIRED,
  type ServiceToken,
  type ServiceTokenScope,
  serviceTokenRefusal,
  TOKEN_INVALID,
  TOO_MANY_TOKENS,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";

/**
 * Service tokens (personal access tokens): issuing, listing, revoking, and turning a bearer secret
 * into the owner it acts for. docs/decisions/0110-api-consumers.md.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** SHA-256 of the whole secret: a 256-bit random secret needs no salt or slow hash. */
export const hashServiceToken = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** `sst_` + 32 random bytes, base64url: the prefix lets secret scanners recognise a leaked one. */
export const newServiceTokenSecret = () => `${SERVICE_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

/** What a request authenticated with a token knows about it. */
export interface RequestToken {
  id: number;
  name: string;
  scope: ServiceTokenScope;
}

export interface TokenAuthentication {
  token: RequestToken;
  user: PublicUser;
  actor: Actor;
}

/**
 * The owner a bearer secret acts for, read from the database on every request (never from a
 * memory): a revoked or expired token, a deleted owner, a demotion or an unassignment count from
 * the very next request. Unknown, revoked and expired tokens are a 401.
 */
export async function authenticateServiceToken(db: Kysely<Database>, secret: string, now: Date = new Date()): Promise<TokenAuthentication> {
  if (!looksLikeServiceToken(secret)) throw new AppError("UNAUTHORIZED", TOKEN_INVALID);
  const found = await serviceTokens.findServiceTokenWithActor(db, hashServiceToken(secret));
  if (!found) throw new AppError("UNAUTHORIZED", TOKEN_INVALID);
  const refusal = serviceTokenRefusal(found, found.user.role, now);
  if (refusal) throw new AppError("UNAUTHORIZED", refusal);
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= 60_000) await serviceTokens.touchServiceToken(db, found.id);
  const token = { id: found.id, name: found.name, scope: found.scope };
  return {
    token,
    user: found.user,
    actor: {
      userId: found.user.id,
      role: found.user.role,
      workerId: found.workerId,
      position: found.position,
      assignedProjectIds: found.assignedProjectIds,
      viaToken: { id: found.id, name: found.name },
    },
  };
}

/** A `read` token may only read: GET on REST, queries on tRPC. */
export function assertTokenMayWrite(token: RequestToken | null): void {
  if (token?.scope === "read") throw forbidden(READ_ONLY_TOKEN);
}

/**
 * A session-only procedure (`sessionOnly` meta in trpc.ts) refuses every token, read-write too:
 * passwords, account roles, invite tokens and service tokens are managed from a password session,
 * so a leaked token cannot turn itself into a credential that outlives its revocation or expiry.
 */
export function assertNotToken(token: RequestToken | null): void {
  if (token) throw forbidden(SESSION_REQUIRED);
}

/** Issues a token to `actor` for themselves. The secret is in the answer this once, never stored. */
export async function issueServiceToken(db: Kysely<Database>, actor: Actor, input: CreateServiceTokenInput): Promise<CreatedServiceToken> {
  const secret = newServiceTokenSecret();
  const row = await db.transaction().execute(async (trx) => {
    // The owner's row lock orders concurrent creates, so the limit below is a real limit.
    const role = await serviceTokens.lockOwner(trx, actor.userId);
    if (!role) throw new AppError("UNAUTHORIZED", "Not signed in");
    if (!mayChooseExpiry(role, input.expiresInDays)) throw forbidden(NO_EXPIRY_ADMIN_ONLY);
    if ((await serviceTokens.countActiveTokens(trx, actor.userId)) >= SERVICE_TOKEN_MAX_ACTIVE)
      throw new AppError("CONFLICT", TOO_MANY_TOKENS);
    const row = await serviceTokens.insertServiceToken(trx, {
      userId: actor.userId,
      name: input.name,
      tokenHash: hashServiceToken(secret),
      tokenPreview: `${secret.slice(0, SERVICE_TOKEN_PREFIX.length + 4)}...`,
      scope: input.scope,
      expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
    });
    await audit.recordAudit(trx, {
      actor,
      entity: "serviceToken",
      entityId: row.id,
      action: "created",
      to: "active",
      details: { name: row.name, scope: row.scope, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    return row;
  });
  return { ...row, token: secret };
}

export function listServiceTokens(db: Kysely<Database>, ownerId: number): Promise<ServiceToken[]> {
  return serviceTokens.listServiceTokens(db, ownerId);
}

/** Another user's tokens (admins, User Management); 404 for an unknown user. */
export async function listServiceTokensOfUser(db: Kysely<Database>, userId: number): Promise<ServiceToken[]> {
  if (!(await users.findUserById(db, userId))) throw notFound("User");
  return listServiceTokens(db, userId);
}

/** Revokes `ownerId`'s token `tokenId` (the caller checked that `actor` may); 404 when there is none. */
export async function revokeServiceToken(db: Kysely<Database>, actor: Actor, ownerId: number, tokenId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await serviceTokens.revokeServiceToken(trx, tokenId, ownerId);
    if (!row) throw notFound("Token");
    await audit.recordAudit(trx, {
      actor,
      entity: "serviceToken",
      entityId: row.id,
      action: "revoked",
      from: "active",
      to: "revoked",
      details: { name: row.name, ownerId },
    });
  });
}

/** Every write through a token leaves a row naming the token, even writes with no record-level audit. */
export async function recordTokenWrite(db: Kysely<Database>, actor: Actor, procedure: string): Promise<void> {
  if (!actor.viaToken) return;
  await audit.recordAudit(db, { actor, entity: "serviceToken", entityId: actor.viaToken.id, action: "write", details: { procedure } });
}
