import type { CredentialRequirement, CredentialStatus, CredentialType } from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";
import { userDisplayName, workerName } from "./names.js";

/** Queries for credentials (issue #36, migration 0027): each takes the database (or a transaction) first. */

/** A worker holds at most this many credentials in one answer (a career of cards, not a warehouse). */
export const WORKER_CREDENTIALS_MAX = 200;

export async function listTypes(db: Kysely<Database>): Promise<CredentialType[]> {
  return db
    .selectFrom("credentialTypes")
    .select(["id", "code", "nameEn", "nameEs", "validityMonths"])
    .orderBy("nameEn")
    .orderBy("id")
    .limit(1000)
    .execute();
}

export async function findType(db: Kysely<Database>, id: number): Promise<CredentialType | undefined> {
  return db
    .selectFrom("credentialTypes")
    .select(["id", "code", "nameEn", "nameEs", "validityMonths"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function typeNamed(db: Kysely<Database>, nameEn: string): Promise<boolean> {
  const row = await db.selectFrom("credentialTypes").select("id").where(sql`lower(name_en)`, "=", nameEn.toLowerCase()).executeTakeFirst();
  return row !== undefined;
}

export async function insertType(
  db: Kysely<Database>,
  type: { nameEn: string; nameEs: string; validityMonths: number | null; createdBy: number },
): Promise<number> {
  const { id } = await db.insertInto("credentialTypes").values(type).returning("id").executeTakeFirstOrThrow();
  return id;
}

function credentialRows(db: Kysely<Database>) {
  return db
    .selectFrom("credentials as c")
    .innerJoin("credentialTypes as t", "t.id", "c.credentialTypeId")
    .innerJoin("workers as w", "w.id", "c.workerId")
    .leftJoin("users as v", "v.id", "c.verifiedBy")
    .select([
      "c.id",
      "c.workerId",
      workerName("w").as("workerName"),
      "c.credentialTypeId",
      "t.nameEn as typeNameEn",
      "t.nameEs as typeNameEs",
      "c.number",
      "c.issuer",
      "c.issueDate",
      "c.expiryDate",
      "c.status",
      "c.rejectionReason",
      userDisplayName("v").as("verifiedByName"),
      "c.verifiedAt",
      sql<number>`(select count(*)::int from photos ph where ph.credential_id = c.id)`.as("photoCount"),
      "c.createdAt",
    ]);
}

export type CredentialRow = Awaited<ReturnType<ReturnType<typeof credentialRows>["execute"]>>[number];

/** A worker's credentials by type name, then latest expiry first. */
export async function workerCredentials(db: Kysely<Database>, workerId: number): Promise<CredentialRow[]> {
  return credentialRows(db)
    .where("c.workerId", "=", workerId)
    .orderBy("t.nameEn")
    .orderBy(sql`c.expiry_date desc nulls first`)
    .orderBy("c.id", "desc")
    .limit(WORKER_CREDENTIALS_MAX)
    .execute();
}

export async function findCredential(db: Kysely<Database>, id: number): Promise<CredentialRow | undefined> {
  return credentialRows(db).where("c.id", "=", id).executeTakeFirst();
}

export interface CredentialWrite {
  workerId: number;
  credentialTypeId: number;
  number: string | null;
  issuer: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  status: CredentialStatus;
  submittedBy: number;
  verifiedBy: number | null;
  verifiedAt: Date | null;
}

export async function insertCredential(db: Kysely<Database>, c: CredentialWrite): Promise<number> {
  const { id } = await db.insertInto("credentials").values(c).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Many credentials in one statement (the CSV import). */
export async function insertCredentials(db: Kysely<Database>, rows: CredentialWrite[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto("credentials")
      .values(rows.slice(i, i + 500))
      .returning("id")
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** What makes two credentials the same for an import: the worker, the type and the number (or, without one, the expiry date). */
export function heldKey(c: { workerId: number; credentialTypeId: number; number: string | null; expiryDate: string | null }): string {
  return JSON.stringify([c.workerId, c.credentialTypeId, c.number?.toLowerCase() ?? null, c.number ? null : c.expiryDate]);
}

/** The import keys of these workers' credentials (not rejected). */
export async function heldKeys(db: Kysely<Database>, workerIds: readonly number[]): Promise<string[]> {
  if (workerIds.length === 0) return [];
  const rows = await db
    .selectFrom("credentials")
    .select(["workerId", "credentialTypeId", "number", "expiryDate"])
    .where("workerId", "in", workerIds)
    .where("status", "<>", "rejected")
    .execute();
  return rows.map(heldKey);
}

/** Moves a submitted credential to verified or rejected; false when it is no longer submitted (a race, or decided already). */
export async function decide(
  db: Kysely<Database>,
  id: number,
  change: { status: "verified"; verifiedBy: number; at: Date } | { status: "rejected"; verifiedBy: number; at: Date; reason: string },
): Promise<boolean> {
  const result = await db
    .updateTable("credentials")
    .set({
      status: change.status,
      verifiedBy: change.verifiedBy,
      verifiedAt: change.at,
      rejectionReason: change.status === "rejected" ? change.reason : null,
      updatedAt: change.at,
    })
    .where("id", "=", id)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteCredential(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("credentials").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The credentials of these workers (no photos, no names): what compliance is computed from. */
export async function heldBy(
  db: Kysely<Database>,
  workerIds: readonly number[],
): Promise<{ workerId: number; credentialTypeId: number; status: CredentialStatus; expiryDate: string | null }[]> {
  if (workerIds.length === 0) return [];
  return db
    .selectFrom("credentials")
    .select(["workerId", "credentialTypeId", "status", "expiryDate"])
    .where("workerId", "in", workerIds)
    .where("status", "<>", "rejected")
    .execute();
}

// ---- requirements

function requirementRows(db: Kysely<Database>) {
  return db
    .selectFrom("credentialRequirements as r")
    .innerJoin("credentialTypes as t", "t.id", "r.credentialTypeId")
    .leftJoin("projects as p", "p.id", "r.projectId")
    .select([
      "r.id",
      "r.credentialTypeId",
      "t.nameEn as typeNameEn",
      "t.nameEs as typeNameEs",
      "r.position",
      "r.projectId",
      "p.name as projectName",
      "r.blocking",
    ]);
}

export async function listRequirements(
  db: Kysely<Database>,
  filter: { projectId?: number | undefined; position?: string | undefined },
): Promise<CredentialRequirement[]> {
  let q = requirementRows(db);
  if (filter.projectId !== undefined) q = q.where("r.projectId", "=", filter.projectId);
  if (filter.position !== undefined) q = q.where(sql`lower(r.position)`, "=", filter.position.toLowerCase());
  return q.orderBy("r.projectId").orderBy("r.position").orderBy("t.nameEn").orderBy("r.id").limit(1000).execute();
}

export async function findRequirement(db: Kysely<Database>, id: number): Promise<CredentialRequirement | undefined> {
  return requirementRows(db).where("r.id", "=", id).executeTakeFirst();
}

export async function insertRequirement(
  db: Kysely<Database>,
  r: { credentialTypeId: number; position: string | null; projectId: number | null; blocking: boolean; createdBy: number },
): Promise<number> {
  const { id } = await db.insertInto("credentialRequirements").values(r).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function deleteRequirement(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("credentialRequirements").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface RequiredOfWorker {
  workerId: number;
  credentialTypeId: number;
  typeNameEn: string;
  typeNameEs: string;
  blocking: boolean;
}

/**
 * The types required of each of these workers, in one query: by their position (workers.role,
 * case-insensitive) and, when `projectId` is given, by that project; otherwise by every project
 * they are assigned to.
 */
export async function requiredOf(db: Kysely<Database>, workerIds: readonly number[], projectId?: number): Promise<RequiredOfWorker[]> {
  if (workerIds.length === 0) return [];
  const byPosition = db
    .selectFrom("workers as w")
    .innerJoin("credentialRequirements as r", (j) => j.on(sql`lower(r.position)`, "=", sql`lower(w.role)`))
    .innerJoin("credentialTypes as t", "t.id", "r.credentialTypeId")
    .select(["w.id as workerId", "r.credentialTypeId", "t.nameEn as typeNameEn", "t.nameEs as typeNameEs", "r.blocking"])
    .where("w.id", "in", workerIds);
  let byProject = db
    .selectFrom("projectWorkers as pw")
    .innerJoin("credentialRequirements as r", "r.projectId", "pw.projectId")
    .innerJoin("credentialTypes as t", "t.id", "r.credentialTypeId")
    .select(["pw.workerId", "r.credentialTypeId", "t.nameEn as typeNameEn", "t.nameEs as typeNameEs", "r.blocking"])
    .where("pw.workerId", "in", workerIds);
  if (projectId !== undefined) byProject = byProject.where("pw.projectId", "=", projectId);
  return byPosition.unionAll(byProject).execute();
}

/** The types a project requires, and those required of a position, for a worker about to be assigned. */
export async function requiredForAssignment(db: Kysely<Database>, workerId: number, projectId: number): Promise<RequiredOfWorker[]> {
  const byPosition = db
    .selectFrom("workers as w")
    .innerJoin("credentialRequirements as r", (j) => j.on(sql`lower(r.position)`, "=", sql`lower(w.role)`))
    .innerJoin("credentialTypes as t", "t.id", "r.credentialTypeId")
    .select(["w.id as workerId", "r.credentialTypeId", "t.nameEn as typeNameEn", "t.nameEs as typeNameEs", "r.blocking"])
    .where("w.id", "=", workerId);
  const byProject = db
    .selectFrom("credentialRequirements as r")
    .innerJoin("credentialTypes as t", "t.id", "r.credentialTypeId")
    .select([
      sql<number>`${workerId}::int`.as("workerId"),
      "r.credentialTypeId",
      "t.nameEn as typeNameEn",
      "t.nameEs as typeNameEs",
      "r.blocking",
    ])
    .where("r.projectId", "=", projectId);
  return byPosition.unionAll(byProject).execute();
}

/** The workers assigned to a project, by name (bounded: a project's crew). */
export async function projectCrew(db: Kysely<Database>, projectId: number): Promise<{ workerId: number; workerName: string }[]> {
  return db
    .selectFrom("projectWorkers as pw")
    .innerJoin("workers as w", "w.id", "pw.workerId")
    .select(["w.id as workerId", workerName("w").as("workerName")])
    .where("pw.projectId", "=", projectId)
    .orderBy("w.lastName")
    .orderBy("w.firstName")
    .orderBy("w.id")
    .limit(2000)
    .execute();
}

/** Fire watch credential types (code "fire_watch"). */
export async function fireWatchTypeIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("credentialTypes").select("id").where("code", "=", "fire_watch").execute();
  return rows.map((r) => r.id);
}

// ---- reminders

export interface ReminderDue {
  credentialId: number;
  workerId: number;
  workerUserId: number | null;
  workerName: string;
  typeNameEn: string;
  typeNameEs: string;
  expiryDate: string;
  /** The step this reminder is: 30 (the card expires in 8 to 30 days) or 7 (in 1 to 7). */
  daysBefore: 30 | 7;
  /** Days from today to the expiry date, as the reminder says them. */
  daysLeft: number;
}

/**
 * Credentials (not rejected) whose step's reminder is due and not sent for this expiry date: step
 * 30 while the card expires in 8 to 30 days, step 7 in 1 to 7. A window rather than the exact day,
 * so a day the job did not run (an outage, a run cut short by the bound) is caught up the next
 * day, and a card added 20 days before its expiry is reminded at once. Bounded per run; the next
 * run takes the rest.
 */
export async function remindersDue(db: Kysely<Database>, today: string, limit = 5000): Promise<ReminderDue[]> {
  const daysLeft = sql<number>`(c.expiry_date - ${today}::date)`;
  const step = sql<number>`(case when c.expiry_date - ${today}::date <= 7 then 7 else 30 end)`;
  const rows = await db
    .selectFrom("credentials as c")
    .innerJoin("credentialTypes as t", "t.id", "c.credentialTypeId")
    .innerJoin("workers as w", "w.id", "c.workerId")
    .select([
      "c.id as credentialId",
      "c.workerId",
      "w.userId as workerUserId",
      workerName("w").as("workerName"),
      "t.nameEn as typeNameEn",
      "t.nameEs as typeNameEs",
      sql<string>`to_char(c.expiry_date, 'YYYY-MM-DD')`.as("expiryDate"),
      daysLeft.as("daysLeft"),
      step.as("daysBefore"),
    ])
    .where("c.status", "<>", "rejected")
    .where("c.expiryDate", ">", sql<string>`${today}::date`)
    .where("c.expiryDate", "<=", sql<string>`${today}::date + 30`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("credentialReminders as cr")
            .select("cr.credentialId")
            .whereRef("cr.credentialId", "=", "c.id")
            .whereRef("cr.expiryDate", "=", "c.expiryDate")
            .where("cr.daysBefore", "=", step),
        ),
      ),
    )
    .orderBy("c.id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, daysLeft: Number(r.daysLeft), daysBefore: Number(r.daysBefore) === 7 ? 7 : 30 }));
}

/** Stamps a reminder as sent; false when another run stamped it first (the primary key), so it is sent once. */
export async function stampReminder(
  db: Kysely<Database>,
  r: { credentialId: number; daysBefore: number; expiryDate: string },
): Promise<boolean> {
  const row = await db
    .insertInto("credentialReminders")
    .values(r)
    .onConflict((oc) => oc.doNothing())
    .returning("credentialId")
    .executeTakeFirst();
  return row !== undefined;
}

/** The user accounts of the managers of the projects a worker is assigned to: staff users (admin, manager) assigned there. */
export async function projectManagerUserIds(db: Kysely<Database>, workerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("projectWorkers as mine")
    .innerJoin("projectWorkers as pw", "pw.projectId", "mine.projectId")
    .innerJoin("workers as mw", "mw.id", "pw.workerId")
    .innerJoin("users as u", "u.id", "mw.userId")
    .select("u.id")
    .distinct()
    .where("mine.workerId", "=", workerId)
    .where("u.role", "in", ["admin", "manager"])
    .execute();
  return rows.map((r) => r.id);
}
