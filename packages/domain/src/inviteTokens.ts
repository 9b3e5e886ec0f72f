import { z } from "zod";
import { DATE_OUT_OF_RANGE, isSupportedDate } from "./input.js";
import type { Role } from "./roles.js";

export const INVITE_TOKEN_DEFAULT_DAYS = 7;
export const inviteTokenRoles = ["admin", "manager"] as const;
export type InviteTokenRole = (typeof inviteTokenRoles)[number];
export const inviteTokenStatuses = ["active", "used", "expired"] as const;
export type InviteTokenStatus = (typeof inviteTokenStatuses)[number];

export const createInviteTokenSchema = z.object({
  role: z.enum(inviteTokenRoles, {
    error: (issue) => (issue.input === undefined || issue.input === "" ? "Role is required" : "Role must be either 'admin' or 'manager'"),
  }),
  expiresAt: z.coerce
    .date({ error: "Please enter a valid date" })
    .optional()
    .nullable()
    .refine((d) => d == null || d.getTime() > Date.now(), "Expiry date cannot be in the past")
    .refine((d) => d == null || isSupportedDate(d), DATE_OUT_OF_RANGE),
});
export type CreateInviteTokenInput = z.infer<typeof createInviteTokenSchema>;

/** Status is derived, never stored: used wins over expired, expired over active. */
export function inviteTokenStatus(token: { usedAt: Date | null; expiresAt: Date }, now: Date = new Date()): InviteTokenStatus {
  if (token.usedAt) return "used";
  if (token.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The furthest ahead a token may expire, unless the server is configured otherwise (INVITE_TOKEN_MAX_DAYS). */
export const INVITE_TOKEN_MAX_DAYS = 30;

/** Seven days, or the configured maximum when that is shorter. */
export function defaultInviteExpiry(now: Date = new Date(), maxDays: number = INVITE_TOKEN_MAX_DAYS): Date {
  return new Date(now.getTime() + Math.min(INVITE_TOKEN_DEFAULT_DAYS, maxDays) * DAY_MS);
}

/** The message for an expiry further ahead than `maxDays`, or null when it is within reach. */
export function inviteExpiryTooFar(expiresAt: Date, maxDays: number = INVITE_TOKEN_MAX_DAYS, now: Date = new Date()): string | null {
  if (expiresAt.getTime() <= now.getTime() + maxDays * DAY_MS) return null;
  return `Expiry date cannot be more than ${maxDays} days ahead`;
}

/**
 * Which tokens an actor may issue, list and delete (docs/decisions/0004): an admin token makes its
 * holder an admin, so only admins see or touch those; managers handle manager tokens.
 */
export function inviteTokenRolesFor(role: Role): readonly InviteTokenRole[] {
  if (role === "admin") return inviteTokenRoles;
  if (role === "manager") return ["manager"];
  return [];
}

export function inviteTokenStatusColor(status: InviteTokenStatus): string {
  return status === "active" ? "green" : status === "used" ? "gray" : "red";
}
