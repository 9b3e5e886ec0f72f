import type { PermitStatus } from "@sitesafe/domain";
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { fullName, userDisplayName } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for the permits area: each takes the database (or a transaction) first. */

const requesterName = fullName("requester");

/**
 * The requester's name as a subquery per row, not a join: under ORDER BY ... LIMIT PostgreSQL
 * runs it for the page's rows only (50 primary-key lookups), where a join hashed the whole
 * workers table (5,000 rows on seed:large) for a worker's page of 50 (docs/decisions/performance.md).
 */
const requesterNameOf = sql<string | null>`(select ${fullName("requester")} from workers as requester where requester.id = p.requested_by)`;

const permitColumns = [
  "p.id",
  "p.projectId",
  "p.title",
  "p.location",
  "p.workDescription",
  "p.startDate",
  "p.endDate",
  "p.requestedBy",
  "p.requestedAt",
  "p.status",
  "p.precautions",
  "p.equipmentUsed",
  "p.fireWatchRequired",
  "p.fireWatchBy",
  "p.fireWatchWorkerId",
  "p.approvedBy",
  "p.approvedAt",
  "p.rejectedBy",
  "p.rejectedAt",
  "p.rejectionReason",
  "p.closedAt",
  "p.closedBy",
  "p.closingNotes",
  "p.updatedAt",
] as const;

export interface PermitListFilter {
  /** Projects the caller may see; null means every project (staff). */
  visibleProjectIds: readonly number[] | null;
  projectId?: number | undefined;
  search?: string | undefined;
  status?: PermitStatus | undefined;
  /** Pending permits before the rest (the staff's review queue), then newest first. */
  pendingFirst?: boolean | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

/** Newest first, with project and requester names, in one query. */
export async function listPermits(db: Kysely<Database>, filter: PermitListFilter): Promise<PermitListing[]> {
  return permitList(db, filter).rows();
}

function listingQuery(db: Kysely<Database>) {
  return db
    .selectFrom("hotWorkPermits as p")
    .innerJoin("projects as pr", "pr.id", "p.projectId")
    .select([...permitColumns, "pr.name as projectName", requesterNameOf.as("requesterName")]);
}
export type PermitListing = Awaited<ReturnType<ReturnType<typeof listingQuery>["executeTakeFirstOrThrow"]>>;

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function permitList(db: Kysely<Database>, filter: PermitListFilter): ListSource<PermitListing> {
  if (filter.visibleProjectIds !== null && filter.visibleProjectIds.length === 0) return emptyList();
  // Every filter is on the permit's own columns: the total counts the permits table alone, not its
  // join with projects (every permit has a project).
  const search = filter.search?.trim();
  const pattern = search ? containsPattern(search) : undefined;
  const matches = (eb: ExpressionBuilder<Database & { p: Database["hotWorkPermits"] }, "p">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.visibleProjectIds !== null) conditions.push(eb("p.projectId", "in", [...filter.visibleProjectIds]));
    if (filter.projectId !== undefined) conditions.push(eb("p.projectId", "=", filter.projectId));
    if (filter.status !== undefined) conditions.push(eb("p.status", "=", filter.status));
    if (pattern !== undefined)
      conditions.push(
        eb.or([eb("p.title", "ilike", pattern), eb("p.workDescription", "ilike", pattern), eb("p.location", "ilike", pattern)]),
      );
    return eb.and(conditions);
  };
  let query = listingQuery(db).where(matches);
  if (filter.pendingFirst) query = query.orderBy(sql<boolean>`p.status = 'pending'`, "desc");
  query = query.orderBy("p.requestedAt", "desc").orderBy("p.id", "desc");
  if (filter.limit !== undefined) query = query.limit(filter.limit);
  if (filter.offset !== undefined) query = query.offset(filter.offset);
  return listSource(
    query,
    keyset("desc", ["p.requestedAt", "timestamptz"], ["p.id", "integer"]),
    undefined,
    db.selectFrom("hotWorkPermits as p").select("p.id").where(matches),
  );
}

/** One permit with the names the detail page shows, in one query. */
export async function findPermitDetail(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("hotWorkPermits as p")
    .innerJoin("projects as pr", "pr.id", "p.projectId")
    .leftJoin("workers as requester", "requester.id", "p.requestedBy")
    .leftJoin("users as approver", "approver.id", "p.approvedBy")
    .leftJoin("users as rejecter", "rejecter.id", "p.rejectedBy")
    .leftJoin("users as closer", "closer.id", "p.closedBy")
    .select([
      ...permitColumns,
      "pr.name as projectName",
      "pr.location as projectLocation",
      requesterName.as("requesterName"),
      "requester.email as requesterEmail",
      "requester.company as requesterCompany",
      "requester.hardhatNumber as requesterHardhatNumber",
      userDisplayName("approver").as("approvedByName"),
      userDisplayName("rejecter").as("rejectedByName"),
      userDisplayName("closer").as("closedByName"),
    ])
    .where("p.id", "=", id)
    .executeTakeFirst();
}

/** What the policy needs to decide an action on a permit. */
export async function findPermitFacts(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("hotWorkPermits")
    .select(["id", "status", "projectId", "requestedBy", "fireWatchWorkerId"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export interface PermitFormData {
  projectId: number;
  title: string;
  location: string;
  workDescription: string;
  startDate: Date;
  endDate: Date;
  requestedBy: number;
  precautions: string[];
  equipmentUsed: string[];
  fireWatchRequired: boolean;
  fireWatchBy: string | null;
  fireWatchWorkerId: number | null;
}

const formValues = (data: PermitFormData) => ({
  projectId: data.projectId,
  title: data.title,
  location: data.location,
  workDescription: data.workDescription,
  startDate: data.startDate,
  endDate: data.endDate,
  requestedBy: data.requestedBy,
  precautions: JSON.stringify(data.precautions),
  equipmentUsed: JSON.stringify(data.equipmentUsed),
  fireWatchRequired: data.fireWatchRequired,
  fireWatchBy: data.fireWatchBy,
  fireWatchWorkerId: data.fireWatchWorkerId,
});

/** A new permit is pending (docs/product.md). */
export async function insertPermit(db: Kysely<Database>, data: PermitFormData): Promise<number> {
  const row = await db
    .insertInto("hotWorkPermits")
    .values({ ...formValues(data), status: "pending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The edit form replaces every form field; the status and its stamps stay as they are. With
 * `onlyIfStatus` the update lands only while the permit is still in that state (a worker's edit
 * must not overwrite a permit a manager approved a moment ago).
 */
export async function updatePermitForm(
  db: Kysely<Database>,
  id: number,
  data: PermitFormData,
  onlyIfStatus?: PermitStatus,
): Promise<boolean> {
  let query = db
    .updateTable("hotWorkPermits")
    .set({ ...formValues(data), updatedAt: new Date() })
    .where("id", "=", id);
  if (onlyIfStatus) query = query.where("status", "=", onlyIfStatus);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type PermitTransitionStamp =
  | { to: "approved"; userId: number }
  | { to: "rejected"; userId: number; rejectionReason: string }
  | { to: "closed"; userId: number; closingNotes: string | null };

/**
 * Moves a permit from one state to the next with one conditional UPDATE, so of two concurrent
 * approve/reject calls exactly one gets the row back. Returns false when the permit was no longer
 * in `from` (someone else moved it first) or is gone.
 */
export async function transitionPermit(
  db: Kysely<Database>,
  id: number,
  from: PermitStatus,
  stamp: PermitTransitionStamp,
): Promise<boolean> {
  const now = new Date();
  const set =
    stamp.to === "approved"
      ? { status: stamp.to, approvedBy: stamp.userId, approvedAt: now }
      : stamp.to === "rejected"
        ? { status: stamp.to, rejectedBy: stamp.userId, rejectedAt: now, rejectionReason: stamp.rejectionReason }
        : { status: stamp.to, closedBy: stamp.userId, closedAt: now, closingNotes: stamp.closingNotes };
  const row = await db
    .updateTable("hotWorkPermits")
    .set({ ...set, updatedAt: now })
    .where("id", "=", id)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePermit(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("hotWorkPermits").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
