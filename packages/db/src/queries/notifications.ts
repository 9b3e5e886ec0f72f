import type { Kysely } from "kysely";
import type { Database } from "../types.js";

export interface NewNotification {
  userId: number;
  kind: string;
  entity: string;
  entityId: number;
  projectId: number | null;
  params: Record<string, string | number | null>;
  urgent: boolean;
  createdAt: Date;
}

/** Inserts them; the ids with their users, in the order given. */
export async function insertNotifications(
  trx: Kysely<Database>,
  rows: readonly NewNotification[],
): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return trx
    .insertInto("notifications")
    .values(rows.map((row) => ({ ...row, params: JSON.stringify(row.params) })))
    .returning(["id", "userId"])
    .execute();
}

/** A possible recipient as the policy needs them: role, worker profile and assigned projects. */
export interface Recipient {
  userId: number;
  role: "admin" | "manager" | "worker";
  workerId: number | null;
  position: string | null;
  assignedProjectIds: number[];
  language: "en" | "es" | null;
  email: string;
  name: string;
}

/** The users among `userIds` that exist, with what the policy asks about them, in one query. */
export async function recipientsAmong(db: Kysely<Database>, userIds: readonly number[]): Promise<Recipient[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  return recipientQuery(db).where("users.id", "in", ids).execute();
}

/** Every admin and manager: the staff who see every project and decide permits. */
export function staffRecipients(db: Kysely<Database>): Promise<Recipient[]> {
  return recipientQuery(db).where("users.role", "in", ["admin", "manager"]).execute();
}

function recipientQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .leftJoin("workers", "workers.userId", "users.id")
    .select((eb) => [
      "users.id as userId",
      "users.role",
      "workers.id as workerId",
      "workers.role as position",
      "users.language",
      "users.email",
      eb.fn
        .coalesce(
          eb
            .selectFrom("projectWorkers")
            .whereRef("projectWorkers.workerId", "=", "workers.id")
            .select((p) => p.fn.agg<number[]>("array_agg", ["projectWorkers.projectId"]).as("ids")),
          eb.val<number[]>([]),
        )
        .as("assignedProjectIds"),
      eb.fn
        .coalesce(eb.fn("nullif", [eb.fn("concat_ws", [eb.val(" "), "users.firstName", "users.lastName"]), eb.val("")]), "users.username")
        .as("name"),
    ])
    .$castTo<Recipient>();
}

/**
 * Every worker account: required training and videos are required of each of them. Paged by
 * user id (`afterUserId`, `limit`) so a large company is told in bounded steps.
 */
export function workerRecipients(db: Kysely<Database>, afterUserId = 0, limit = 500): Promise<Recipient[]> {
  return recipientQuery(db)
    .where("users.role", "=", "worker")
    .where("users.id", ">", afterUserId)
    .orderBy("users.id")
    .limit(limit)
    .execute();
}

export interface OutstandingTraining {
  userId: number;
  /** Training modules (every module is required) not completed. */
  modules: number;
  /** Required videos published by `now` and not completed. */
  videos: number;
}

/** What each of `userIds` (workers) still has to finish at `now`, in one query. */
export async function outstandingTraining(db: Kysely<Database>, userIds: readonly number[], now: Date): Promise<OutstandingTraining[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("users as u")
    .innerJoin("workers as w", "w.userId", "u.id")
    .where("u.id", "in", userIds)
    .select((eb) => [
      "u.id as userId",
      eb
        .selectFrom("trainingModules as m")
        .where((m) =>
          m.not(
            m.exists(
              m
                .selectFrom("workerTrainings as wt")
                .whereRef("wt.moduleId", "=", "m.id")
                .whereRef("wt.workerId", "=", "w.id")
                .where("wt.status", "=", "completed")
                .select("wt.id"),
            ),
          ),
        )
        .select((m) => m.fn.countAll<number>().as("n"))
        .as("modules"),
      eb
        .selectFrom("safetyVideos as v")
        .where("v.requiredWatchByDate", "is not", null)
        .where("v.publishedAt", "<=", now)
        .where((v) =>
          v.not(
            v.exists(
              v
                .selectFrom("workerVideos as wv")
                .whereRef("wv.videoId", "=", "v.id")
                .whereRef("wv.workerId", "=", "w.id")
                .where("wv.status", "=", "completed")
                .select("wv.id"),
            ),
          ),
        )
        .select((v) => v.fn.countAll<number>().as("n"))
        .as("videos"),
    ])
    .execute();
  return rows.map((row) => ({ userId: row.userId, modules: Number(row.modules ?? 0), videos: Number(row.videos ?? 0) }));
}

/** Among `userIds`, those who already have a notification of this kind about this record (a digest sent this week). */
export async function alreadyTold(db: Kysely<Database>, userIds: readonly number[], kind: string, entityId: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("notifications")
    .where("userId", "in", userIds)
    .where("kind", "=", kind)
    .where("entityId", "=", entityId)
    .select("userId")
    .execute();
  return new Set(rows.map((row) => row.userId));
}

/** The user whose worker profile is named `name` (first and last, any case) among the project's people and staff. */
export async function userNamed(db: Kysely<Database>, name: string, projectId: number): Promise<number | null> {
  const wanted = name.trim().replace(/\s+/g, " ").toLowerCase();
  if (!wanted) return null;
  const rows = await db
    .selectFrom("workers")
    .innerJoin("users", "users.id", "workers.userId")
    .where((eb) => eb(eb.fn("lower", [eb.fn("concat_ws", [eb.val(" "), "workers.firstName", "workers.lastName"])]), "=", wanted))
    .where((eb) =>
      eb.or([
        eb("users.role", "in", ["admin", "manager"]),
        eb.exists(
          eb
            .selectFrom("projectWorkers")
            .whereRef("projectWorkers.workerId", "=", "workers.id")
            .where("projectWorkers.projectId", "=", projectId)
            .select("projectWorkers.projectId"),
        ),
      ]),
    )
    .select("users.id")
    .limit(2)
    .execute();
  // Two people of the same name: nobody is guessed.
  return rows.length === 1 ? (rows[0]?.id ?? null) : null;
}

export interface NotificationRow {
  id: number;
  kind: string;
  entity: string;
  entityId: number;
  projectId: number | null;
  params: Record<string, string | number | null>;
  urgent: boolean;
  createdAt: Date;
  readAt: Date | null;
}

/**
 * The user's notifications about records they may still read (`visible` below; `reader` null:
 * staff). Newest first.
 */
export function notificationList(
  db: Kysely<Database>,
  userId: number,
  reader: NotificationReader | null,
  options: { before?: number | undefined; limit: number },
): Promise<NotificationRow[]> {
  return visible(db, userId, reader)
    .$if(options.before !== undefined, (q) => q.where("n.id", "<", options.before as number))
    .select(["n.id", "n.kind", "n.entity", "n.entityId", "n.projectId", "n.params", "n.urgent", "n.createdAt", "n.readAt"])
    .orderBy("n.id", "desc")
    .limit(options.limit)
    .execute();
}

export async function unreadCount(db: Kysely<Database>, userId: number, reader: NotificationReader | null): Promise<number> {
  const row = await visible(db, userId, reader)
    .where("n.readAt", "is", null)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Who reads the list, when not staff (staff read every record): their projects and worker profile. */
export interface NotificationReader {
  projectIds: readonly number[];
  workerId: number | null;
}

/**
 * The user's notifications they may still read: the domain's `canReadNotification` in SQL. A
 * notice about a worker (a credential expiring) is staff's or that worker's; a corrective action's
 * is readable off its project by the action's owner; any other by whoever sees its project, or by
 * everyone it was sent to when it has none. `reader` null: staff.
 */
function visible(db: Kysely<Database>, userId: number, reader: NotificationReader | null) {
  return db
    .selectFrom("notifications as n")
    .where("n.userId", "=", userId)
    .$if(reader !== null, (q) =>
      q.where((eb) => {
        const r = reader as NotificationReader;
        const byProject = eb.or([
          eb("n.projectId", "is", null),
          ...(r.projectIds.length > 0 ? [eb("n.projectId", "in", r.projectIds)] : []),
          eb.and([
            eb("n.entity", "=", "correctiveAction"),
            eb.exists(
              eb
                .selectFrom("correctiveActions as ca")
                .select("ca.id")
                .whereRef("ca.id", "=", "n.entityId")
                .where("ca.ownerUserId", "=", userId),
            ),
          ]),
        ]);
        return eb.or([
          eb.and([eb("n.entity", "<>", "worker"), byProject]),
          eb.and([eb("n.entity", "=", "worker"), eb("n.entityId", "=", r.workerId ?? -1)]),
        ]);
      }),
    );
}

/** The facts `canReadNotification` needs of a notification read again (its e-mail or push job). */
export function factsOf(note: { projectId: number | null; entity: string; entityId: number; actionOwnerUserId: number | null }) {
  return { projectId: note.projectId, entity: note.entity, entityId: note.entityId, actionOwnerUserId: note.actionOwnerUserId };
}

/** Marks one of the user's notifications read; false when there is no such notification of theirs. */
export async function markRead(db: Kysely<Database>, userId: number, id: number, now: Date): Promise<boolean> {
  const found = await db.selectFrom("notifications").where("id", "=", id).where("userId", "=", userId).select("id").executeTakeFirst();
  if (!found) return false;
  await db.updateTable("notifications").set({ readAt: now }).where("id", "=", id).where("readAt", "is", null).execute();
  return true;
}

export async function markAllRead(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ readAt: now })
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface ChannelChoice {
  /** undefined: no choice made for this channel. */
  email: boolean | undefined;
  push: boolean | undefined;
}

const choiceOf = (row: { email: boolean | null; push: boolean | null }): ChannelChoice => ({
  email: row.email ?? undefined,
  push: row.push ?? undefined,
});

/** The user's e-mail and push choices, by kind. */
export async function preferencesOf(db: Kysely<Database>, userId: number): Promise<Map<string, ChannelChoice>> {
  const rows = await db.selectFrom("notificationPreferences").where("userId", "=", userId).select(["kind", "email", "push"]).execute();
  return new Map(rows.map((row) => [row.kind, choiceOf(row)]));
}

/** Each user's choices for one kind, among `userIds` (no entry: no choice made). */
export async function channelChoices(db: Kysely<Database>, userIds: readonly number[], kind: string): Promise<Map<number, ChannelChoice>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("notificationPreferences")
    .where("userId", "in", userIds)
    .where("kind", "=", kind)
    .select(["userId", "email", "push"])
    .execute();
  return new Map(rows.map((row) => [row.userId, choiceOf(row)]));
}

/** Sets the channels given; a channel left out keeps its choice. */
export async function setPreference(
  db: Kysely<Database>,
  userId: number,
  kind: string,
  choice: { email?: boolean | undefined; push?: boolean | undefined },
): Promise<void> {
  const set = {
    ...(choice.email !== undefined ? { email: choice.email } : {}),
    ...(choice.push !== undefined ? { push: choice.push } : {}),
  };
  await db
    .insertInto("notificationPreferences")
    .values({ userId, kind, email: choice.email ?? null, push: choice.push ?? null })
    .onConflict((oc) => oc.columns(["userId", "kind"]).doUpdateSet(set))
    .execute();
}

/** The users among `userIds` who have at least one push subscription. */
export async function usersWithPush(db: Kysely<Database>, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom("pushSubscriptions").where("userId", "in", userIds).select("userId").distinct().execute();
  return new Set(rows.map((row) => row.userId));
}

/** One notification with what its e-mail needs: the addressee's address, language and name. */
export function notificationForEmail(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("notifications")
    .innerJoin("users", "users.id", "notifications.userId")
    .leftJoin("correctiveActions as ca", (join) =>
      join.onRef("ca.id", "=", "notifications.entityId").on("notifications.entity", "=", "correctiveAction"),
    )
    .where("notifications.id", "=", id)
    .select([
      "ca.ownerUserId as actionOwnerUserId",
      "notifications.id",
      "notifications.userId",
      "notifications.kind",
      "notifications.entity",
      "notifications.entityId",
      "notifications.projectId",
      "notifications.params",
      "notifications.urgent",
      "users.email",
      "users.language",
    ])
    .executeTakeFirst();
}

/**
 * Deletes at most `limit` notifications made before `before`, oldest first, and answers how many
 * it deleted (the retention job, apps/api/src/services/notifications.ts). A batch at a time keeps
 * each statement's locks and its write short.
 */
export async function deleteNotificationsBefore(db: Kysely<Database>, before: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom("notifications")
    .where("id", "in", (eb) =>
      eb.selectFrom("notifications").select("id").where("createdAt", "<", before).orderBy("createdAt").orderBy("id").limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
