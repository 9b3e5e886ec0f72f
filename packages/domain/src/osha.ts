import { z } from "zod";
import { csvLine } from "./csv.js";
import { isIsoDate } from "./incidentLabels.js";
import {
  type CaseOutcome,
  caseOutcomeItaCodes,
  caseOutcomes,
  type InjuryType,
  injuryTypeCodes,
  injuryTypes,
  notRecordableReasons,
  privacyReasons,
  sexes,
} from "./oshaLabels.js";
import { idParam } from "./users.js";

export * from "./oshaLabels.js";

/**
 * OSHA injury and illness recordkeeping (29 CFR 1904): the classification of an incident, the
 * Form 300 log, the Form 300A summary, the incidence rates and the files of OSHA's Injury Tracking
 * Application (ITA). Pure rules; the records themselves are computed from incident data
 * (docs/osha-recordkeeping.md).
 */

/** What the 300 log and every export show instead of the name of a privacy case. */
export const PRIVACY_CASE_NAME = "Privacy Case";

/** The day counts of a case are capped at 180 calendar days (1904.7(b)(3)(vii)). */
export const DAY_COUNT_CAP = 180;
/** Rates are per 100 full-time workers: 100 x 40 hours x 50 weeks. */
export const RATE_BASE_HOURS = 200_000;

// ---- messages

export const OSHA_MESSAGES = {
  outcomeRequired: "Choose the case outcome (death, days away, job transfer or restriction, or other recordable case)",
  notRecordableWithOutcome: "A case that is not recordable cannot carry an outcome, day counts or an injury type",
  notRecordableReasonRequired: "Give the reason the case is not recordable",
  employeeRequired: "Name the injured or ill employee",
  jobTitleRequired: "Enter the employee's job title",
  injuryTypeRequired: "Choose whether the case is an injury or which kind of illness",
  daysAwayCap: "Days away from work cannot exceed 180: count calendar days and stop at 180 (29 CFR 1904.7(b)(3)(vii))",
  daysRestrictedCap: "Days of job transfer or restriction cannot exceed 180: count calendar days and stop at 180 (29 CFR 1904.7(b)(4))",
  daysWhole: "Day counts are whole calendar days, 0 or more",
  deathNeedsDate: "A death needs the date of death",
  dateOfDeathOnlyForDeath: "A date of death belongs only to a case whose outcome is death",
  daysAwayNeedsDays: "A days-away case needs the number of days away from work (at least 1)",
  restrictionNeedsDays: "A job transfer or restriction case needs the number of days transferred or restricted (at least 1)",
  daysAwayOutranks: "With days away from work the case is a days-away case: the most serious outcome applies (29 CFR 1904.7(b)(2))",
  restrictionOutranks:
    "With days of job transfer or restriction the case is a job transfer or restriction case: the most serious outcome applies (29 CFR 1904.7(b)(2))",
  privacyReasonRequired: "Choose why this is a privacy case (29 CFR 1904.29(b)(7))",
  privacyRequestOnlyIllness: "An employee may ask for a privacy case only for an illness, not an injury (29 CFR 1904.29(b)(7)(vi))",
  invalidDate: "Please enter a valid date",
  invalidTime: "Please enter a time as HH:MM",
  deathBeforeEvent: "The date of death cannot be before the incident",
} as const;

// ---- schemas

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalDate = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isIsoDate(v), OSHA_MESSAGES.invalidDate);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const optionalTime = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || TIME.test(v), OSHA_MESSAGES.invalidTime);

const dayCount = z.coerce
  .number({ error: OSHA_MESSAGES.daysWhole })
  .int(OSHA_MESSAGES.daysWhole)
  .min(0, OSHA_MESSAGES.daysWhole)
  .nullish()
  .transform((v) => v ?? 0);

const recordkeepingFields = z.object({
  recordable: z.boolean({ error: "Say whether the case is recordable" }),
  notRecordableReason: z
    .enum(notRecordableReasons, { error: "Choose a reason from the list" })
    .nullish()
    .transform((v) => v ?? null),
  employeeWorkerId: idParam.nullish().transform((v) => v ?? null),
  employeeName: text(200, "Employee name"),
  jobTitle: text(100, "Job title"),
  timeOfEvent: optionalTime,
  timeBeganWork: optionalTime,
  outcome: z
    .enum(caseOutcomes, { error: OSHA_MESSAGES.outcomeRequired })
    .nullish()
    .transform((v) => v ?? null),
  daysAway: dayCount,
  daysRestricted: dayCount,
  dateOfDeath: optionalDate,
  injuryType: z
    .enum(injuryTypes, { error: OSHA_MESSAGES.injuryTypeRequired })
    .nullish()
    .transform((v) => v ?? null),
  privacyCase: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  privacyReason: z
    .enum(privacyReasons, { error: OSHA_MESSAGES.privacyReasonRequired })
    .nullish()
    .transform((v) => v ?? null),
  // Form 301
  employeeStreet: text(200, "Street"),
  employeeCity: text(100, "City"),
  employeeState: text(2, "State"),
  employeeZip: text(10, "ZIP"),
  dateOfBirth: optionalDate,
  dateHired: optionalDate,
  sex: z
    .enum(sexes, { error: "Sex must be M, F or X" })
    .nullish()
    .transform((v) => v ?? null),
  whatDoing: text(2000, "What the employee was doing"),
  whatHappened: text(2000, "What happened"),
  injuryDescription: text(500, "The injury or illness"),
  bodyPart: text(200, "Body part"),
  objectSubstance: text(500, "Object or substance"),
  physicianName: text(200, "Physician"),
  facilityName: text(200, "Facility"),
  facilityAddress: text(300, "Facility address"),
  emergencyRoom: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  hospitalizedOvernight: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

export type RecordkeepingValues = z.output<typeof recordkeepingFields>;

/** The Form 301 answers that are text (stored together with the classification). */
export const FORM_301_TEXT_FIELDS = [
  "employeeStreet",
  "employeeCity",
  "employeeState",
  "employeeZip",
  "dateOfBirth",
  "dateHired",
  "sex",
  "whatDoing",
  "whatHappened",
  "injuryDescription",
  "bodyPart",
  "objectSubstance",
  "physicianName",
  "facilityName",
  "facilityAddress",
] as const satisfies readonly (keyof RecordkeepingValues)[];
/** Every Form 301 answer: the text ones and the two yes/no questions. */
export const FORM_301_FIELDS = [...FORM_301_TEXT_FIELDS, "emergencyRoom", "hospitalizedOvernight"] as const;
export type RecordkeepingInput = z.input<typeof recordkeepingFields>;

/**
 * The rules across fields, in the order a manager would fix them. Returns `{path, message}` issues;
 * empty when the classification may be stored. `eventDate` is the incident's date (YYYY-MM-DD).
 */
export function recordkeepingIssues(v: RecordkeepingValues, eventDate?: string): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  if (v.daysAway > DAY_COUNT_CAP) add("daysAway", OSHA_MESSAGES.daysAwayCap);
  if (v.daysRestricted > DAY_COUNT_CAP) add("daysRestricted", OSHA_MESSAGES.daysRestrictedCap);
  if (!v.recordable) {
    if (v.outcome !== null || v.daysAway > 0 || v.daysRestricted > 0 || v.injuryType !== null || v.dateOfDeath !== null) {
      add("outcome", OSHA_MESSAGES.notRecordableWithOutcome);
    }
    if (v.notRecordableReason === null) add("notRecordableReason", OSHA_MESSAGES.notRecordableReasonRequired);
    return issues;
  }
  if (v.employeeWorkerId === null && v.employeeName === null) add("employeeName", OSHA_MESSAGES.employeeRequired);
  if (v.jobTitle === null) add("jobTitle", OSHA_MESSAGES.jobTitleRequired);
  if (v.outcome === null) add("outcome", OSHA_MESSAGES.outcomeRequired);
  if (v.injuryType === null) add("injuryType", OSHA_MESSAGES.injuryTypeRequired);
  if (v.outcome === "death" && v.dateOfDeath === null) add("dateOfDeath", OSHA_MESSAGES.deathNeedsDate);
  if (v.outcome !== null && v.outcome !== "death" && v.dateOfDeath !== null) add("dateOfDeath", OSHA_MESSAGES.dateOfDeathOnlyForDeath);
  if (v.dateOfDeath !== null && eventDate && v.dateOfDeath < eventDate) add("dateOfDeath", OSHA_MESSAGES.deathBeforeEvent);
  if (v.outcome === "days_away" && v.daysAway < 1) add("daysAway", OSHA_MESSAGES.daysAwayNeedsDays);
  if (v.outcome === "job_transfer_restriction" && v.daysRestricted < 1) add("daysRestricted", OSHA_MESSAGES.restrictionNeedsDays);
  if (v.outcome !== null && v.outcome !== "death") {
    const serious = mostSeriousOutcome({ died: false, daysAway: v.daysAway, daysRestricted: v.daysRestricted });
    if (outcomeRank(serious) < outcomeRank(v.outcome)) {
      add("outcome", serious === "days_away" ? OSHA_MESSAGES.daysAwayOutranks : OSHA_MESSAGES.restrictionOutranks);
    }
  }
  if (v.privacyCase && v.privacyReason === null) add("privacyReason", OSHA_MESSAGES.privacyReasonRequired);
  if (v.privacyCase && v.privacyReason === "employee_request" && v.injuryType === "injury")
    add("privacyReason", OSHA_MESSAGES.privacyRequestOnlyIllness);
  return issues;
}

/** PUT /api/incident-reports/:id/recordkeeping: the fields, then the rules across them. */
export const recordkeepingSchema = recordkeepingFields.superRefine((v, ctx) => {
  for (const issue of recordkeepingIssues(v)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".") });
});
export const recordkeepingUpdateSchema = recordkeepingFields.extend({ id: idParam }).superRefine((v, ctx) => {
  for (const issue of recordkeepingIssues(v)) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".") });
});

function outcomeRank(outcome: CaseOutcome): number {
  return caseOutcomes.indexOf(outcome);
}

/**
 * The most serious outcome that applies (1904.7(b)(2)): death, then days away from work, then job
 * transfer or restriction, else another recordable case.
 */
export function mostSeriousOutcome(facts: { died: boolean; daysAway: number; daysRestricted: number }): CaseOutcome {
  if (facts.died) return "death";
  if (facts.daysAway > 0) return "days_away";
  if (facts.daysRestricted > 0) return "job_transfer_restriction";
  return "other_recordable";
}

/** A day count as OSHA lets it be logged: whole days, stopping at 180. */
export function cappedDays(days: number): number {
  return Math.min(DAY_COUNT_CAP, Math.max(0, Math.floor(days)));
}

/** The name on the 300 log and in every export: "Privacy Case" for a privacy concern case. */
export function logEmployeeName(c: { privacyCase: boolean; employeeName: string | null }): string {
  return c.privacyCase ? PRIVACY_CASE_NAME : (c.employeeName ?? "");
}

// ---- establishments and hours

export const establishmentSizes = [1, 21, 22, 3] as const;
export type EstablishmentSize = (typeof establishmentSizes)[number];
export const establishmentSizeLabels: Record<EstablishmentSize, string> = {
  1: "Fewer than 20 employees",
  21: "20 to 99 employees",
  22: "100 to 249 employees",
  3: "250 or more employees",
};
export const establishmentTypes = [1, 2, 3] as const;
export type EstablishmentType = (typeof establishmentTypes)[number];
export const establishmentTypeLabels: Record<EstablishmentType, string> = {
  1: "Private industry (not a government entity)",
  2: "State government entity",
  3: "Local government entity",
};

const NAICS = /^\d{6}$/;
const EIN = /^\d{9}$/;
const ZIP = /^(\d{5}|\d{9})$/;
const STATE = /^[A-Z]{2}$/;

const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const establishmentType = z.coerce
  .number()
  .refine((v) => (establishmentTypes as readonly number[]).includes(v), "Choose the establishment type")
  .transform((v) => v as EstablishmentType);

const establishmentFields = z.object({
  name: requiredText(100, "Establishment name"),
  companyName: text(100, "Company name"),
  streetAddress: requiredText(100, "Street address"),
  city: requiredText(100, "City"),
  state: z.string({ error: "State is required" }).trim().toUpperCase().regex(STATE, "State must be a 2-letter postal code"),
  zip: z
    .string({ error: "ZIP code is required" })
    .trim()
    .transform((v) => v.replace("-", ""))
    .pipe(z.string().regex(ZIP, "ZIP code must have 5 or 9 digits")),
  naicsCode: z.string({ error: "NAICS code is required" }).trim().regex(NAICS, "NAICS code must be 6 digits"),
  industryDescription: text(300, "Industry description"),
  ein: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace("-", "") : null))
    .refine((v) => v === null || EIN.test(v), "EIN must be 9 digits"),
  size: z.coerce
    .number({ error: "Choose the establishment size" })
    .refine((v) => (establishmentSizes as readonly number[]).includes(v), "Choose the establishment size")
    .transform((v) => v as EstablishmentSize),
  establishmentType,
  /** The company establishment that projects without an establishment of their own roll up to. */
  isCompanyDefault: z.boolean({ error: "Company establishment must be true or false" }),
  /** Projects that belong to this establishment (each project belongs to one). */
  projectIds: z.array(idParam, { error: "Projects must be a list of project ids" }).max(1000).optional(),
});
/** POST /api/establishments. */
export const establishmentSchema = establishmentFields.extend({
  establishmentType: establishmentType.default(1),
  isCompanyDefault: establishmentFields.shape.isCompanyDefault.default(false),
});
export type EstablishmentValues = z.output<typeof establishmentSchema>;
export type EstablishmentInput = z.input<typeof establishmentSchema>;
/** PUT /api/establishments/:id: a field left out keeps its value. */
export const establishmentUpdateSchema = establishmentFields.partial().extend({ id: idParam });

export const HOURS_MESSAGES = {
  employees: "Annual average number of employees must be a whole number, 0 or more",
  hours: "Total hours worked must be a whole number, 0 or more",
  monthly: "Monthly hours must be 12 whole numbers, 0 or more",
  monthlySum: "Total hours worked must equal the sum of the monthly hours",
  year: "Year must be between 2000 and 2100",
  hoursPerEmployee: "Total hours worked divided by the average number of employees is more than 8,760, the hours in a year",
  certificationIncomplete: "To certify, give the executive's name, title, phone and the date",
} as const;

export const yearParam = z.coerce
  .number({ error: HOURS_MESSAGES.year })
  .int(HOURS_MESSAGES.year)
  .min(2000, HOURS_MESSAGES.year)
  .max(2100, HOURS_MESSAGES.year);

const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message).min(0, message).max(2_000_000_000, message);

/** PUT /api/establishments/:id/hours/:year: employees and hours, optionally by month, and the certification. */
export const establishmentHoursSchema = z
  .object({
    id: idParam,
    year: yearParam,
    annualAverageEmployees: wholeNumber(HOURS_MESSAGES.employees),
    totalHoursWorked: wholeNumber(HOURS_MESSAGES.hours).optional(),
    monthlyHours: z
      .array(wholeNumber(HOURS_MESSAGES.monthly), { error: HOURS_MESSAGES.monthly })
      .length(12, HOURS_MESSAGES.monthly)
      .nullish()
      .transform((v) => v ?? null),
    certifiedByName: text(100, "Name"),
    certifiedByTitle: text(100, "Title"),
    certifiedByPhone: text(30, "Phone"),
    certifiedOn: optionalDate,
  })
  .transform((v, ctx) => {
    const sum = v.monthlyHours?.reduce((a, b) => a + b, 0);
    const totalHoursWorked = v.totalHoursWorked ?? sum;
    if (totalHoursWorked === undefined) {
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.hours, path: ["totalHoursWorked"] });
      return z.NEVER;
    }
    if (sum !== undefined && sum !== totalHoursWorked)
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.monthlySum, path: ["totalHoursWorked"] });
    if (v.annualAverageEmployees > 0 && totalHoursWorked / v.annualAverageEmployees > 8760) {
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.hoursPerEmployee, path: ["totalHoursWorked"] });
    }
    const cert = [v.certifiedByName, v.certifiedByTitle, v.certifiedByPhone, v.certifiedOn];
    if (cert.some((c) => c !== null) && cert.some((c) => c === null)) {
      ctx.addIssue({ code: "custom", message: HOURS_MESSAGES.certificationIncomplete, path: ["certifiedByName"] });
    }
    return { ...v, totalHoursWorked };
  });
export type EstablishmentHoursValues = z.output<typeof establishmentHoursSchema>;

export const establishmentYearSchema = z.object({ id: idParam, year: yearParam });
export const oshaLogQuerySchema = z.object({ establishmentId: idParam, year: yearParam });
export const oshaRatesQuerySchema = z.object({ year: yearParam });

// ---- the 300 log, the 300A summary and the rates

/** One classified, recordable case as the records need it (names are real; the log hides them). */
export interface OshaCase {
  incidentId: number;
  /** Incident date, YYYY-MM-DD. */
  date: string;
  location: string;
  employeeName: string | null;
  jobTitle: string | null;
  privacyCase: boolean;
  outcome: CaseOutcome;
  daysAway: number;
  daysRestricted: number;
  injuryType: InjuryType;
  injuryDescription: string | null;
  bodyPart: string | null;
  objectSubstance: string | null;
}

export interface Log300Row {
  incidentId: number;
  /** Column A. */
  caseNumber: string;
  /** Column B: the name, or "Privacy Case". */
  employeeName: string;
  /** Column C. */
  jobTitle: string;
  /** Column D: the date of injury or onset of illness, MM/DD. */
  date: string;
  /** Column E. */
  where: string;
  /** Column F: the injury or illness, the body part and the object or substance. */
  description: string;
  outcome: CaseOutcome;
  /** Columns G to J: exactly one is checked. */
  death: boolean;
  daysAwayCase: boolean;
  transferRestrictionCase: boolean;
  otherRecordable: boolean;
  /** Columns K and L. */
  daysAway: number;
  daysRestricted: number;
  /** Column M, boxes 1 to 6. */
  injuryType: InjuryType;
}

/** Case numbers follow the incident's id, so correcting a case never renumbers the log. */
export function caseNumber(year: number, incidentId: number): string {
  return `${year}-${String(incidentId).padStart(4, "0")}`;
}

export function caseDescription(c: Pick<OshaCase, "injuryDescription" | "bodyPart" | "objectSubstance">): string {
  return [c.injuryDescription, c.bodyPart, c.objectSubstance].filter((s): s is string => !!s).join("; ");
}

/** The Form 300 rows of one establishment and year, sorted by case number. */
export function log300Rows(year: number, cases: readonly OshaCase[]): Log300Row[] {
  return [...cases]
    .sort((a, b) => a.incidentId - b.incidentId)
    .map((c) => ({
      incidentId: c.incidentId,
      caseNumber: caseNumber(year, c.incidentId),
      employeeName: logEmployeeName(c),
      jobTitle: c.jobTitle ?? "",
      date: `${c.date.slice(5, 7)}/${c.date.slice(8, 10)}`,
      where: c.location,
      description: caseDescription(c),
      outcome: c.outcome,
      death: c.outcome === "death",
      daysAwayCase: c.outcome === "days_away",
      transferRestrictionCase: c.outcome === "job_transfer_restriction",
      otherRecordable: c.outcome === "other_recordable",
      daysAway: cappedDays(c.daysAway),
      daysRestricted: cappedDays(c.daysRestricted),
      injuryType: c.injuryType,
    }));
}

/** The column totals of Form 300A. */
export interface Summary300ATotals {
  /** G..J: number of cases. */
  deaths: number;
  daysAwayCases: number;
  transferRestrictionCases: number;
  otherRecordableCases: number;
  /** K, L: number of days. */
  daysAway: number;
  daysRestricted: number;
  /** M1..M6. */
  injuries: number;
  skinDisorders: number;
  respiratoryConditions: number;
  poisonings: number;
  hearingLoss: number;
  otherIllnesses: number;
  /** G + H + I + J. */
  totalRecordableCases: number;
}

export function summarize300A(
  rows: readonly Pick<Log300Row, "outcome" | "daysAway" | "daysRestricted" | "injuryType">[],
): Summary300ATotals {
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  return {
    deaths: count((r) => r.outcome === "death"),
    daysAwayCases: count((r) => r.outcome === "days_away"),
    transferRestrictionCases: count((r) => r.outcome === "job_transfer_restriction"),
    otherRecordableCases: count((r) => r.outcome === "other_recordable"),
    daysAway: rows.reduce((a, r) => a + r.daysAway, 0),
    daysRestricted: rows.reduce((a, r) => a + r.daysRestricted, 0),
    injuries: count((r) => r.injuryType === "injury"),
    skinDisorders: count((r) => r.injuryType === "skin_disorder"),
    respiratoryConditions: count((r) => r.injuryType === "respiratory_condition"),
    poisonings: count((r) => r.injuryType === "poisoning"),
    hearingLoss: count((r) => r.injuryType === "hearing_loss"),
    otherIllnesses: count((r) => r.injuryType === "other_illness"),
    totalRecordableCases: rows.length,
  };
}

export interface RateInputs {
  recordableCases: number;
  daysAwayCases: number;
  transferRestrictionCases: number;
  hoursWorked: number;
}

export interface Rate {
  /** Rounded to 2 decimals; null without hours worked. */
  value: number | null;
  /** The cases counted (the numerator before x 200,000). */
  cases: number;
  /** The hours worked (the denominator). */
  hours: number;
  /** The formula with this period's figures, in English (the web shows it in the reader's language from `cases` and `hours`). */
  formula: string;
}

export interface Rates {
  trir: Rate;
  dart: Rate;
  ltir: Rate;
}

const groupThousands = (n: number) => n.toLocaleString("en-US");

function rate(cases: number, hours: number, label: string): Rate {
  const value = hours > 0 ? Math.round(((cases * RATE_BASE_HOURS) / hours) * 100) / 100 : null;
  const shown = value === null ? "no hours worked entered" : value.toFixed(2);
  return { value, cases, hours, formula: `${label} ${cases} x 200,000 / ${groupThousands(hours)} hours = ${shown}` };
}

/**
 * TRIR = recordable cases x 200,000 / hours; DART = (days-away + transfer/restriction cases) x
 * 200,000 / hours; LTIR = days-away cases x 200,000 / hours.
 */
export function incidenceRates(i: RateInputs): Rates {
  return {
    trir: rate(i.recordableCases, i.hoursWorked, "TRIR ="),
    dart: rate(i.daysAwayCases + i.transferRestrictionCases, i.hoursWorked, "DART ="),
    ltir: rate(i.daysAwayCases, i.hoursWorked, "LTIR ="),
  };
}

/** The 300A must be posted from February 1 to April 30 of the year after the one it covers (1904.32(b)(6)). */
export function isPostingPeriod(today: string): boolean {
  const md = today.slice(5, 10);
  return md >= "02-01" && md <= "04-30";
}

// ---- files

/** A CSV download: the 300 log or an ITA file. */
export interface CsvFile {
  fileName: string;
  csv: string;
}

/** A PDF download: Form 300, 300A or 301. */
export interface PdfFile {
  fileName: string;
  data: Uint8Array;
}

// ---- ITA files

/** Columns of ITA's establishment and 300A summary upload file, in order. */
export const ITA_SUMMARY_COLUMNS = [
  "establishment_name",
  "ein",
  "company_name",
  "street_address",
  "city",
  "state",
  "zip",
  "naics_code",
  "industry_description",
  "size",
  "establishment_type",
  "year_filing_for",
  "annual_average_employees",
  "total_hours_worked",
  "no_injuries_illnesses",
  "total_deaths",
  "total_dafw_cases",
  "total_djtr_cases",
  "total_other_cases",
  "total_dafw_days",
  "total_djtr_days",
  "total_injuries",
  "total_skin_disorders",
  "total_respiratory_conditions",
  "total_poisonings",
  "total_hearing_loss",
  "total_other_illnesses",
  "change_reason",
] as const;
export type ItaSummaryRow = Record<(typeof ITA_SUMMARY_COLUMNS)[number], string>;

/** Columns of ITA's case detail (300/301) upload file, in order. */
export const ITA_CASE_COLUMNS = [
  "establishment_name",
  "year_of_filing",
  "case_number",
  "job_title",
  "date_of_incident",
  "incident_location",
  "incident_description",
  "incident_outcome",
  "dafw_num_away",
  "djtr_num_tr",
  "type_of_incident",
  "date_of_birth",
  "date_of_hire",
  "sex",
  "treatment_facility_type",
  "treatment_in_patient",
  "time_started_work",
  "time_of_incident",
  "time_unknown",
  "nar_before_incident",
  "nar_what_happened",
  "nar_injury_illness",
  "nar_object_substance",
  "date_of_death",
] as const;
export type ItaCaseRow = Record<(typeof ITA_CASE_COLUMNS)[number], string>;

export interface EstablishmentFacts {
  name: string;
  companyName: string | null;
  streetAddress: string;
  city: string;
  state: string;
  zip: string;
  naicsCode: string;
  industryDescription: string | null;
  ein: string | null;
  size: number;
  establishmentType: number;
}

export interface YearFacts {
  annualAverageEmployees: number;
  totalHoursWorked: number;
}

export function itaSummaryRow(est: EstablishmentFacts, year: number, hours: YearFacts | null, totals: Summary300ATotals): ItaSummaryRow {
  const n = (v: number) => String(v);
  return {
    establishment_name: est.name,
    ein: est.ein ?? "",
    company_name: est.companyName ?? "",
    street_address: est.streetAddress,
    city: est.city,
    state: est.state,
    zip: est.zip,
    naics_code: est.naicsCode,
    industry_description: est.industryDescription ?? "",
    size: n(est.size),
    establishment_type: n(est.establishmentType),
    year_filing_for: n(year),
    annual_average_employees: hours ? n(hours.annualAverageEmployees) : "",
    total_hours_worked: hours ? n(hours.totalHoursWorked) : "",
    // 1: the establishment had recordable cases this year; 2: it had none.
    no_injuries_illnesses: totals.totalRecordableCases > 0 ? "1" : "2",
    total_deaths: n(totals.deaths),
    total_dafw_cases: n(totals.daysAwayCases),
    total_djtr_cases: n(totals.transferRestrictionCases),
    total_other_cases: n(totals.otherRecordableCases),
    total_dafw_days: n(totals.daysAway),
    total_djtr_days: n(totals.daysRestricted),
    total_injuries: n(totals.injuries),
    total_skin_disorders: n(totals.skinDisorders),
    total_respiratory_conditions: n(totals.respiratoryConditions),
    total_poisonings: n(totals.poisonings),
    total_hearing_loss: n(totals.hearingLoss),
    total_other_illnesses: n(totals.otherIllnesses),
    // ITA's free-text reason for a large change from the previous year's figures, optional; SiteSafe
    // keeps no such reason, so the column is written empty and the filer adds one in ITA if asked.
    change_reason: "",
  };
}

export interface FileIssue {
  /** 0-based data row, or null for the file as a whole. */
  row: number | null;
  column: string;
  message: string;
}

const INT = /^\d+$/;

/** What ITA would reject in a summary row, each with the column and the reason. */
export function itaSummaryIssues(row: ItaSummaryRow, index = 0): FileIssue[] {
  const issues: FileIssue[] = [];
  const add = (column: string, message: string) => issues.push({ row: index, column, message });
  if (!row.establishment_name) add("establishment_name", "Establishment name is required");
  if (row.establishment_name.length > 100) add("establishment_name", "Establishment name is longer than 100 characters");
  if (row.ein && !EIN.test(row.ein)) add("ein", "EIN must be 9 digits");
  if (!row.street_address) add("street_address", "Street address is required");
  if (!row.city) add("city", "City is required");
  if (!STATE.test(row.state)) add("state", "State must be a 2-letter postal code");
  if (!ZIP.test(row.zip)) add("zip", "ZIP code must have 5 or 9 digits");
  if (!NAICS.test(row.naics_code)) add("naics_code", "NAICS code must be 6 digits");
  if (!["1", "21", "22", "3"].includes(row.size)) add("size", "Size must be 1, 21, 22 or 3");
  if (!["1", "2", "3"].includes(row.establishment_type)) add("establishment_type", "Establishment type must be 1, 2 or 3");
  if (!INT.test(row.annual_average_employees) || Number(row.annual_average_employees) < 1) {
    add("annual_average_employees", "Enter the annual average number of employees for the year (at least 1)");
  }
  if (!INT.test(row.total_hours_worked) || Number(row.total_hours_worked) < 1)
    add("total_hours_worked", "Enter the total hours worked for the year (more than 0)");
  else if (
    INT.test(row.annual_average_employees) &&
    Number(row.total_hours_worked) / Math.max(1, Number(row.annual_average_employees)) > 8760
  ) {
    add("total_hours_worked", HOURS_MESSAGES.hoursPerEmployee);
  }
  const num = (c: keyof ItaSummaryRow) => Number(row[c]);
  const byOutcome = num("total_deaths") + num("total_dafw_cases") + num("total_djtr_cases") + num("total_other_cases");
  const byType =
    num("total_injuries") +
    num("total_skin_disorders") +
    num("total_respiratory_conditions") +
    num("total_poisonings") +
    num("total_hearing_loss") +
    num("total_other_illnesses");
  if (byOutcome !== byType) add("total_injuries", "The cases by outcome (G to J) and by type (M1 to M6) must add up to the same total");
  return issues;
}

const mdy = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

/** The facts of a case the ITA case file needs beyond the 300 log. */
export interface OshaCaseDetail extends OshaCase {
  dateOfBirth: string | null;
  dateHired: string | null;
  sex: (typeof sexes)[number] | null;
  timeOfEvent: string | null;
  timeBeganWork: string | null;
  whatDoing: string | null;
  whatHappened: string | null;
  dateOfDeath: string | null;
}

/** ITA case rows. Names never appear: the case file has no name column at all. */
export function itaCaseRows(establishmentName: string, year: number, cases: readonly OshaCaseDetail[]): ItaCaseRow[] {
  return [...cases]
    .sort((a, b) => a.incidentId - b.incidentId)
    .map((c) => ({
      establishment_name: establishmentName,
      year_of_filing: String(year),
      case_number: caseNumber(year, c.incidentId),
      job_title: c.jobTitle ?? "",
      date_of_incident: mdy(c.date),
      incident_location: c.location,
      incident_description: caseDescription(c),
      incident_outcome: String(caseOutcomeItaCodes[c.outcome]),
      dafw_num_away: String(cappedDays(c.daysAway)),
      djtr_num_tr: String(cappedDays(c.daysRestricted)),
      type_of_incident: String(injuryTypeCodes[c.injuryType]),
      date_of_birth: mdy(c.dateOfBirth),
      date_of_hire: mdy(c.dateHired),
      sex: c.sex ?? "",
      treatment_facility_type: "",
      treatment_in_patient: "",
      time_started_work: c.timeBeganWork ?? "",
      time_of_incident: c.timeOfEvent ?? "",
      time_unknown: c.timeOfEvent ? "" : "1",
      nar_before_incident: c.whatDoing ?? "",
      nar_what_happened: c.whatHappened ?? "",
      nar_injury_illness: [c.injuryDescription, c.bodyPart].filter(Boolean).join("; "),
      nar_object_substance: c.objectSubstance ?? "",
      date_of_death: mdy(c.dateOfDeath),
    }));
}

export function itaCaseIssues(rows: readonly ItaCaseRow[]): FileIssue[] {
  const issues: FileIssue[] = [];
  rows.forEach((row, index) => {
    const add = (column: string, message: string) => issues.push({ row: index, column, message: `Case ${row.case_number}: ${message}` });
    if (!row.job_title) add("job_title", "job title is required");
    if (!row.date_of_incident) add("date_of_incident", "date of incident is required");
    if (!row.incident_location) add("incident_location", "where the event occurred is required");
    if (!row.incident_description) add("incident_description", "describe the injury or illness, the body part and the object or substance");
    if (!["1", "2", "3", "4"].includes(row.incident_outcome)) add("incident_outcome", "outcome must be 1, 2, 3 or 4");
    if (!["1", "2", "3", "4", "5", "6"].includes(row.type_of_incident)) add("type_of_incident", "type must be 1 to 6");
    if (row.incident_outcome === "1" && !row.date_of_death) add("date_of_death", "a death needs the date of death");
    if (row.incident_outcome === "2" && Number(row.dafw_num_away) < 1) add("dafw_num_away", "a days-away case needs its days away");
    if (row.incident_outcome === "3" && Number(row.djtr_num_tr) < 1)
      add("djtr_num_tr", "a job transfer or restriction case needs its days");
    if (Number(row.dafw_num_away) > DAY_COUNT_CAP || Number(row.djtr_num_tr) > DAY_COUNT_CAP)
      add("dafw_num_away", "day counts stop at 180");
    if (!row.nar_what_happened) add("nar_what_happened", "say what happened");
    if (!row.nar_injury_illness) add("nar_injury_illness", "name the injury or illness");
  });
  return issues;
}

/**
 * RFC 4180 CSV with a header line and CRLF line ends, every cell written by `csvCell` (csv.ts), the
 * same function as the list exports: quoted where needed, and text a spreadsheet would run as a
 * formula neutralised. The numeric columns hold non-negative digits only, which pass unchanged, so
 * ITA still reads them as numbers.
 */
export function toCsv<C extends string>(columns: readonly C[], rows: readonly Record<C, string>[]): string {
  const lines = [csvLine(columns), ...rows.map((r) => csvLine(columns.map((c) => r[c] ?? "")))];
  return `${lines.join("\r\n")}\r\n`;
}

/** Parses what `toCsv` writes (and any RFC 4180 file): rows of fields, header included. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
