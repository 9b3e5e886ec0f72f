import type { CommentFilter, CommentStatus } from "@sitesafe/domain";
import { statusesForFilter } from "@sitesafe/domain";
import type { Kysely } from "kysely";
import { keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";

// Queries for the comments area: each takes the database (or a transaction) first.

export interface PersonName {
  firstName: string | null;
  lastName: string | null;
}

/** A safety message as every answer shows it: with its author, project and responder. */
export interface SafetyComment {
  id: number;
  userId: number | null;
  projectId: number | null;
  title: string;
  content: string;
  status: CommentStatus;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: number | null;
  managerResponse: string | null;
  user: PersonName | null;
  project: { name: string; location: string } | null;
  resolvedByUser: PersonName | null;
}

function listingQuery(db: Kysely<Database>) {
  return db
    .selectFrom("safetyComments as c")
    .leftJoin("users as u", "u.id", "c.userId")
    .leftJoin("projects as p", "p.id", "c.projectId")
    .leftJoin("users as r", "r.id", "c.resolvedBy")
    .select([
      "c.id",
      "c.userId",
      "c.projectId",
      "c.title",
      "c.content",
      "c.status",
      "c.createdAt",
      "c.updatedAt",
      "c.resolvedAt",
      "c.resolvedBy",
      "c.managerResponse",
      "u.firstName as userFirstName",
      "u.lastName as userLastName",
      "p.name as projectName",
      "p.location as projectLocation",
      "r.firstName as resolverFirstName",
      "r.lastName as resolverLastName",
    ]);
}

type ListingRow = Awaited<ReturnType<ReturnType<typeof listingQuery>["executeTakeFirstOrThrow"]>>;

function toComment(row: ListingRow): SafetyComment {
  const { userFirstName, userLastName, projectName, projectLocation, resolverFirstName, resolverLastName, ...comment } = row;
  return {
    ...comment,
    user: comment.userId === null ? null : { firstName: userFirstName, lastName: userLastName },
    project: comment.projectId === null || projectName === null ? null : { name: projectName, location: projectLocation ?? "" },
    resolvedByUser: comment.resolvedBy === null ? null : { firstName: resolverFirstName, lastName: resolverLastName },
  };
}

export interface ListCommentsOptions {
  /** Only this author's messages (a worker's view). */
  authorUserId?: number | undefined;
  status?: CommentFilter | undefined;
  projectId?: number | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first, in one query with the author, project and responder joined in. */
export async function listComments(db: Kysely<Database>, options: ListCommentsOptions = {}): Promise<SafetyComment[]> {
  return commentList(db, options).rows();
}

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function commentList(db: Kysely<Database>, options: ListCommentsOptions = {}): ListSource<SafetyComment> {
  let query = listingQuery(db).orderBy("c.createdAt", "desc").orderBy("c.id", "desc");
  if (options.authorUserId !== undefined) query = query.where("c.userId", "=", options.authorUserId);
  if (options.status && options.status !== "all") query = query.where("c.status", "in", [...statusesForFilter(options.status)]);
  if (options.projectId !== undefined) query = query.where("c.projectId", "=", options.projectId);
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return listSource(query, keyset("desc", ["c.createdAt", "timestamptz"], ["c.id", "integer"]), toComment);
}

export async function findComment(db: Kysely<Database>, id: number): Promise<SafetyComment | undefined> {
  const row = await listingQuery(db).where("c.id", "=", id).executeTakeFirst();
  return row ? toComment(row) : undefined;
}

/**
 * The state facts of a message, row-locked for the rest of the transaction: a second manager
 * resolving at the same moment waits here, then sees "resolved" and is refused.
 */
export async function lockComment(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("safetyComments")
    .select(["id", "userId", "projectId", "status", "title"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertComment(
  db: Kysely<Database>,
  values: { userId: number; projectId: number | null; title: string; content: string },
): Promise<number> {
  const row = await db
    .insertInto("safetyComments")
    .values({ ...values, status: "open" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The author's edit; only while the message is still in one of `fromStatuses`. True when it happened. */
export async function updateCommentContent(
  db: Kysely<Database>,
  id: number,
  fromStatuses: readonly CommentStatus[],
  values: { title: string; content: string; projectId: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable("safetyComments")
    .set({ ...values, updatedAt: new Date() })
    .where("id", "=", id)
    .where("status", "in", [...fromStatuses])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A conditional transition: `WHERE status IN (from)`, so only one of two racing callers wins. */
export async function transitionComment(
  db: Kysely<Database>,
  id: number,
  from: readonly CommentStatus[],
  to: CommentStatus,
  extra: { resolvedBy?: number; managerResponse?: string | null } = {},
): Promise<boolean> {
  const now = new Date();
  const result = await db
    .updateTable("safetyComments")
    .set({
      status: to,
      updatedAt: now,
      ...(to === "resolved"
        ? { resolvedAt: now, resolvedBy: extra.resolvedBy ?? null, managerResponse: extra.managerResponse ?? null }
        : {}),
    })
    .where("id", "=", id)
    .where("status", "in", [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the message, only while it is in one of `fromStatuses` when given. */
export async function deleteComment(db: Kysely<Database>, id: number, fromStatuses?: readonly CommentStatus[]): Promise<boolean> {
  let query = db.deleteFrom("safetyComments").where("id", "=", id);
  if (fromStatuses) query = query.where("status", "in", [...fromStatuses]);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Projects a message may be about: every project for staff, the assigned ones for a worker. */
export async function projectOptions(db: Kysely<Database>, scope: { workerId: number | null } | "all") {
  let query = db.selectFrom("projects as p").select(["p.id", "p.name", "p.location", "p.status"]).orderBy("p.name").orderBy("p.id");
  if (scope !== "all") {
    if (scope.workerId === null) return [];
    const workerId = scope.workerId;
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom("projectWorkers as pw").select("pw.id").whereRef("pw.projectId", "=", "p.id").where("pw.workerId", "=", workerId),
      ),
    );
  }
  return query.execute();
}
