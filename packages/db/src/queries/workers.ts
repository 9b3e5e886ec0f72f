import { type Kysely, sql } from "kysely";
import { emptyList, keyset, type ListSource, listSource } from "../listSource.js";
import type { Database } from "../types.js";
import { projectFiguresOf, withCompliance, withFigures, workerComplianceOf, workerComplianceOfIds } from "./compliance.js";
import { workerNameForSearch } from "./names.js";
import { containsPattern } from "./search.js";

/** Queries for the workers area: each takes the database (or a transaction) first. */

export interface NewWorkerProfile {
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  role: string;
  company?: string | null;
  hardhatNumber?: string | null;
  emergencyContact?: string | null;
}

export async function insertWorkerProfile(db: Kysely<Database>, worker: NewWorkerProfile): Promise<number> {
  const row = await db
    .insertInto("workers")
    .values({
      userId: worker.userId,
      firstName: worker.firstName,
      lastName: worker.lastName,
      email: worker.email,
      phone: worker.phone ?? null,
      role: worker.role,
      company: worker.company ?? null,
      hardhatNumber: worker.hardhatNumber ?? null,
      emergencyContact: worker.emergencyContact ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const profileColumns = [
  "id",
  "userId",
  "firstName",
  "lastName",
  "email",
  "phone",
  "role",
  "company",
  "hardhatNumber",
  "emergencyContact",
  "createdAt",
] as const;

export async function findWorkerByUserId(db: Kysely<Database>, userId: number) {
  return db.selectFrom("workers").select(profileColumns).where("userId", "=", userId).executeTakeFirst();
}

// --- Lists and detail --------------------------------------------------------------

export interface Worker {
  id: number;
  userId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: string;
  company: string | null;
  hardhatNumber: string | null;
  emergencyContact: string | null;
  createdAt: Date;
  /** The worker's overall training percentage (queries/compliance.ts). */
  safetyCompliance: number;
  /** Projects the worker is assigned to, in id order. */
  projectIds: number[];
  /** The login account's username, when the profile has one. */
  username: string | null;
}

export interface ListWorkersOptions {
  search?: string | undefined;
  /** Only these positions (workers.role), e.g. the manager positions. */
  positions?: readonly string[] | undefined;
  /**
   * Only workers with a credential requirement (their position's or an assigned project's) that no
   * verified credential meets beyond this date (YYYY-MM-DD: today + 30 days): missing, awaiting
   * verification, expired or expiring within 30 days (issue #36).
   */
  credentialsValidThrough?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

const workersTable = (db: Kysely<Database>) => db.selectFrom("workers as w");

/**
 * The worker columns with projects and username, over `from` (all workers, or the filtered ones).
 * Compliance comes from a `WorkerComplianceLookup` (compliance.ts), added by `withCompliance`.
 */
function workerRows(from: ReturnType<typeof workersTable>) {
  return from
    .leftJoin("users as u", "u.id", "w.userId")
    .select([
      "w.id",
      "w.userId",
      "w.firstName",
      "w.lastName",
      "w.email",
      "w.phone",
      "w.role",
      "w.company",
      "w.hardhatNumber",
      "w.emergencyContact",
      "w.createdAt",
      "u.username",
      sql<
        number[]
      >`coalesce((select array_agg(pw.project_id order by pw.project_id) from project_workers pw where pw.worker_id = w.id), '{}')`.as(
        "projectIds",
      ),
    ]);
}

const toWorker = <T extends { projectIds: number[] }>(row: T) => ({
  ...row,
  projectIds: (row.projectIds ?? []).map(Number),
});

/** By last name, then first name. Search matches name, e-mail, job role or phone. */
export async function listWorkers(
  db: Kysely<Database>,
  options: ListWorkersOptions = {},
  compliance = workerComplianceOfIds(db),
): Promise<Worker[]> {
  return workerList(db, options, compliance).rows();
}

/** The list, to read whole, page by page or streamed (listSource.ts). */
export function workerList(
  db: Kysely<Database>,
  options: ListWorkersOptions = {},
  compliance = workerComplianceOfIds(db),
): ListSource<Worker> {
  if (options.positions && options.positions.length === 0) return emptyList();
  // Filters go on the bare table, so the count reads nothing else.
  let matching = workersTable(db);
  if (options.positions) matching = matching.where("w.role", "in", [...options.positions]);
  if (options.credentialsValidThrough) {
    const through = options.credentialsValidThrough;
    matching = matching.where(
      sql<boolean>`exists (
        select 1 from credential_requirements r
        where (lower(r.position) = lower(w.role)
               or r.project_id in (select pw.project_id from project_workers pw where pw.worker_id = w.id))
          and not exists (
            select 1 from credentials c
            where c.worker_id = w.id and c.credential_type_id = r.credential_type_id and c.status = 'verified'
              and (c.expiry_date is null or c.expiry_date > ${through}::date)))`,
    );
  }
  const q = options.search?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const digits = q.replace(/\D/g, "");
    matching = matching.where((eb) =>
      eb.or([
        eb(workerNameForSearch("w"), "like", pattern),
        eb(sql`lower(w.email)`, "like", pattern),
        eb(sql`lower(w.role)`, "like", pattern),
        eb(sql`lower(coalesce(w.phone, ''))`, "like", pattern),
        ...(digits.length >= 3 ? [eb(sql`regexp_replace(coalesce(w.phone, ''), '[^0-9]', '', 'g')`, "like", `%${digits}%`)] : []),
      ]),
    );
  }
  const ordered = workerRows(matching).orderBy("w.lastName").orderBy("w.firstName").orderBy("w.id");
  const byName = keyset("asc", ["w.lastName", "text"], ["w.firstName", "text"], ["w.id", "integer"]);
  if (options.limit === undefined) {
    // A whole list is read in chunks (listSource.ts): compliance is joined into each chunk's query.
    const whole = ordered
      .innerJoinLateral(workerComplianceOf(db, "w.id").as("wc"), (join) => join.onTrue())
      .select("wc.compliance as safetyCompliance");
    return listSource(whole, byName, (row) => ({ ...toWorker(row), safetyCompliance: Number(row.safetyCompliance) }), matching);
  }
  // A page reads its own workers' compliance from the lookup (cached figures, or one query).
  const page = ordered.limit(options.limit).offset(options.offset ?? 0);
  return listSource(page, byName, toWorker, matching, async (rows) => withCompliance(rows, await compliance(rows.map((r) => r.id))));
}

export async function workerExists(db: Kysely<Database>, workerId: number): Promise<boolean> {
  const row = await db.selectFrom("workers").select("id").where("id", "=", workerId).executeTakeFirst();
  return row !== undefined;
}

export async function findWorker(db: Kysely<Database>, id: number, compliance = workerComplianceOfIds(db)): Promise<Worker | undefined> {
  const row = await workerRows(workersTable(db)).where("w.id", "=", id).executeTakeFirst();
  return row ? withCompliance([toWorker(row)], await compliance([row.id]))[0] : undefined;
}

/** The bare profile row (no compliance), for checks inside writes. */
export async function findWorkerProfile(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("workers as w")
    .leftJoin("users as u", "u.id", "w.userId")
    .select([...profileColumns.map((c) => `w.${c}` as const), "u.role as accountRole"])
    .where("w.id", "=", id)
    .executeTakeFirst();
}

export interface WorkerProfileUpdate {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  role?: string;
  company?: string | null;
  hardhatNumber?: string | null;
  emergencyContact?: string | null;
}

export async function updateWorkerProfile(db: Kysely<Database>, id: number, fields: WorkerProfileUpdate): Promise<boolean> {
  if (Object.keys(fields).length === 0) return true;
  const result = await db.updateTable("workers").set(fields).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The profile's login account follows its name and e-mail, so both say the same thing. */
export async function updateAccountIdentity(
  db: Kysely<Database>,
  userId: number,
  fields: { firstName?: string; lastName?: string; email?: string },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable("users").set(fields).where("id", "=", userId).execute();
}

export async function deleteWorkerProfile(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("workers").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Makes the worker's assignments exactly `projectIds`: compares the current and chosen projects,
 * removes the dropped ones and adds the new ones (a concurrent duplicate insert is ignored).
 * Run in a transaction. Returns what changed.
 */
export async function syncWorkerProjects(
  db: Kysely<Database>,
  workerId: number,
  projectIds: readonly number[],
): Promise<{ added: number[]; removed: number[] }> {
  const current = (await db.selectFrom("projectWorkers").select("projectId").where("workerId", "=", workerId).execute()).map(
    (r) => r.projectId,
  );
  const chosen = new Set(projectIds);
  const removed = current.filter((id) => !chosen.has(id));
  const added = [...chosen].filter((id) => !current.includes(id));
  if (removed.length > 0) {
    await db.deleteFrom("projectWorkers").where("workerId", "=", workerId).where("projectId", "in", removed).execute();
  }
  if (added.length > 0) {
    await db
      .insertInto("projectWorkers")
      .values(added.map((projectId) => ({ projectId, workerId })))
      .onConflict((oc) => oc.columns(["projectId", "workerId"]).doNothing())
      .execute();
  }
  return { added, removed };
}

/** Which of these project ids do not exist (to answer 400 instead of a foreign-key error). */
export async function missingProjectIds(db: Kysely<Database>, projectIds: readonly number[]): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const found = new Set(
    (
      await db
        .selectFrom("projects")
        .select("id")
        .where("id", "in", [...projectIds])
        .execute()
    ).map((r) => r.id),
  );
  return projectIds.filter((id) => !found.has(id));
}

/** GET /api/workers/:id/projects: the worker's projects with compliance and worker count. */
export async function listWorkerProjects(db: Kysely<Database>, workerId: number, figures = projectFiguresOf(db)) {
  const rows = await db
    .selectFrom("projectWorkers as pw")
    .innerJoin("projects as p", "p.id", "pw.projectId")
    .select([
      "p.id",
      "p.name",
      "p.location",
      "p.status",
      "p.startDate",
      "p.endDate",
      "p.hasSafetyPlan",
      "pw.role as assignmentRole",
      "pw.assignedAt",
    ])
    .where("pw.workerId", "=", workerId)
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  return withFigures(rows, await figures(rows.map((r) => r.id)));
}

/** Every training module with this worker's record (not_started when there is none). */
export async function listWorkerTrainingRecords(db: Kysely<Database>, workerId: number) {
  return db
    .selectFrom("trainingModules as m")
    .leftJoin("workerTrainings as wt", (join) => join.onRef("wt.moduleId", "=", "m.id").on("wt.workerId", "=", workerId))
    .select([
      "m.id as moduleId",
      "m.title",
      "m.type",
      "m.duration",
      sql<"not_started" | "in_progress" | "completed">`coalesce(wt.status, 'not_started')`.as("status"),
      sql<number>`coalesce(wt.progress, 0)`.as("progress"),
      "wt.completedAt",
      "wt.lastAccessedAt",
    ])
    .orderBy("m.id")
    .execute();
}

/** Every published safety video with this worker's viewing record. */
export async function listWorkerVideoRecords(db: Kysely<Database>, workerId: number) {
  return db
    .selectFrom("safetyVideos as v")
    .leftJoin("workerVideos as wv", (join) => join.onRef("wv.videoId", "=", "v.id").on("wv.workerId", "=", workerId))
    .select([
      "v.id as videoId",
      "v.title",
      "v.duration",
      "v.publishedAt",
      "v.requiredWatchByDate",
      sql<"not_watched" | "partially_watched" | "completed">`coalesce(wv.status, 'not_watched')`.as("status"),
      sql<number>`coalesce(wv.watched_percentage, 0)`.as("watchedPercentage"),
      "wv.lastWatchedAt",
    ])
    .where("v.publishedAt", "<=", sql<Date>`now()`)
    .orderBy("v.publishedAt", "desc")
    .orderBy("v.id", "desc")
    .execute();
}
