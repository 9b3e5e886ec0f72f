import { type Database, notifications } from "@sitesafe/db";
import {
  type Actor,
  canReadNotification,
  isStaff,
  type NotificationEntity,
  type NotificationKind,
  type NotificationListInput,
  notFound,
  notificationLink,
  URGENT_KINDS,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import type { ServiceContext } from "./context.js";

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
  recipients: readonly notifications.Recipient[];
  /** Whoever caused the event is not told about it. */
  except?: number | null;
  now: Date;
}

/** The recipient as the policy sees them. */
export function actorOf(recipient: notifications.Recipient): Actor {
  return {
    userId: recipient.userId,
    role: recipient.role,
    workerId: recipient.workerId,
    position: recipient.position,
    assignedProjectIds: recipient.assignedProjectIds,
  };
}

/** Writes one notification per recipient who may read the record; the user ids told. */
export async function notify(trx: Kysely<Database>, event: NotifyEvent): Promise<number[]> {
  const told = new Set<number>();
  for (const recipient of event.recipients) {
    if (recipient.userId === event.except || told.has(recipient.userId)) continue;
    if (!canReadNotification(actorOf(recipient), { projectId: event.projectId })) continue;
    told.add(recipient.userId);
  }
  const urgent = event.urgent === true || URGENT_KINDS.includes(event.kind);
  await notifications.insertNotifications(
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
  return [...told];
}

const visibleProjects = (actor: Actor): readonly number[] | null => (isStaff(actor) ? null : actor.assignedProjectIds);

/** The bell's list: the caller's notifications about records they may still read, newest first, with links. */
export async function myNotifications(ctx: ServiceContext, input: NotificationListInput) {
  const rows = await notifications.notificationList(ctx.db, ctx.actor.userId, visibleProjects(ctx.actor), {
    before: input?.before,
    limit: input?.limit ?? 30,
  });
  return rows.map((row) => ({ ...row, link: notificationLink(row.entity as NotificationEntity, row.entityId) }));
}

export async function myUnreadCount(ctx: ServiceContext) {
  return { unread: await notifications.unreadCount(ctx.db, ctx.actor.userId, visibleProjects(ctx.actor)) };
}

export async function markRead(ctx: ServiceContext, id: number) {
  if (!(await notifications.markRead(ctx.db, ctx.actor.userId, id, ctx.now()))) throw notFound("Notification");
  return myUnreadCount(ctx);
}

export async function markAllRead(ctx: ServiceContext) {
  await notifications.markAllRead(ctx.db, ctx.actor.userId, ctx.now());
  return myUnreadCount(ctx);
}
