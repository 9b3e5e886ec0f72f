import { z } from "zod";
import { canSeeAction } from "./correctiveActions.js";
import { canReadWorker, canSeeProject } from "./policy.js";
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
  "video.required",
  "training.assigned",
  "training.digest",
  "credential.expiring",
  "correctiveAction.overdue",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What a notification says about its record when it is read again. */
export interface NotificationFacts {
  /** The record's project; null for records of no project. */
  projectId: number | null;
  /** The record's kind and id, for records with a read rule of their own (a worker's credentials, a corrective action). */
  entity?: string;
  entityId?: number;
  /** A corrective action's owner, who sees it even off its project. */
  actionOwnerUserId?: number | null;
}

/**
 * Whether `actor` may still see a notification addressed to them: the read rule of its record.
 * Most records are read by whoever sees their project (`canSeeProject`); a notice about a worker
 * (a credential expiring) by staff and that worker (`canReadWorker`); a corrective action's by
 * whoever sees the action, its owner included (`canSeeAction`). Checked when the notice is written,
 * when its e-mail or push is sent and when the list is read: a worker moved off a project, or a
 * manager made a worker, stops seeing what was sent about records they may no longer read. The
 * bell's list applies the same rule in SQL (packages/db/src/queries/notifications.ts).
 */
export function canReadNotification(actor: Actor | null, facts: NotificationFacts): boolean {
  if (!actor) return false;
  if (facts.entity === "worker" && facts.entityId !== undefined) return canReadWorker(actor, facts.entityId);
  if (facts.entity === "correctiveAction" && facts.projectId !== null)
    return canSeeAction(actor, { projectId: facts.projectId, ownerUserId: facts.actionOwnerUserId ?? null });
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
  "video.required",
  "training.assigned",
  "training.digest",
  "credential.expiring",
  "correctiveAction.overdue",
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

/**
 * Whether a notification goes out by Web Push to the user's devices: the same rule as e-mail (kinds
 * that ask someone to act and urgent ones by default; the required ones always), with its own choice.
 */
export function wantsPush(kind: NotificationKind, urgent: boolean, choice: boolean | undefined): boolean {
  return wantsEmail(kind, urgent, choice);
}

/** A choice for one kind: e-mail, push, or both; at least one. */
export const notificationPreferenceSchema = z
  .object({
    kind: z.enum(notificationKinds, { error: "Unknown notification kind" }),
    email: z.boolean({ error: "E-mail must be true or false" }).optional(),
    push: z.boolean({ error: "Push must be true or false" }).optional(),
  })
  .refine((v) => v.email !== undefined || v.push !== undefined, { message: "Choose e-mail or push", path: ["email"] });

/**
 * Web Push (docs/notifications.md, docs/decisions/0121-web-push.md). A browser's subscription: the
 * push service's address and the keys the payload is encrypted to (RFC 8291). Every field is
 * bounded: real endpoints are under 1 KB, p256dh is 65 bytes (87 characters of base64url), auth 16
 * bytes (22 characters).
 */
export const PUSH_ENDPOINT_MAX = 1024;
/** How many devices one user may have subscribed; a new one drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** The payload's bound before encryption (a push service takes about 4 KB). */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;

const base64url = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(min, `${name} is not a valid key`)
    .max(max, `${name} is not a valid key`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} is not a valid key`);

const pushEndpoint = z
  .string({ error: "Endpoint is required" })
  .max(PUSH_ENDPOINT_MAX, "Endpoint is too long")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
    } catch {
      return false;
    }
  }, "Endpoint must be an https address");

export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object(
    {
      p256dh: base64url("p256dh", 80, 100),
      auth: base64url("auth", 16, 32),
    },
    { error: "Keys are required" },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpoint });

/** Whether an endpoint may be used: https always; plain http only to this machine, and only when allowed (tests). */
export function pushEndpointAllowed(endpoint: string, allowLocalHttp: boolean): boolean {
  const url = new URL(endpoint);
  if (url.protocol === "https:") return true;
  return allowLocalHttp && url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}
