import type { notifications } from "@sitesafe/db";
import type { Actor } from "@sitesafe/domain";

/** The recipient as the policy sees them (services/notifications.ts and services/push.ts). */
export function actorOf(recipient: notifications.Recipient): Actor {
  return {
    userId: recipient.userId,
    role: recipient.role,
    workerId: recipient.workerId,
    position: recipient.position,
    assignedProjectIds: recipient.assignedProjectIds,
  };
}
