import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { userDisplayName } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for corrective actions (issue #35): each takes the database (or a transaction) first. */

type Status = "open" | "in_progress" | "awaiting_verification" | "closed";
type Priority = "high" | "medium" | "low";

export interface CorrectiveAction {
  id: number;
  projectId: number;
  projectName: string;
  source: "inspection" | "incident" | "jha" | "manual";
  inspectionId: number | null;
  inspectionAnswerId: number | null;
  incidentReportId: number | null;
  jhaFormId: number | null;
  description: string;
  priority: Priority;
  status: Status;
  ownerUserId: number | null;
  ownerName: string | null;
  raisedBy: number | null;
  raisedByName: string | null;
  dueAt: Date;
  evidenceNote: string | null;
  evidencePhotoCount: number;
  submittedAt: Date | null;
  verifiedBy: number | null;
  verifiedByName: string | null;
  closedAt: Date | null;
  rejectionReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const evidencePhotos = sql<number>`(select count(*)::int from photos ph where ph.corrective_action_id = a.id)`;

function actionsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("correctiveActions as a")
    .innerJoin("projects as p", "p.id", "a.projectId")
    .leftJoin("users as o", "o.id", "a.ownerUserId")
    .leftJoin("users as r", "r.id", "a.raisedBy")
    .leftJoin("users as v", "v.id", "a.verifiedBy")
    .select([
      "a.id",
      "a.projectId",
      "p.name as projectName",
      "a.source",
      "a.inspectionId",
      "a.inspectionAnswerId",
      "a.incidentReportId",
      "a.jhaFormId",
      "a.description",
      "a.priority",
      "a.status",
      "a.ownerUserId",
      userDisplayName("o").as("ownerName"),
      "a.raisedBy",
      userDisplayName("r").as("raisedByName"),
      "a.dueAt",
      "a.evidenceNote",
      evidencePhotos.as("evidencePhotoCount"),
      "a.submittedAt",
      "a.verifiedBy",
      userDisplayName("v").as("verifiedByName"),
      "a.closedAt",
      "a.rejectionReason",
      "a.createdAt",
      "a.updatedAt",
    ]);
}

export interface ListActionsOptions {
  /** A worker's view: actions of these projects, or owned by `ownerOrProjectsUserId`; undefined for staff. */
  projectIds?: readonly number[] | undefined;
  ownerOrProjectsUserId?: number | undefined;
  projectId?: number | undefined;
  status?: Status | undefined;
  /** Only the actions this user owns. */
  ownerUserId?: number | undefined;
  /** Only actions past due and not closed at `now`. */
  overdueAt?: Date | undefined;
  inspectionId?: number | undefined;
  /** Only the actions raised from this incident report or JHA form. */
  incidentReportId?: number | undefined;
  jhaFormId?: number | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Soonest due first (the ones to act on), to read whole, page by page or streamed (listSource.ts). */
export function actionList(db: Kysely<Database>, options: ListActionsOptions = {}): ListSource<CorrectiveAction> {
  if (options.projectIds && options.projectIds.length === 0 && options.ownerOrProjectsUserId === undefined) return emptyList();
  let query = actionsQuery(db).orderBy("a.dueAt", "asc").orderBy("a.id", "asc");
  if (options.projectIds) {
    const ids = [...options.projectIds];
    const owner = options.ownerOrProjectsUserId;
    query = query.where((eb) => {
      const either = [];
      if (ids.length > 0) either.push(eb("a.projectId", "in", ids));
      if (owner !== undefined) either.push(eb("a.ownerUserId", "=", owner));
      return eb.or(either);
    });
  }
  if (options.projectId !== undefined) query = query.where("a.projectId", "=", options.projectId);
  if (options.status !== undefined) query = query.where("a.status", "=", options.status);
  if (options.ownerUserId !== undefined) query = query.where("a.ownerUserId", "=", options.ownerUserId);
  if (options.inspectionId !== undefined) query = query.where("a.inspectionId", "=", options.inspectionId);
  if (options.incidentReportId !== undefined) query = query.where("a.incidentReportId", "=", options.incidentReportId);
  if (options.jhaFormId !== undefined) query = query.where("a.jhaFormId", "=", options.jhaFormId);
  if (options.overdueAt !== undefined) query = query.where("a.status", "<>", "closed").where("a.dueAt", "<", options.overdueAt);
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb(sql`lower(a.description)`, "like", pattern), eb(sql`lower(p.name)`, "like", pattern)]));
  }
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("asc", ["a.dueAt", "timestamptz"], ["a.id", "integer"]));
}

export async function findAction(db: Kysely<Database>, id: number): Promise<CorrectiveAction | undefined> {
  return actionsQuery(db).where("a.id", "=", id).executeTakeFirst();
}

export async function findActionFacts(db: Kysely<Database>, id: number, lock = false) {
  let query = db
    .selectFrom("correctiveActions as a")
    .select(["a.id", "a.status", "a.projectId", "a.priority", "a.ownerUserId", "a.raisedBy", evidencePhotos.as("evidencePhotoCount")])
    .where("a.id", "=", id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface NewAction {
  projectId: number;
  source: "inspection" | "incident" | "jha" | "manual";
  inspectionId?: number | null;
  inspectionAnswerId?: number | null;
  incidentReportId?: number | null;
  jhaFormId?: number | null;
  description: string;
  priority: Priority;
  ownerUserId: number;
  raisedBy: number;
  dueAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export async function insertActions(db: Kysely<Database>, actions: NewAction[]): Promise<number[]> {
  if (actions.length === 0) return [];
  const rows = await db.insertInto("correctiveActions").values(actions).returning("id").execute();
  return rows.map((r) => r.id);
}

/** What a transition writes besides the status. */
export type ActionStamp =
  | { to: "in_progress" }
  | { to: "awaiting_verification"; evidenceNote: string | null }
  | { to: "closed"; userId: number }
  | { to: "open"; userId: number; reason: string };

/** The conditional UPDATE of a transition: only from one of `from`; false when the action is elsewhere now. */
export async function transitionAction(
  db: Kysely<Database>,
  id: number,
  from: readonly Status[],
  stamp: ActionStamp,
  now: Date,
): Promise<boolean> {
  const set =
    stamp.to === "in_progress"
      ? { status: stamp.to }
      : stamp.to === "awaiting_verification"
        ? { status: stamp.to, evidenceNote: stamp.evidenceNote, submittedAt: now, rejectionReason: null }
        : stamp.to === "closed"
          ? { status: stamp.to, verifiedBy: stamp.userId, closedAt: now }
          : { status: stamp.to, rejectionReason: stamp.reason, submittedAt: null };
  const result = await db
    .updateTable("correctiveActions")
    .set({ ...set, updatedAt: now })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The edit: only while not closed. A new due date clears the overdue reminder so a later lapse is told again. */
export async function updateAction(
  db: Kysely<Database>,
  id: number,
  values: { description: string; priority: Priority; ownerUserId: number; dueAt: Date },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("correctiveActions")
    .set({ ...values, updatedAt: now, overdueNotifiedAt: null })
    .where("id", "=", id)
    .where("status", "<>", "closed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Overdue actions not yet reminded, at most `limit`, marked reminded in the same statement (so two
 * jobs never remind one action twice): each is reminded once (docs/notifications.md).
 */
export async function claimOverdue(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<{ id: number; projectId: number; description: string; ownerUserId: number | null; raisedBy: number | null; dueAt: Date }[]> {
  const { rows } = await sql<{
    id: number;
    projectId: number;
    description: string;
    ownerUserId: number;
    raisedBy: number | null;
    dueAt: Date;
  }>`
    update corrective_actions set overdue_notified_at = ${now}
    where id in (
      select id from corrective_actions
      where status <> 'closed' and overdue_notified_at is null and due_at < ${now}
      order by due_at, id limit ${limit}
      for update skip locked)
    returning id, project_id as "projectId", description, owner_user_id as "ownerUserId", raised_by as "raisedBy", due_at as "dueAt"`.execute(
    db,
  );
  return rows;
}

/** Open (not closed) and overdue actions per owner (dashboard), most overdue first, at most 200 owners. */
export async function actionsByOwner(
  db: Kysely<Database>,
  options: { projectIds?: readonly number[] | undefined; now: Date },
): Promise<{ ownerUserId: number | null; ownerName: string | null; openCount: number; overdueCount: number }[]> {
  if (options.projectIds && options.projectIds.length === 0) return [];
  let query = db
    .selectFrom("correctiveActions as a")
    .innerJoin("users as o", "o.id", "a.ownerUserId")
    .select([
      "a.ownerUserId",
      userDisplayName("o").as("ownerName"),
      sql<number>`count(*)::int`.as("openCount"),
      sql<number>`(count(*) filter (where a.due_at < ${options.now}))::int`.as("overdueCount"),
    ])
    .where("a.status", "<>", "closed")
    .groupBy(["a.ownerUserId", "o.firstName", "o.lastName", "o.username"])
    .orderBy(sql`4`, "desc")
    .orderBy(sql`3`, "desc")
    .limit(200);
  if (options.projectIds) query = query.where("a.projectId", "in", [...options.projectIds]);
  return query.execute();
}

/** The user may own an action of the project: staff, or a worker assigned to it. */
export async function mayOwn(db: Kysely<Database>, userId: number, projectId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users as u")
    .leftJoin("workers as w", "w.userId", "u.id")
    .leftJoin("projectWorkers as pw", (join) => join.onRef("pw.workerId", "=", "w.id").on("pw.projectId", "=", projectId))
    .select(["u.role", "pw.projectId"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) return false;
  return row.role === "admin" || row.role === "manager" || row.projectId !== null;
}

export interface ActionOwner {
  userId: number;
  name: string;
  role: "admin" | "manager" | "worker";
  position: string | null;
}

/**
 * Who may own an action on the project (as `mayOwn`): staff, and the users of the workers assigned
 * to it; by name, at most `limit`.
 */
export async function actionOwners(db: Kysely<Database>, projectId: number, limit = 500): Promise<ActionOwner[]> {
  return db
    .selectFrom("users as u")
    .leftJoin("workers as w", "w.userId", "u.id")
    .select(["u.id as userId", userDisplayName("u").as("name"), "u.role", "w.role as position"])
    .where((eb) =>
      eb.or([
        eb("u.role", "in", ["admin", "manager"]),
        eb.exists(
          eb
            .selectFrom("projectWorkers as pw")
            .select("pw.workerId")
            .whereRef("pw.workerId", "=", "w.id")
            .where("pw.projectId", "=", projectId),
        ),
      ]),
    )
    .orderBy(sql`lower(${userDisplayName("u")})`)
    .orderBy("u.id")
    .limit(limit)
    .execute() as Promise<ActionOwner[]>;
}

/** The project of the incident report or JHA form an action is raised from; undefined when there is none. */
export async function sourceProject(db: Kysely<Database>, kind: "incident" | "jha", id: number): Promise<number | undefined> {
  const row =
    kind === "incident"
      ? await db.selectFrom("incidentReports").select("projectId").where("id", "=", id).executeTakeFirst()
      : await db.selectFrom("jhaForms").select("projectId").where("id", "=", id).executeTakeFirst();
  return row?.projectId ?? undefined;
}
