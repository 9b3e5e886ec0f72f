import { z } from "zod";
import { canSeeProject } from "./policy.js";
import type { Actor } from "./roles.js";
import { idParam } from "./users.js";

/**
 * Notifications (docs/notifications.md): who is told what. The server writes one row per recipient
 * in the same transaction as the event; the web app shows them in its bell. The text is made from
 * the kind and `params` in the reader's language, so a row holds no sentence.
 */
export const notificationKinds = [
  "permit.requested",
  "permit.approved",
  "permit.rejected",
  "fireWatch.started",
  "fireWatch.halfway",
  "fireWatch.ended",
  "fireWatch.overdue",
  "incident.filed",
  "safetyMessage.created",
  "safetyMessage.replied",
  "safetyMessage.statusChanged",
  "jha.commented",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The records a notification can point to, and where each one's page is in the web app. */
export const notificationEntities = ["permit", "incident", "jhaForm", "safetyMessage"] as const;
export type NotificationEntity = (typeof notificationEntities)[number];

export function notificationLink(entity: NotificationEntity, id: number): string {
  switch (entity) {
    case "permit":
      return `/forms/hot-work-permits/${id}`;
    case "incident":
      return `/forms/incident-reports/${id}`;
    case "jhaForm":
      return `/forms/jha/${id}`;
    case "safetyMessage":
      return "/safety-comments";
  }
}

/** What a notification says about its record when it is read again. */
export interface NotificationFacts {
  /** The record's project; null for records of no project. */
  projectId: number | null;
}

/**
 * Whether `actor` may still see a notification addressed to them: the same project rule every read
 * of the record applies (`canSeeProject`). Checked when the list is read, not only when it was
 * written: a worker moved off a project stops seeing what was sent about it.
 */
export function canReadNotification(actor: Actor | null, facts: NotificationFacts): boolean {
  if (!actor) return false;
  return facts.projectId === null || canSeeProject(actor, facts.projectId);
}

/**
 * Kinds that are urgent whatever the record: a fire watch not signed off. An incident filed is
 * urgent when it is severe (decided where it is sent).
 */
export const URGENT_KINDS: readonly NotificationKind[] = ["fireWatch.overdue"];

/** How many notifications the bell's list shows at once. */
export const NOTIFICATION_PAGE = 30;

export const notificationListSchema = z
  .object({
    /** Older than this id (the next page). */
    before: idParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE),
  })
  .optional();
export type NotificationListInput = z.infer<typeof notificationListSchema>;

/**
 * Kinds sent by e-mail unless the user says otherwise: those that ask someone to act. The rest
 * (a comment, a message's status) stay in the bell unless the user asks for e-mail too. An urgent
 * notification is e-mailed by default whatever its kind.
 */
export const EMAIL_BY_DEFAULT: readonly NotificationKind[] = [
  "permit.requested",
  "permit.approved",
  "permit.rejected",
  "fireWatch.started",
  "fireWatch.ended",
  "fireWatch.overdue",
];

/**
 * Kinds nobody may switch off: the fire watch's start and end reach the person keeping it, and an
 * overdue watch reaches the project's managers, because OSHA 1910.252(a)(2)(iii) and NFPA 51B
 * make the watch their job.
 */
export const REQUIRED_KINDS: readonly NotificationKind[] = ["fireWatch.started", "fireWatch.ended", "fireWatch.overdue"];

/** Whether a notification goes out by e-mail, from the user's choice for its kind (undefined: none made). */
export function wantsEmail(kind: NotificationKind, urgent: boolean, choice: boolean | undefined): boolean {
  if (REQUIRED_KINDS.includes(kind)) return true;
  if (choice !== undefined) return choice;
  return urgent || EMAIL_BY_DEFAULT.includes(kind);
}

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKinds, { error: "Unknown notification kind" }),
  email: z.boolean({ error: "E-mail must be true or false" }),
});
