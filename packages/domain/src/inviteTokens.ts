import { z } from "zod";

export const INVITE_TOKEN_DEFAULT_DAYS = 7;
export const inviteTokenRoles = ["admin", "manager"] as const;
export type InviteTokenRole = (typeof inviteTokenRoles)[number];
export const inviteTokenStatuses = ["active", "used", "expired"] as const;
export type InviteTokenStatus = (typeof inviteTokenStatuses)[number];

export const createInviteTokenSchema = z.object({
  role: z.enum(inviteTokenRoles, { error: (issue) => (issue.input === undefined || issue.input === "" ? "Role is required" : "Role must be either 'admin' or 'manager'") }),
  expiresAt: z.coerce
    .date({ error: "Please enter a valid date" })
    .optional()
    .nullable()
    .refine((d) => d == null || d.getTime() > Date.now(), "Expiry date cannot be in the past"),
});
export type CreateInviteTokenInput = z.infer<typeof createInviteTokenSchema>;

/** Status is derived, never stored: used wins over expired, expired over active. */
export function inviteTokenStatus(token: { usedAt: Date | null; expiresAt: Date }, now: Date = new Date()): InviteTokenStatus {
  if (token.usedAt) return "used";
  if (token.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function defaultInviteExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + INVITE_TOKEN_DEFAULT_DAYS * 24 * 60 * 60 * 1000);
}

export function inviteTokenStatusColor(status: InviteTokenStatus): string {
  return status === "active" ? "green" : status === "used" ? "gray" : "red";
}
