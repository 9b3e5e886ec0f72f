import { audit, type Database, osha } from "@sitesafe/db";
import {
  type Actor,
  AppError,
  badRequest,
  type CsvFile,
  canKeepOshaRecords,
  conflict,
  type EstablishmentHoursValues,
  type EstablishmentValues,
  type FileIssue,
  forbidden,
  ITA_CASE_COLUMNS,
  ITA_SUMMARY_COLUMNS,
  incidenceRates,
  itaCaseIssues,
  itaCaseRows,
  itaSummaryIssues,
  itaSummaryRow,
  log300Rows,
  notFound,
  PRIVACY_CASE_NAME,
  type Rates,
  type RecordkeepingValues,
  recordkeepingIssues,
  summarize300A,
  toCsv,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";

/**
 * Application rules of OSHA recordkeeping: who may keep the records (admins and managers: the
 * classification holds other people's medical details), which writes are one transaction, and
 * the records (300 log, 300A, 301, rates, ITA files), computed from incident data on every read.
 */

export const ONLY_RECORD_KEEPERS = "Only admins and managers keep OSHA injury and illness records";
export const ESTABLISHMENT_HAS_RECORDS =
  "This establishment has hours or recordable cases on file; OSHA records are kept for five years (29 CFR 1904.33), so it cannot be deleted";
const UNKNOWN_PROJECTS = "One or more projects do not exist";
const UNKNOWN_EMPLOYEE = "Please select a valid worker";
const NOT_RECORDABLE_CASE = "This incident is not classified as a recordable case";
const ITA_SUMMARY_REJECTED = "OSHA's Injury Tracking Application would reject this summary file";
const ITA_CASES_REJECTED = "OSHA's Injury Tracking Application would reject this case file";

interface Ctx {
  db: Kysely<Database>;
  actor: Actor;
}

function assertKeeper(actor: Actor): void {
  if (!canKeepOshaRecords(actor)) throw forbidden(ONLY_RECORD_KEEPERS);
}

// ---- establishments

export async function listEstablishments(ctx: Ctx) {
  assertKeeper(ctx.actor);
  return osha.listEstablishments(ctx.db);
}

export async function getEstablishment(ctx: Ctx, id: number) {
  assertKeeper(ctx.actor);
  const est = await osha.findEstablishment(ctx.db, id);
  if (!est) throw notFound("Establishment");
  return est;
}

async function assertProjectsExist(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if ((await osha.countExistingProjects(db, ids)) !== new Set(ids).size) {
    throw badRequest(UNKNOWN_PROJECTS, [{ path: "projectIds", message: UNKNOWN_PROJECTS }]);
  }
}

export async function createEstablishment(ctx: Ctx, input: EstablishmentValues) {
  assertKeeper(ctx.actor);
  const { projectIds, ...values } = input;
  if (projectIds) await assertProjectsExist(ctx.db, projectIds);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await osha.insertEstablishment(trx, values);
    if (projectIds) await osha.setEstablishmentProjects(trx, id, projectIds);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "establishment",
      entityId: id,
      action: "created",
      details: { name: values.name },
    });
    return id;
  });
  return getEstablishment(ctx, id);
}

export async function updateEstablishment(ctx: Ctx, id: number, input: Partial<EstablishmentValues>) {
  assertKeeper(ctx.actor);
  const { projectIds, ...changes } = input;
  if (projectIds) await assertProjectsExist(ctx.db, projectIds);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await osha.lockEstablishment(trx, id))) throw notFound("Establishment");
    await osha.updateEstablishment(trx, id, changes);
    if (projectIds) await osha.setEstablishmentProjects(trx, id, projectIds);
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "establishment", entityId: id, action: "updated" });
  });
  return getEstablishment(ctx, id);
}

export async function deleteEstablishment(ctx: Ctx, id: number) {
  assertKeeper(ctx.actor);
  await ctx.db.transaction().execute(async (trx) => {
    const est = await osha.lockEstablishment(trx, id);
    if (!est) throw notFound("Establishment");
    if (await osha.establishmentHasRecords(trx, id, est.isCompanyDefault)) throw conflict(ESTABLISHMENT_HAS_RECORDS);
    await osha.deleteEstablishment(trx, id);
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "establishment",
      entityId: id,
      action: "deleted",
      details: { name: est.name },
    });
  });
  return { success: true };
}

// ---- hours per year

export async function getHours(ctx: Ctx, id: number, year: number) {
  const est = await getEstablishment(ctx, id);
  const row = await osha.findEstablishmentYear(ctx.db, est.id, year);
  return row ?? null;
}

export async function putHours(ctx: Ctx, input: EstablishmentHoursValues) {
  await getEstablishment(ctx, input.id);
  const { id, ...values } = input;
  await ctx.db.transaction().execute(async (trx) => {
    await osha.upsertEstablishmentYear(trx, { establishmentId: id, ...values });
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "establishment",
      entityId: id,
      action: values.certifiedOn ? "hours_certified" : "hours_updated",
      details: { year: values.year, hours: values.totalHoursWorked, employees: values.annualAverageEmployees },
    });
  });
  return osha.findEstablishmentYear(ctx.db, id, input.year);
}

// ---- classification

async function incidentFacts(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom("incidentReports as r")
    .innerJoin("projects as p", "p.id", "r.projectId")
    .select(["r.id", "r.title", "r.date", "r.location", "r.projectId", "p.name as projectName", "p.establishmentId"])
    .where("r.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Incident report");
  return row;
}

export async function getRecordkeeping(ctx: Ctx, incidentId: number) {
  assertKeeper(ctx.actor);
  const incident = await incidentFacts(ctx.db, incidentId);
  const recordkeeping = (await osha.findRecordkeeping(ctx.db, incidentId)) ?? null;
  return { incident, recordkeeping };
}

export async function putRecordkeeping(ctx: Ctx, incidentId: number, values: RecordkeepingValues) {
  assertKeeper(ctx.actor);
  const incident = await incidentFacts(ctx.db, incidentId);
  const issues = recordkeepingIssues(values, incident.date);
  if (issues.length > 0) throw badRequest(issues[0]?.message ?? "Invalid input", issues);
  let employeeName = values.employeeName;
  if (values.employeeWorkerId !== null) {
    const worker = await ctx.db
      .selectFrom("workers")
      .select(["firstName", "lastName"])
      .where("id", "=", values.employeeWorkerId)
      .executeTakeFirst();
    if (!worker) throw badRequest(UNKNOWN_EMPLOYEE, [{ path: "employeeWorkerId", message: UNKNOWN_EMPLOYEE }]);
    // The name is kept with the record: the log outlives the worker's profile (decision 0002).
    employeeName ??= `${worker.firstName} ${worker.lastName}`;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom("incidentReports").select("id").where("id", "=", incidentId).forUpdate().executeTakeFirst();
    const before = await osha.findRecordkeeping(trx, incidentId);
    await osha.upsertRecordkeeping(trx, incidentId, { ...values, employeeName }, ctx.actor.userId);
    // The incident's history is readable by the project's workers: no medical details in it.
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "incident",
      entityId: incidentId,
      action: before ? "recordkeeping_updated" : "recordkeeping_classified",
    });
  });
  return getRecordkeeping(ctx, incidentId);
}

// ---- the records

async function establishmentYear(ctx: Ctx, establishmentId: number, year: number) {
  const establishment = await getEstablishment(ctx, establishmentId);
  const [cases, hours] = await Promise.all([
    osha.establishmentCases(ctx.db, establishment, year),
    osha.findEstablishmentYear(ctx.db, establishmentId, year),
  ]);
  return { establishment, cases, hours: hours ?? null };
}

export async function log300(ctx: Ctx, establishmentId: number, year: number) {
  const { establishment, cases } = await establishmentYear(ctx, establishmentId, year);
  const rows = log300Rows(year, cases);
  return { establishment, year, rows, totals: summarize300A(rows) };
}

export type Log300 = Awaited<ReturnType<typeof log300>>;

function ratesOf(
  counts: { recordableCases: number; daysAwayCases: number; transferRestrictionCases: number },
  hours: number | null,
): Rates {
  return incidenceRates({ ...counts, hoursWorked: hours ?? 0 });
}

export async function summary300A(ctx: Ctx, establishmentId: number, year: number) {
  const { establishment, cases, hours } = await establishmentYear(ctx, establishmentId, year);
  const totals = summarize300A(log300Rows(year, cases));
  const rates = ratesOf(
    {
      recordableCases: totals.totalRecordableCases,
      daysAwayCases: totals.daysAwayCases,
      transferRestrictionCases: totals.transferRestrictionCases,
    },
    hours?.totalHoursWorked ?? null,
  );
  const ita = itaSummaryRow(establishment, year, hours, totals);
  const itaCases = itaCaseRows(establishment.name, year, cases);
  return {
    establishment,
    year,
    hours,
    totals,
    rates,
    certification: hours?.certifiedOn
      ? { name: hours.certifiedByName, title: hours.certifiedByTitle, phone: hours.certifiedByPhone, date: hours.certifiedOn }
      : null,
    /** What ITA would reject, shown before anyone downloads the files. */
    itaIssues: { summary: itaSummaryIssues(ita), cases: itaCaseIssues(itaCases) },
  };
}

export type Summary300A = Awaited<ReturnType<typeof summary300A>>;

const fileSlug = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "establishment";

function rejectIfInvalid(message: string, issues: FileIssue[]): void {
  if (issues.length > 0) {
    throw badRequest(
      message,
      issues.map((i) => ({ path: i.row === null ? i.column : `${i.row + 1}.${i.column}`, message: i.message })),
    );
  }
}

export async function itaSummaryFile(ctx: Ctx, establishmentId: number, year: number): Promise<CsvFile> {
  const { establishment, cases, hours } = await establishmentYear(ctx, establishmentId, year);
  const row = itaSummaryRow(establishment, year, hours, summarize300A(log300Rows(year, cases)));
  rejectIfInvalid(ITA_SUMMARY_REJECTED, itaSummaryIssues(row));
  return { fileName: `ita-300a-${fileSlug(establishment.name)}-${year}.csv`, csv: toCsv(ITA_SUMMARY_COLUMNS, [row]) };
}

export async function itaCasesFile(ctx: Ctx, establishmentId: number, year: number): Promise<CsvFile> {
  const { establishment, cases } = await establishmentYear(ctx, establishmentId, year);
  const rows = itaCaseRows(establishment.name, year, cases);
  rejectIfInvalid(ITA_CASES_REJECTED, itaCaseIssues(rows));
  return { fileName: `ita-cases-${fileSlug(establishment.name)}-${year}.csv`, csv: toCsv(ITA_CASE_COLUMNS, rows) };
}

const LOG_COLUMNS = [
  "case_number",
  "employee_name",
  "job_title",
  "date",
  "where",
  "description",
  "death",
  "days_away_case",
  "transfer_restriction_case",
  "other_recordable",
  "days_away",
  "days_restricted",
  "injury_type",
] as const;

export async function log300File(ctx: Ctx, establishmentId: number, year: number): Promise<CsvFile> {
  const log = await log300(ctx, establishmentId, year);
  const x = (b: boolean) => (b ? "X" : "");
  const rows = log.rows.map((r) => ({
    case_number: r.caseNumber,
    employee_name: r.employeeName,
    job_title: r.jobTitle,
    date: r.date,
    where: r.where,
    description: r.description,
    death: x(r.death),
    days_away_case: x(r.daysAwayCase),
    transfer_restriction_case: x(r.transferRestrictionCase),
    other_recordable: x(r.otherRecordable),
    days_away: String(r.daysAway),
    days_restricted: String(r.daysRestricted),
    injury_type: r.injuryType,
  }));
  return { fileName: `osha-300-${fileSlug(log.establishment.name)}-${year}.csv`, csv: toCsv(LOG_COLUMNS, rows) };
}

export async function form301(ctx: Ctx, incidentId: number) {
  assertKeeper(ctx.actor);
  await incidentFacts(ctx.db, incidentId);
  const c = await osha.findCase(ctx.db, incidentId);
  if (!c) throw new AppError("NOT_FOUND", NOT_RECORDABLE_CASE);
  // Form 301 leaves the restricted record: a privacy case goes without name and personal details.
  if (c.privacyCase) {
    Object.assign(c, {
      employeeName: PRIVACY_CASE_NAME,
      employeeStreet: null,
      employeeCity: null,
      employeeState: null,
      employeeZip: null,
      dateOfBirth: null,
      dateHired: null,
      sex: null,
    });
  }
  const establishment = c.establishmentId === null ? null : ((await osha.findEstablishment(ctx.db, c.establishmentId)) ?? null);
  const year = Number(c.date.slice(0, 4));
  const [row] = log300Rows(year, [c]);
  return { case: c, caseNumber: row?.caseNumber ?? "", establishment, year };
}

export type Form301 = Awaited<ReturnType<typeof form301>>;

export async function rates(ctx: Ctx, year: number) {
  assertKeeper(ctx.actor);
  const counts = await osha.yearCounts(ctx.db, year);
  const establishments = counts.map((c) => ({ ...c, rates: ratesOf(c, c.totalHoursWorked) }));
  const sum = (f: (c: (typeof counts)[number]) => number) => counts.reduce((a, c) => a + f(c), 0);
  const company = {
    recordableCases: sum((c) => c.recordableCases),
    daysAwayCases: sum((c) => c.daysAwayCases),
    transferRestrictionCases: sum((c) => c.transferRestrictionCases),
    deaths: sum((c) => c.deaths),
    otherRecordableCases: sum((c) => c.otherRecordableCases),
    totalHoursWorked: sum((c) => c.totalHoursWorked ?? 0),
    annualAverageEmployees: sum((c) => c.annualAverageEmployees ?? 0),
  };
  return { year, establishments, company: { ...company, rates: ratesOf(company, company.totalHoursWorked) } };
}
