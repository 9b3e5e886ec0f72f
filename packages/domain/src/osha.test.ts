import { describe, expect, it } from "vitest";
import {
  cappedDays,
  caseNumber,
  establishmentHoursSchema,
  establishmentSchema,
  ITA_CASE_COLUMNS,
  ITA_SUMMARY_COLUMNS,
  incidenceRates,
  isPostingPeriod,
  itaCaseIssues,
  itaCaseRows,
  itaSummaryIssues,
  itaSummaryRow,
  log300Rows,
  logEmployeeName,
  mostSeriousOutcome,
  OSHA_MESSAGES,
  type OshaCaseDetail,
  PRIVACY_CASE_NAME,
  parseCsv,
  recordkeepingSchema,
  summarize300A,
  toCsv,
} from "./osha.js";

const base = {
  recordable: true,
  employeeName: "Dana Diaz",
  jobTitle: "Carpenter",
  outcome: "other_recordable",
  injuryType: "injury",
} as const;

function messages(input: Record<string, unknown>): string[] {
  const r = recordkeepingSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("outcome precedence (1904.7(b)(2))", () => {
  it("death outranks days away, days away outrank restriction, restriction outranks other", () => {
    expect(mostSeriousOutcome({ died: true, daysAway: 20, daysRestricted: 5 })).toBe("death");
    expect(mostSeriousOutcome({ died: false, daysAway: 1, daysRestricted: 30 })).toBe("days_away");
    expect(mostSeriousOutcome({ died: false, daysAway: 0, daysRestricted: 3 })).toBe("job_transfer_restriction");
    expect(mostSeriousOutcome({ died: false, daysAway: 0, daysRestricted: 0 })).toBe("other_recordable");
  });

  it("refuses a less serious outcome than the day counts show", () => {
    expect(messages({ ...base, outcome: "job_transfer_restriction", daysAway: 3, daysRestricted: 4 })).toEqual([
      OSHA_MESSAGES.daysAwayOutranks,
    ]);
    expect(messages({ ...base, outcome: "other_recordable", daysRestricted: 2 })).toEqual([OSHA_MESSAGES.restrictionOutranks]);
    expect(messages({ ...base, outcome: "days_away", daysAway: 3, daysRestricted: 10 })).toEqual([]);
  });

  it("a days-away or restriction case needs its days", () => {
    expect(messages({ ...base, outcome: "days_away" })).toEqual([OSHA_MESSAGES.daysAwayNeedsDays]);
    expect(messages({ ...base, outcome: "job_transfer_restriction", daysRestricted: 0 })).toEqual([OSHA_MESSAGES.restrictionNeedsDays]);
  });
});

describe("the 180-day cap (1904.7(b)(3)(vii))", () => {
  it("refuses day counts over 180 with the rule named; 180 itself is fine", () => {
    expect(messages({ ...base, outcome: "days_away", daysAway: 181 })).toEqual([OSHA_MESSAGES.daysAwayCap]);
    expect(OSHA_MESSAGES.daysAwayCap).toContain("1904.7(b)(3)(vii)");
    expect(messages({ ...base, outcome: "job_transfer_restriction", daysRestricted: 200 })).toEqual([OSHA_MESSAGES.daysRestrictedCap]);
    expect(messages({ ...base, outcome: "days_away", daysAway: 180, daysRestricted: 180 })).toEqual([]);
  });
  it("cappedDays stops at 180 and never goes below 0", () => {
    expect([cappedDays(250), cappedDays(180), cappedDays(7.9), cappedDays(-2)]).toEqual([180, 180, 7, 0]);
  });
  it("day counts are whole numbers", () => {
    expect(messages({ ...base, outcome: "days_away", daysAway: 2.5 })).toEqual([OSHA_MESSAGES.daysWhole]);
  });
});

describe("deaths and non-recordable cases", () => {
  it("a death needs a date of death, not before the incident", () => {
    expect(messages({ ...base, outcome: "death" })).toEqual([OSHA_MESSAGES.deathNeedsDate]);
    expect(messages({ ...base, outcome: "death", dateOfDeath: "2026-02-30" })).toEqual([OSHA_MESSAGES.invalidDate]);
    expect(messages({ ...base, outcome: "death", dateOfDeath: "2026-03-04" })).toEqual([]);
    expect(messages({ ...base, outcome: "other_recordable", dateOfDeath: "2026-03-04" })).toEqual([OSHA_MESSAGES.dateOfDeathOnlyForDeath]);
  });
  it("a non-recordable case cannot carry an outcome, day counts or a type, and needs a reason", () => {
    expect(messages({ recordable: false, notRecordableReason: "first_aid_only", outcome: "days_away", daysAway: 2 })).toEqual([
      OSHA_MESSAGES.notRecordableWithOutcome,
    ]);
    expect(messages({ recordable: false, notRecordableReason: "first_aid_only", injuryType: "injury" })).toEqual([
      OSHA_MESSAGES.notRecordableWithOutcome,
    ]);
    expect(messages({ recordable: false })).toEqual([OSHA_MESSAGES.notRecordableReasonRequired]);
    expect(messages({ recordable: false, notRecordableReason: "not_work_related" })).toEqual([]);
  });
  it("a recordable case needs the employee, job title, outcome and type", () => {
    expect(messages({ recordable: true })).toEqual([
      OSHA_MESSAGES.employeeRequired,
      OSHA_MESSAGES.jobTitleRequired,
      OSHA_MESSAGES.outcomeRequired,
      OSHA_MESSAGES.injuryTypeRequired,
    ]);
  });
});

describe("privacy cases (1904.29(b)(7))", () => {
  it("the log shows 'Privacy Case' instead of the name", () => {
    expect(logEmployeeName({ privacyCase: true, employeeName: "Dana Diaz" })).toBe(PRIVACY_CASE_NAME);
    expect(logEmployeeName({ privacyCase: false, employeeName: "Dana Diaz" })).toBe("Dana Diaz");
  });
  it("needs a reason; an employee's request only covers illnesses", () => {
    expect(messages({ ...base, privacyCase: true })).toEqual([OSHA_MESSAGES.privacyReasonRequired]);
    expect(messages({ ...base, privacyCase: true, privacyReason: "employee_request" })).toEqual([OSHA_MESSAGES.privacyRequestOnlyIllness]);
    expect(messages({ ...base, injuryType: "other_illness", privacyCase: true, privacyReason: "employee_request" })).toEqual([]);
    expect(messages({ ...base, privacyCase: true, privacyReason: "sharps_contaminated" })).toEqual([]);
  });
});

describe("rates", () => {
  it("3 recordables, 1 days-away and 1 restricted in 180,000 hours: TRIR 3.33, DART 2.22, LTIR 1.11", () => {
    const r = incidenceRates({ recordableCases: 3, daysAwayCases: 1, transferRestrictionCases: 1, hoursWorked: 180_000 });
    expect([r.trir.value, r.dart.value, r.ltir.value]).toEqual([3.33, 2.22, 1.11]);
    expect(r.trir.formula).toBe("TRIR = 3 x 200,000 / 180,000 hours = 3.33");
    expect(r.trir).toMatchObject({ cases: 3, hours: 180_000 });
    expect(r.dart.formula).toBe("DART = 2 x 200,000 / 180,000 hours = 2.22");
  });
  it("without hours there is no rate, and the formula says why", () => {
    const r = incidenceRates({ recordableCases: 2, daysAwayCases: 0, transferRestrictionCases: 0, hoursWorked: 0 });
    expect(r.trir.value).toBeNull();
    expect(r.trir.formula).toContain("no hours worked entered");
  });
  it("400,000 hours and 5 cases: TRIR 2.50", () => {
    expect(incidenceRates({ recordableCases: 5, daysAwayCases: 0, transferRestrictionCases: 0, hoursWorked: 400_000 }).trir.value).toBe(
      2.5,
    );
  });
});

const cases: OshaCaseDetail[] = [
  {
    incidentId: 12,
    date: "2026-05-02",
    location: "Level 3 deck",
    employeeName: "Ann Able",
    jobTitle: "Ironworker",
    privacyCase: false,
    outcome: "days_away",
    daysAway: 200,
    daysRestricted: 4,
    injuryType: "injury",
    injuryDescription: "Fractured wrist",
    bodyPart: "Left wrist",
    objectSubstance: "Scaffold plank",
    dateOfBirth: "1990-01-31",
    dateHired: null,
    sex: "F",
    timeOfEvent: "09:15",
    timeBeganWork: "07:00",
    whatDoing: "Carrying planks",
    whatHappened: "Plank slipped",
    dateOfDeath: null,
  },
  {
    incidentId: 3,
    date: "2026-01-20",
    location: "Yard",
    employeeName: "Bo Bell",
    jobTitle: "Laborer",
    privacyCase: true,
    outcome: "other_recordable",
    daysAway: 0,
    daysRestricted: 0,
    injuryType: "other_illness",
    injuryDescription: "Hepatitis exposure",
    bodyPart: null,
    objectSubstance: "Needle",
    dateOfBirth: null,
    dateHired: null,
    sex: null,
    timeOfEvent: null,
    timeBeganWork: null,
    whatDoing: "Clearing debris",
    whatHappened: 'Stuck by a needle, "hidden" in debris',
    dateOfDeath: null,
  },
  {
    incidentId: 7,
    date: "2026-03-09",
    location: "Trench B",
    employeeName: "Cy Cole",
    jobTitle: "Operator",
    privacyCase: false,
    outcome: "job_transfer_restriction",
    daysAway: 0,
    daysRestricted: 10,
    injuryType: "respiratory_condition",
    injuryDescription: "Silica irritation",
    bodyPart: "Lungs",
    objectSubstance: "Concrete dust",
    dateOfBirth: null,
    dateHired: null,
    sex: null,
    timeOfEvent: "13:00",
    timeBeganWork: "06:00",
    whatDoing: "Cutting",
    whatHappened: "Dust",
    dateOfDeath: null,
  },
];

describe("the 300 log and the 300A summary", () => {
  const rows = log300Rows(2026, cases);
  it("sorts by case number, hides privacy names and caps day counts", () => {
    expect(rows.map((r) => r.caseNumber)).toEqual(["2026-0003", "2026-0007", "2026-0012"]);
    expect(rows[0]).toMatchObject({ employeeName: "Privacy Case", date: "01/20", otherRecordable: true, death: false });
    expect(rows[2]).toMatchObject({
      employeeName: "Ann Able",
      daysAway: 180,
      daysRestricted: 4,
      daysAwayCase: true,
      description: "Fractured wrist; Left wrist; Scaffold plank",
    });
    expect(caseNumber(2025, 12345)).toBe("2025-12345");
  });
  it("totals each column", () => {
    expect(summarize300A(rows)).toEqual({
      deaths: 0,
      daysAwayCases: 1,
      transferRestrictionCases: 1,
      otherRecordableCases: 1,
      daysAway: 180,
      daysRestricted: 14,
      injuries: 1,
      skinDisorders: 0,
      respiratoryConditions: 1,
      poisonings: 0,
      hearingLoss: 0,
      otherIllnesses: 1,
      totalRecordableCases: 3,
    });
  });
});

const establishment = {
  name: "Harbor Tower",
  companyName: "Acme Builders",
  streetAddress: "1 Main St",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  naicsCode: "236220",
  industryDescription: "Commercial building construction",
  ein: "123456789",
  size: 21,
  establishmentType: 1,
};

describe("ITA files", () => {
  const totals = summarize300A(log300Rows(2026, cases));
  it("the summary row carries the 300A totals under ITA's column names and passes validation", () => {
    const row = itaSummaryRow(establishment, 2026, { annualAverageEmployees: 45, totalHoursWorked: 90_000 }, totals);
    expect(itaSummaryIssues(row)).toEqual([]);
    const parsed = parseCsv(toCsv(ITA_SUMMARY_COLUMNS, [row]));
    expect(parsed[0]).toEqual([...ITA_SUMMARY_COLUMNS]);
    const rec = Object.fromEntries(ITA_SUMMARY_COLUMNS.map((c, i) => [c, parsed[1]?.[i]]));
    expect(rec).toMatchObject({
      total_dafw_cases: "1",
      total_djtr_cases: "1",
      total_other_cases: "1",
      total_dafw_days: "180",
      total_djtr_days: "14",
      no_injuries_illnesses: "1",
      size: "21",
    });
  });
  it("names what ITA would reject: no hours, bad NAICS, bad ZIP, too many hours per employee", () => {
    const noHours = itaSummaryRow({ ...establishment, naicsCode: "2362", zip: "6270" }, 2026, null, totals);
    expect(itaSummaryIssues(noHours).map((i) => i.column)).toEqual(["zip", "naics_code", "annual_average_employees", "total_hours_worked"]);
    const tooMany = itaSummaryRow(establishment, 2026, { annualAverageEmployees: 2, totalHoursWorked: 20_000 }, totals);
    expect(itaSummaryIssues(tooMany).map((i) => i.column)).toEqual(["total_hours_worked"]);
  });
  it("a year without cases says so (no_injuries_illnesses 2)", () => {
    const row = itaSummaryRow(establishment, 2026, { annualAverageEmployees: 45, totalHoursWorked: 90_000 }, summarize300A([]));
    expect(row.no_injuries_illnesses).toBe("2");
  });
  it("case rows use ITA's codes and never a name; quotes survive the round trip", () => {
    const rows = itaCaseRows("Harbor Tower", 2026, cases);
    expect(itaCaseIssues(rows)).toEqual([]);
    expect(rows.map((r) => [r.case_number, r.incident_outcome, r.type_of_incident, r.dafw_num_away])).toEqual([
      ["2026-0003", "4", "6", "0"],
      ["2026-0007", "3", "3", "0"],
      ["2026-0012", "2", "1", "180"],
    ]);
    const csv = toCsv(ITA_CASE_COLUMNS, rows);
    expect(csv).not.toContain("Bo Bell");
    expect(csv).not.toContain("Ann Able");
    const parsed = parseCsv(csv);
    expect(parsed).toHaveLength(4);
    expect(parsed[1]?.[ITA_CASE_COLUMNS.indexOf("nar_what_happened")]).toBe('Stuck by a needle, "hidden" in debris');
    expect(parsed[3]?.[ITA_CASE_COLUMNS.indexOf("date_of_incident")]).toBe("05/02/2026");
  });
  it("flags a death without its date and a case without narrative", () => {
    const [row] = itaCaseRows("X", 2026, [{ ...cases[2]!, outcome: "death", whatHappened: null }]);
    expect(itaCaseIssues([row!]).map((i) => i.column)).toEqual(["date_of_death", "nar_what_happened"]);
  });
});

describe("establishments and hours", () => {
  it("checks NAICS, ZIP, state, EIN and size", () => {
    const r = establishmentSchema.safeParse({
      ...establishment,
      naicsCode: "23622",
      zip: "627",
      state: "Illinois",
      ein: "12-345",
      size: 5,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "State must be a 2-letter postal code",
      "ZIP code must have 5 or 9 digits",
      "NAICS code must be 6 digits",
      "EIN must be 9 digits",
      "Choose the establishment size",
    ]);
    expect(establishmentSchema.parse({ ...establishment, ein: "12-3456789", zip: "62701-1234" })).toMatchObject({
      ein: "123456789",
      zip: "627011234",
    });
  });
  it("monthly hours must sum to the total; the total may come from the months", () => {
    const months = Array(12).fill(15_000);
    expect(establishmentHoursSchema.parse({ id: 1, year: 2026, annualAverageEmployees: 90, monthlyHours: months }).totalHoursWorked).toBe(
      180_000,
    );
    const bad = establishmentHoursSchema.safeParse({
      id: 1,
      year: 2026,
      annualAverageEmployees: 90,
      monthlyHours: months,
      totalHoursWorked: 170_000,
    });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Total hours worked must equal the sum of the monthly hours"]);
  });
  it("a certification is all four fields or none", () => {
    const half = establishmentHoursSchema.safeParse({
      id: 1,
      year: 2026,
      annualAverageEmployees: 9,
      totalHoursWorked: 18_000,
      certifiedByName: "Pat Boss",
    });
    expect(half.error?.issues.map((i) => i.message)).toEqual(["To certify, give the executive's name, title, phone and the date"]);
  });
});

describe("posting period", () => {
  it("from February 1 to April 30", () => {
    expect(["2027-01-31", "2027-02-01", "2027-04-30", "2027-05-01"].map(isPostingPeriod)).toEqual([false, true, true, false]);
  });
});
