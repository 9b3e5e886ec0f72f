import {
  type CaseOutcome,
  type EstablishmentValues,
  FORM_301_FIELDS,
  type InjuryType,
  type OshaCaseDetail,
  type RecordkeepingValues,
} from "@sitesafe/domain";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, EstablishmentsTable } from "../types.js";
import { fullName } from "./names.js";

/**
 * Queries for OSHA recordkeeping: establishments, their hours per year, the classification of an
 * incident, and the cases of one establishment and year, read from incident reports each time (the
 * log is a view, never a copy). A project without an establishment belongs to the company one.
 */

export type Establishment = Selectable<EstablishmentsTable> & { projects: { id: number; name: string }[] };

/** Projects of an establishment; the company establishment also gets those without one. */
const projectsOf = sql<{ id: number; name: string }[]>`coalesce((
  select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by p.name, p.id)
  from projects p
  where p.establishment_id = e.id or (e.is_company_default and p.establishment_id is null)
), '[]'::jsonb)`;

function establishmentsQuery(db: Kysely<Database>) {
  return db.selectFrom("establishments as e").selectAll("e").select(projectsOf.as("projects"));
}

export async function listEstablishments(db: Kysely<Database>): Promise<Establishment[]> {
  return establishmentsQuery(db).orderBy("e.isCompanyDefault", "desc").orderBy("e.name").orderBy("e.id").execute();
}

export async function findEstablishment(db: Kysely<Database>, id: number): Promise<Establishment | undefined> {
  return establishmentsQuery(db).where("e.id", "=", id).executeTakeFirst();
}

export type EstablishmentWrite = Omit<EstablishmentValues, "projectIds">;

export async function insertEstablishment(db: Kysely<Database>, values: EstablishmentWrite): Promise<number> {
  const row = await db.insertInto("establishments").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function lockEstablishment(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; name: string; isCompanyDefault: boolean } | undefined> {
  return db.selectFrom("establishments").select(["id", "name", "isCompanyDefault"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function updateEstablishment(db: Kysely<Database>, id: number, changes: Partial<EstablishmentWrite>): Promise<void> {
  await db
    .updateTable("establishments")
    .set({ ...changes, updatedAt: sql`now()` })
    .where("id", "=", id)
    .execute();
}

/** The projects that belong to an establishment become exactly `projectIds` (others fall back to the company one). */
export async function setEstablishmentProjects(db: Kysely<Database>, id: number, projectIds: readonly number[]): Promise<void> {
  let release = db.updateTable("projects").set({ establishmentId: null }).where("establishmentId", "=", id);
  if (projectIds.length > 0) release = release.where("id", "not in", [...projectIds]);
  await release.execute();
  if (projectIds.length > 0)
    await db
      .updateTable("projects")
      .set({ establishmentId: id })
      .where("id", "in", [...projectIds])
      .execute();
}

export async function countExistingProjects(db: Kysely<Database>, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom("projects")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("id", "in", [...ids])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteEstablishment(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("establishments").where("id", "=", id).execute();
}

/** Whether an establishment has hours on file or recordable cases: such records are kept five years. */
export async function establishmentHasRecords(db: Kysely<Database>, id: number, isCompanyDefault: boolean): Promise<boolean> {
  const row = await sql<{ has: boolean }>`select exists (select 1 from establishment_years where establishment_id = ${id})
    or exists (
      select 1 from incident_recordkeeping k
      join incident_reports r on r.id = k.incident_id
      join projects p on p.id = r.project_id
      where k.recordable and (p.establishment_id = ${id} or (${isCompanyDefault} and p.establishment_id is null))
    ) as has`.execute(db);
  return row.rows[0]?.has === true;
}

// ---- hours per year

export interface EstablishmentYear {
  establishmentId: number;
  year: number;
  annualAverageEmployees: number;
  totalHoursWorked: number;
  monthlyHours: number[] | null;
  certifiedByName: string | null;
  certifiedByTitle: string | null;
  certifiedByPhone: string | null;
  certifiedOn: string | null;
  updatedAt: Date;
}

export async function findEstablishmentYear(
  db: Kysely<Database>,
  establishmentId: number,
  year: number,
): Promise<EstablishmentYear | undefined> {
  return db
    .selectFrom("establishmentYears")
    .selectAll()
    .where("establishmentId", "=", establishmentId)
    .where("year", "=", year)
    .executeTakeFirst();
}

export type EstablishmentYearWrite = Omit<EstablishmentYear, "updatedAt">;

export async function upsertEstablishmentYear(db: Kysely<Database>, v: EstablishmentYearWrite): Promise<void> {
  const values = { ...v, monthlyHours: v.monthlyHours ? JSON.stringify(v.monthlyHours) : null };
  await db
    .insertInto("establishmentYears")
    .values(values)
    .onConflict((oc) => oc.columns(["establishmentId", "year"]).doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
}

// ---- classification of an incident

export type Recordkeeping = RecordkeepingValues & { incidentId: number; classifiedBy: number | null; updatedAt: Date };

function fromRow(row: Record<string, unknown>): Recordkeeping {
  const { details, ...rest } = row;
  const d = (details ?? {}) as Record<string, unknown>;
  const detail = Object.fromEntries(
    FORM_301_FIELDS.map((k) => [k, d[k] ?? (k === "emergencyRoom" || k === "hospitalizedOvernight" ? false : null)]),
  );
  return { ...rest, ...detail } as Recordkeeping;
}

export async function findRecordkeeping(db: Kysely<Database>, incidentId: number): Promise<Recordkeeping | undefined> {
  const row = await db.selectFrom("incidentRecordkeeping").selectAll().where("incidentId", "=", incidentId).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function upsertRecordkeeping(
  db: Kysely<Database>,
  incidentId: number,
  v: RecordkeepingValues,
  classifiedBy: number,
): Promise<void> {
  const details = Object.fromEntries(FORM_301_FIELDS.map((k) => [k, v[k]]));
  const values = {
    incidentId,
    recordable: v.recordable,
    notRecordableReason: v.recordable ? null : v.notRecordableReason,
    employeeWorkerId: v.employeeWorkerId,
    employeeName: v.employeeName,
    jobTitle: v.jobTitle,
    timeOfEvent: v.timeOfEvent,
    timeBeganWork: v.timeBeganWork,
    outcome: v.outcome,
    daysAway: v.daysAway,
    daysRestricted: v.daysRestricted,
    dateOfDeath: v.dateOfDeath,
    injuryType: v.injuryType,
    privacyCase: v.privacyCase,
    privacyReason: v.privacyCase ? v.privacyReason : null,
    details: JSON.stringify(details),
    classifiedBy,
  };
  await db
    .insertInto("incidentRecordkeeping")
    .values(values)
    .onConflict((oc) => oc.column("incidentId").doUpdateSet({ ...values, updatedAt: sql`now()` }))
    .execute();
}

// ---- cases of an establishment and year

/** A case with what Form 301 adds (physician, facility, treatment). */
export type OshaCaseRecord = OshaCaseDetail & {
  projectId: number;
  projectName: string;
  title: string;
  employeeStreet: string | null;
  employeeCity: string | null;
  employeeState: string | null;
  employeeZip: string | null;
  physicianName: string | null;
  facilityName: string | null;
  facilityAddress: string | null;
  emergencyRoom: boolean;
  hospitalizedOvernight: boolean;
  establishmentId: number | null;
};

/**
 * Recordable cases, read from the classification side: a few hundred rows, each finding its
 * incident by primary key. Joined plainly, the prepared (generic) plan scanned a whole year of
 * incident reports by date and took 100+ ms on the large dataset; the lateral lookup (OFFSET 0
 * keeps PostgreSQL from flattening it) and the literal `recordable` (so the partial index
 * applies) take ~2 ms.
 */
function casesQuery(db: Kysely<Database>) {
  return db
    .selectFrom("incidentRecordkeeping as k")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("incidentReports as r0")
          .select(["r0.id", "r0.date", "r0.location", "r0.title", "r0.projectId"])
          .whereRef("r0.id", "=", "k.incidentId")
          .offset(sql.lit(0))
          .as("r"),
      (join) => join.onTrue(),
    )
    .innerJoin("projects as p", "p.id", "r.projectId")
    .where(sql<boolean>`k.recordable`)
    .select([
      "k.incidentId",
      "r.date",
      "r.location",
      "r.title",
      "r.projectId",
      "p.name as projectName",
      // A lookup per case, after the filters: joined, PostgreSQL hashed all 5,000 workers first.
      sql<string | null>`coalesce(k.employee_name, (select ${fullName("w")} from workers w where w.id = k.employee_worker_id))`.as(
        "employeeName",
      ),
      "k.jobTitle",
      "k.privacyCase",
      sql<CaseOutcome>`k.outcome`.as("outcome"),
      "k.daysAway",
      "k.daysRestricted",
      sql<InjuryType>`k.injury_type`.as("injuryType"),
      "k.timeOfEvent",
      "k.timeBeganWork",
      "k.dateOfDeath",
      "k.details",
      sql<number | null>`coalesce(p.establishment_id, (select id from establishments where is_company_default))`.as("establishmentId"),
    ]);
}

type CaseRow = Awaited<ReturnType<ReturnType<typeof casesQuery>["execute"]>>[number];

/**
 * Every field is named, not spread: on Node 20, `{ ...rest, a, b, ... }` with a rest object and
 * seventeen added keys cost ~20 µs a row (each object walked its own chain of hidden classes), which
 * made the OSHA 300 log of 186 cases spend 4 ms here alone; written out it is ~0.2 µs a row
 * (docs/decisions/performance.md, "The OSHA log's rows").
 */
function toCase(row: CaseRow): OshaCaseRecord {
  const d = (row.details ?? {}) as Record<string, unknown>;
  const s = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : null);
  return {
    incidentId: row.incidentId,
    date: row.date,
    location: row.location,
    title: row.title,
    projectId: row.projectId,
    projectName: row.projectName,
    employeeName: row.employeeName,
    jobTitle: row.jobTitle,
    privacyCase: row.privacyCase,
    outcome: row.outcome,
    daysAway: row.daysAway,
    daysRestricted: row.daysRestricted,
    injuryType: row.injuryType,
    timeOfEvent: row.timeOfEvent,
    timeBeganWork: row.timeBeganWork,
    dateOfDeath: row.dateOfDeath,
    establishmentId: row.establishmentId,
    injuryDescription: s("injuryDescription"),
    bodyPart: s("bodyPart"),
    objectSubstance: s("objectSubstance"),
    dateOfBirth: s("dateOfBirth"),
    dateHired: s("dateHired"),
    sex: s("sex") as OshaCaseRecord["sex"],
    whatDoing: s("whatDoing"),
    whatHappened: s("whatHappened"),
    employeeStreet: s("employeeStreet"),
    employeeCity: s("employeeCity"),
    employeeState: s("employeeState"),
    employeeZip: s("employeeZip"),
    physicianName: s("physicianName"),
    facilityName: s("facilityName"),
    facilityAddress: s("facilityAddress"),
    emergencyRoom: d.emergencyRoom === true,
    hospitalizedOvernight: d.hospitalizedOvernight === true,
  };
}

const yearRange = (year: number) => [`${year}-01-01`, `${year + 1}-01-01`] as const;

/** The recordable cases of one establishment and calendar year, in one query. */
export async function establishmentCases(
  db: Kysely<Database>,
  establishment: { id: number; isCompanyDefault: boolean },
  year: number,
): Promise<OshaCaseRecord[]> {
  const [from, to] = yearRange(year);
  const rows = await casesQuery(db)
    .where("r.date", ">=", from)
    .where("r.date", "<", to)
    .where((eb) =>
      establishment.isCompanyDefault
        ? eb.or([eb("p.establishmentId", "=", establishment.id), eb("p.establishmentId", "is", null)])
        : eb("p.establishmentId", "=", establishment.id),
    )
    .orderBy("k.incidentId")
    .execute();
  return rows.map(toCase);
}

/** One case for Form 301 (undefined when the incident is not classified as recordable). */
export async function findCase(db: Kysely<Database>, incidentId: number): Promise<OshaCaseRecord | undefined> {
  const row = await casesQuery(db).where("k.incidentId", "=", incidentId).executeTakeFirst();
  return row ? toCase(row) : undefined;
}

export interface EstablishmentYearCounts {
  establishmentId: number;
  name: string;
  isCompanyDefault: boolean;
  annualAverageEmployees: number | null;
  totalHoursWorked: number | null;
  recordableCases: number;
  deaths: number;
  daysAwayCases: number;
  transferRestrictionCases: number;
  otherRecordableCases: number;
}

/** Case counts by outcome and the hours of every establishment for one year, in one query. */
export async function yearCounts(db: Kysely<Database>, year: number): Promise<EstablishmentYearCounts[]> {
  const [from, to] = yearRange(year);
  const result = await sql<EstablishmentYearCounts>`
    with cases as (
      select coalesce(p.establishment_id, (select id from establishments where is_company_default)) as establishment_id, k.outcome
      from incident_recordkeeping k
      cross join lateral (select r0.project_id, r0.date from incident_reports r0 where r0.id = k.incident_id offset 0) r
      join projects p on p.id = r.project_id
      where k.recordable and r.date >= ${from} and r.date < ${to}
    )
    select e.id as "establishmentId", e.name, e.is_company_default as "isCompanyDefault",
      y.annual_average_employees as "annualAverageEmployees", y.total_hours_worked as "totalHoursWorked",
      count(c.outcome)::int as "recordableCases",
      count(*) filter (where c.outcome = 'death')::int as deaths,
      count(*) filter (where c.outcome = 'days_away')::int as "daysAwayCases",
      count(*) filter (where c.outcome = 'job_transfer_restriction')::int as "transferRestrictionCases",
      count(*) filter (where c.outcome = 'other_recordable')::int as "otherRecordableCases"
    from establishments e
    left join establishment_years y on y.establishment_id = e.id and y.year = ${year}
    left join cases c on c.establishment_id = e.id
    group by e.id, y.annual_average_employees, y.total_hours_worked
    order by e.is_company_default desc, e.name, e.id`.execute(db);
  return result.rows;
}
