import { z } from "zod";
import type { Role } from "./roles.js";

/**
 * Service tokens (personal access tokens) for internal API consumers: a payroll sync, a BI tool, a
 * safety director's script. A token acts as its owner (same role, same projects) and never grants
 * more; `read` limits it to GET requests. docs/decisions/0110-api-consumers.md.
 */
export const SERVICE_TOKEN_PREFIX = "sst_";
export const serviceTokenScopes = ["read", "read-write"] as const;
export type ServiceTokenScope = (typeof serviceTokenScopes)[number];
export const SERVICE_TOKEN_DEFAULT_DAYS = 90;
export const SERVICE_TOKEN_MAX_DAYS = 365;
/** Active tokens one person may hold: enough for every integration, not a table to fill. */
export const SERVICE_TOKEN_MAX_ACTIVE = 50;

export const READ_ONLY_TOKEN = "This token is read-only: it can only be used for GET requests";
export const TOKEN_INVALID = "Invalid service token";
export const TOKEN_REVOKED = "This service token has been revoked";
export const TOKEN_EXPIRED = "This service token has expired";
export const NO_EXPIRY_ADMIN_ONLY = "Only admins can create a token that never expires";
export const SESSION_REQUIRED = "Service tokens cannot do this: sign in with your password";
export const TOO_MANY_TOKENS = `You can hold at most ${SERVICE_TOKEN_MAX_ACTIVE} active tokens; revoke one first`;

export const createServiceTokenSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  scope: z.enum(serviceTokenScopes, { error: "Scope must be either 'read' or 'read-write'" }).default("read"),
  /** Days until the token expires; null: never (admins only). Omitted: 90 days. */
  expiresInDays: z
    .number({ error: "Expiry must be a number of days" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry must be at least 1 day")
    .max(SERVICE_TOKEN_MAX_DAYS, `Expiry can be at most ${SERVICE_TOKEN_MAX_DAYS} days`)
    .nullable()
    .default(SERVICE_TOKEN_DEFAULT_DAYS),
});
export type CreateServiceTokenInput = z.infer<typeof createServiceTokenSchema>;

/** A token as its owner and admins see it: never the secret, never its hash. */
export const serviceTokenSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  scope: z.enum(serviceTokenScopes),
  /** The first characters, so the owner can tell which token a log line or a vault entry is. */
  tokenPreview: z.string(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  lastUsedAt: z.date().nullable(),
});
export type ServiceToken = z.infer<typeof serviceTokenSchema>;

/** The answer to a create: the token plus the secret, shown this once. */
export const createdServiceTokenSchema = serviceTokenSchema.extend({ token: z.string() });
export type CreatedServiceToken = z.infer<typeof createdServiceTokenSchema>;

/** Whether `role` may create a token with this expiry (null = never expires). */
export function mayChooseExpiry(role: Role, expiresInDays: number | null): boolean {
  return expiresInDays !== null || role === "admin";
}

/**
 * Why a stored token does not authenticate now, or null when it does. A token without expiry
 * works only while its owner is an admin: a demoted admin's everlasting token stops.
 */
export function serviceTokenRefusal(
  token: { revokedAt: Date | null; expiresAt: Date | null },
  ownerRole: Role,
  now: Date = new Date(),
): string | null {
  if (token.revokedAt) return TOKEN_REVOKED;
  if (token.expiresAt ? token.expiresAt.getTime() <= now.getTime() : ownerRole !== "admin") return TOKEN_EXPIRED;
  return null;
}

/** Bearer secrets look like `sst_` + 43 base64url characters; anything else is not ours. */
export function looksLikeServiceToken(value: string): boolean {
  return /^sst_[A-Za-z0-9_-]{43}$/.test(value);
}
