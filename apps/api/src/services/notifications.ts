import { type Database, notifications, push } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  canReadNotification,
  isStaff,
  type NotificationEntity,
  type NotificationKind,
  type NotificationListInput,
  notFound,
  notificationKinds,
  notificationLink,
  REQUIRED_KINDS,
  URGENT_KINDS,
  wantsEmail,
  wantsPush,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Logger } from "../context.js";
import { emailOf } from "../jobs/emailTexts.js";
import type { Mailer } from "../jobs/mailer.js";
import type { Delivery, QueueDefinition } from "../jobs/queue.js";
import type { ServiceContext } from "./context.js";
import { actorOf } from "./notificationRecipients.js";
import { PUSH_QUEUE } from "./push.js";

export type { Delivery } from "../jobs/queue.js";

export const EMAIL_QUEUE: QueueDefinition = { name: "notification-email", retryLimit: 5, retryDelay: 30, expireInSeconds: 120 };

/**
 * How long a notification is kept. A notice is a pointer to a record, not the record: the permit,
 * the report and their history stay. Without an end the table grows by every event times every
 * person told (a weekly digest to 5,000 workers is 260,000 rows a year).
 */
export const NOTIFICATION_RETENTION_DAYS = 180;
/** The daily retention job's queue and schedule (03:20 UTC, away from the 06:00 digest). */
export const RETENTION_QUEUE: QueueDefinition = { name: "notification-retention", retryLimit: 3, retryDelay: 300, expireInSeconds: 900 };
export const RETENTION_CRON = "20 3 * * *";
const RETENTION_BATCH = 5_000;

/** Deletes the notifications older than NOTIFICATION_RETENTION_DAYS at `now`, a batch at a time; answers how many. */
export async function pruneNotifications(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 24 * 3600_000);
  let deleted = 0;
  for (;;) {
    const n = await notifications.deleteNotificationsBefore(db, before, RETENTION_BATCH);
    deleted += n;
    if (n < RETENTION_BATCH) return deleted;
  }
}

/**
 * Notifications (docs/notifications.md). `notify` is called inside the transaction of the event, so
 * a notification exists exactly when its event was committed. Recipients are checked with the same
 * read rule as the record (`canReadNotification` of the domain) when it is written, and the list
 * checks it again when it is read.
 */

export interface NotifyEvent {
  kind: NotificationKind;
  entity: NotificationEntity;
  entityId: number;
  /** The record's project: who may read it, now and later. null for records of no project (safety messages). */
  projectId: number | null;
  /** Names shown in the text (a permit's title, who did it); never contact details. */
  params: Record<string, string | number | null>;
  /** Urgent whatever the kind says (a severe incident). */
  urgent?: boolean;
  /** A corrective action's owner (entity "correctiveAction"), who may read it off its project. */
  actionOwnerUserId?: number | null;
  recipients: readonly notifications.Recipient[];
  /** E-mail (and later channels) by a job queued in the same transaction; unset: the bell only. */
  delivery?: Delivery | undefined;
  /** Whoever caused the event is not told about it. */
  except?: number | null;
  now: Date;
}

export { actorOf };

/** Writes one notification per recipient who may read the record; the user ids told. */
export async function notify(trx: Kysely<Database>, event: NotifyEvent): Promise<number[]> {
  const told = new Set<number>();
  for (const recipient of event.recipients) {
    if (recipient.userId === event.except || told.has(recipient.userId)) continue;
    const facts = {
      projectId: event.projectId,
      entity: event.entity,
      entityId: event.entityId,
      actionOwnerUserId: event.actionOwnerUserId,
    };
    if (!canReadNotification(actorOf(recipient), facts)) continue;
    told.add(recipient.userId);
  }
  const urgent = event.urgent === true || URGENT_KINDS.includes(event.kind);
  const inserted = await notifications.insertNotifications(
    trx,
    [...told].map((userId) => ({
      userId,
      kind: event.kind,
      entity: event.entity,
      entityId: event.entityId,
      projectId: event.projectId,
      params: event.params,
      urgent,
      createdAt: event.now,
    })),
  );
  const delivery = event.delivery;
  if (delivery && inserted.length > 0) {
    const choices = await notifications.channelChoices(
      trx,
      inserted.map((row) => row.userId),
      event.kind,
    );
    if (delivery.email) {
      const emails = inserted.filter((row) => wantsEmail(event.kind, urgent, choices.get(row.userId)?.email));
      await delivery.jobs.sendMany(
        EMAIL_QUEUE.name,
        emails.map((row) => ({ notificationId: row.id })),
        { trx },
      );
    }
    // Web Push: one job per notification and device, so a retry resends to the one device that failed.
    const pushTo = new Map(
      inserted.filter((row) => wantsPush(event.kind, urgent, choices.get(row.userId)?.push)).map((row) => [row.userId, row.id]),
    );
    const devices = await push.subscriptionsOf(trx, [...pushTo.keys()]);
    await delivery.jobs.sendMany(
      PUSH_QUEUE.name,
      devices.map((sub) => ({ notificationId: pushTo.get(sub.userId), subscriptionId: sub.id })),
      { trx },
    );
  }
  return [...told];
}

/**
 * The e-mail job: the notification in its addressee's language with a link back, sent only if they
 * may still read the record (they may have been moved off the project since it was queued).
 */
export async function emailNotification(
  db: Kysely<Database>,
  mailer: Mailer,
  config: Pick<Config, "publicUrl">,
  log: Logger,
  notificationId: number,
): Promise<"sent" | "skipped"> {
  const note = await notifications.notificationForEmail(db, notificationId);
  if (!note) return "skipped";
  const [recipient] = await notifications.recipientsAmong(db, [note.userId]);
  if (!recipient || !canReadNotification(actorOf(recipient), notifications.factsOf(note))) {
    log.info({ event: "email_skipped", notificationId }, "notification e-mail not sent: the record is no longer theirs to read");
    return "skipped";
  }
  const language = note.language ?? "en";
  const url = new URL(notificationLink(note.entity as NotificationEntity, note.entityId), config.publicUrl).toString();
  await mailer.send({ to: note.email, language, ...emailOf(note.kind as NotificationKind, note.params, note.urgent, language, url) });
  return "sent";
}

/** The caller's e-mail and push choice for every kind, with the defaults and the kinds that cannot be switched off. */
export async function myPreferences(ctx: ServiceContext) {
  const chosen = await notifications.preferencesOf(ctx.db, ctx.actor.userId);
  return notificationKinds.map((kind) => ({
    kind,
    email: wantsEmail(kind, false, chosen.get(kind)?.email),
    push: wantsPush(kind, false, chosen.get(kind)?.push),
    required: REQUIRED_KINDS.includes(kind),
  }));
}

export async function setPreference(
  ctx: ServiceContext,
  input: { kind: NotificationKind; email?: boolean | undefined; push?: boolean | undefined },
) {
  if (REQUIRED_KINDS.includes(input.kind) && (input.email === false || input.push === false)) {
    throw new AppError("BAD_REQUEST", "This notification is required for your role and cannot be switched off");
  }
  await notifications.setPreference(ctx.db, ctx.actor.userId, input.kind, { email: input.email, push: input.push });
  return myPreferences(ctx);
}

/** What the bell's list may show the actor (canReadNotification in SQL): null for staff, who read every record. */
const readerOf = (actor: Actor): notifications.NotificationReader | null =>
  isStaff(actor) ? null : { projectIds: actor.assignedProjectIds, workerId: actor.workerId };

/** The bell's list: the caller's notifications about records they may still read, newest first, with links. */
export async function myNotifications(ctx: ServiceContext, input: NotificationListInput) {
  const rows = await notifications.notificationList(ctx.db, ctx.actor.userId, readerOf(ctx.actor), {
    before: input?.before,
    limit: input?.limit ?? 30,
  });
  return rows.map((row) => ({ ...row, link: notificationLink(row.entity as NotificationEntity, row.entityId) }));
}

export async function myUnreadCount(ctx: ServiceContext) {
  return { unread: await notifications.unreadCount(ctx.db, ctx.actor.userId, readerOf(ctx.actor)) };
}

export async function markRead(ctx: ServiceContext, id: number) {
  if (!(await notifications.markRead(ctx.db, ctx.actor.userId, id, ctx.now()))) throw notFound("Notification");
  return myUnreadCount(ctx);
}

export async function markAllRead(ctx: ServiceContext) {
  await notifications.markAllRead(ctx.db, ctx.actor.userId, ctx.now());
  return myUnreadCount(ctx);
}
