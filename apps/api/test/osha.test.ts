import { ITA_CASE_COLUMNS, ITA_SUMMARY_COLUMNS, OSHA_MESSAGES, parseCsv } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ESTABLISHMENT_HAS_RECORDS, ONLY_RECORD_KEEPERS } from "../src/services/osha.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { pdfText } from "./pdfText.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let injured: TestUser;
let tower: number; // project of the Harbor Tower establishment
let shed: number; // short project: rolls up to the company establishment
let harbor: number;
let company: number;

const YEAR = 2026;

const establishmentBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Harbor Tower",
  companyName: "Acme Builders",
  streetAddress: "1 Harbor Way",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  naicsCode: "236220",
  industryDescription: "Commercial building construction",
  ein: "12-3456789",
  size: 21,
  establishmentType: 1,
  ...overrides,
});

async function incident(projectId: number, date: string, title = "Fall from ladder"): Promise<number> {
  const res = await t.request({
    method: "POST",
    url: "/api/incident-reports",
    as: manager,
    payload: { projectId, title, date, location: "Level 2 east stair", severity: "severe" },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const recordable = (overrides: Record<string, unknown> = {}) => ({
  recordable: true,
  employeeWorkerId: injured.workerId,
  jobTitle: "Carpenter",
  timeOfEvent: "10:30",
  timeBeganWork: "07:00",
  outcome: "other_recordable",
  injuryType: "injury",
  whatDoing: "Climbing a ladder with a bundle of studs",
  whatHappened: "The ladder slid on wet concrete and he fell 6 feet",
  injuryDescription: "Sprained ankle",
  bodyPart: "Right ankle",
  objectSubstance: "Concrete floor",
  physicianName: "Dr. Lee",
  facilityName: "Springfield Urgent Care",
  emergencyRoom: false,
  hospitalizedOvernight: false,
  ...overrides,
});

async function classify(id: number, body: Record<string, unknown>, as: TestUser = manager) {
  return t.request({ method: "PUT", url: `/api/incident-reports/${id}/recordkeeping`, as, payload: body });
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, worker, injured] = await Promise.all([
    t.createUser({ role: "admin" }),
    t.createUser({ role: "manager" }),
    t.createUser({ role: "worker" }),
    t.createUser({ role: "worker", firstName: "Ivan", lastName: "Injured" }),
  ]);
  tower = await t.createProject({ name: "Harbor Tower" });
  shed = await t.createProject({ name: "Tool shed" });
  await t.assign(worker.workerId as number, tower);
});
afterAll(() => t.close());

describe("establishments", () => {
  it("a manager creates one with its projects; the company establishment collects the others", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: manager,
      payload: { ...establishmentBody(), projectIds: [tower] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Harbor Tower",
      ein: "123456789",
      size: 21,
      isCompanyDefault: false,
      projects: [{ id: tower, name: "Harbor Tower" }],
    });
    harbor = res.json().id;
    const main = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: admin,
      payload: establishmentBody({ name: "Acme main office", isCompanyDefault: true }),
    });
    expect(main.statusCode).toBe(201);
    company = main.json().id;
    expect(main.json().projects).toEqual([{ id: shed, name: "Tool shed" }]);
    const list = await t.request({ method: "GET", url: "/api/establishments", as: manager });
    expect(list.json().map((e: { name: string }) => e.name)).toEqual(["Acme main office", "Harbor Tower"]);
  });

  it("only one company establishment (409), unique names (409), clear 400s", async () => {
    const second = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: admin,
      payload: establishmentBody({ name: "Other office", isCompanyDefault: true }),
    });
    expect(second.statusCode).toBe(409);
    const same = await t.request({ method: "POST", url: "/api/establishments", as: admin, payload: establishmentBody() });
    expect(same.statusCode).toBe(409);
    for (const [overrides, message] of [
      [{ naicsCode: "2362" }, "NAICS code must be 6 digits"],
      [{ zip: "1234" }, "ZIP code must have 5 or 9 digits"],
      [{ name: "" }, "Establishment name is required"],
      [{ size: 7 }, "Choose the establishment size"],
      [{ projectIds: [999999] }, "One or more projects do not exist"],
    ] as const) {
      const res = await t.request({
        method: "POST",
        url: "/api/establishments",
        as: admin,
        payload: establishmentBody({ name: "Bad", ...overrides }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it("updates keep what is left out; an empty establishment can be deleted (204), unknown 404", async () => {
    const created = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: manager,
      payload: establishmentBody({ name: "Temp yard", establishmentType: 1 }),
    });
    const id = created.json().id;
    const upd = await t.request({ method: "PUT", url: `/api/establishments/${id}`, as: manager, payload: { city: "Shelbyville" } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ city: "Shelbyville", name: "Temp yard", naicsCode: "236220" });
    expect((await t.request({ method: "DELETE", url: `/api/establishments/${id}`, as: manager })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/establishments/${id}`, as: manager })).statusCode).toBe(404);
  });
});

describe("hours per establishment and year", () => {
  it("no hours yet answers null; monthly hours must add up; totals come from the months", async () => {
    expect((await t.request({ method: "GET", url: `/api/establishments/${harbor}/hours/${YEAR}`, as: manager })).json()).toBeNull();
    const months = Array(12).fill(15_000);
    const bad = await t.request({
      method: "PUT",
      url: `/api/establishments/${harbor}/hours/${YEAR}`,
      as: manager,
      payload: { annualAverageEmployees: 90, monthlyHours: months, totalHoursWorked: 100_000 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Total hours worked must equal the sum of the monthly hours");
    const ok = await t.request({
      method: "PUT",
      url: `/api/establishments/${harbor}/hours/${YEAR}`,
      as: manager,
      payload: { annualAverageEmployees: 90, monthlyHours: months },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ year: YEAR, annualAverageEmployees: 90, totalHoursWorked: 180_000, monthlyHours: months });
    const year = await t.request({
      method: "PUT",
      url: `/api/establishments/${harbor}/hours/1999`,
      as: manager,
      payload: { annualAverageEmployees: 1, totalHoursWorked: 10 },
    });
    expect(year.json().message).toBe("Year must be between 2000 and 2100");
  });

  it("an establishment with hours on file cannot be deleted (409, five-year retention)", async () => {
    const res = await t.request({ method: "DELETE", url: `/api/establishments/${harbor}`, as: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ESTABLISHMENT_HAS_RECORDS);
  });
});

describe("classifying an incident", () => {
  it("refuses with the rule named: over 180 days, a death without its date, a non-recordable case with an outcome", async () => {
    const id = await incident(tower, "2026-02-10");
    const cases: [Record<string, unknown>, string][] = [
      [recordable({ outcome: "days_away", daysAway: 200 }), OSHA_MESSAGES.daysAwayCap],
      [recordable({ outcome: "death" }), OSHA_MESSAGES.deathNeedsDate],
      [recordable({ outcome: "death", dateOfDeath: "2026-02-01" }), OSHA_MESSAGES.deathBeforeEvent],
      [
        { recordable: false, notRecordableReason: "first_aid_only", outcome: "days_away", daysAway: 3 },
        OSHA_MESSAGES.notRecordableWithOutcome,
      ],
      [recordable({ outcome: "other_recordable", daysAway: 2 }), OSHA_MESSAGES.daysAwayOutranks],
      [recordable({ employeeWorkerId: 999999 }), "Please select a valid worker"],
    ];
    for (const [body, message] of cases) {
      const res = await classify(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await t.request({ method: "GET", url: `/api/incident-reports/${id}/recordkeeping`, as: manager })).json().recordkeeping,
    ).toBeNull();
  });

  it("stores the classification, fills the name from the worker, and audits without medical details", async () => {
    const id = await incident(tower, "2026-03-01");
    const res = await classify(id, recordable({ outcome: "days_away", daysAway: 5 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recordkeeping).toMatchObject({
      recordable: true,
      employeeName: "Ivan Injured",
      outcome: "days_away",
      daysAway: 5,
      whatHappened: expect.stringContaining("ladder slid"),
    });
    const history = await t.request({ method: "GET", url: `/api/incident-reports/${id}/history`, as: worker });
    const last = history.json().at(-1);
    expect(last).toMatchObject({ action: "recordkeeping_classified", fromState: null, toState: null });
    expect(JSON.stringify(history.json())).not.toContain("days_away");
    expect((await classify(id, { recordable: false, notRecordableReason: "first_aid_only" })).json().recordkeeping).toMatchObject({
      recordable: false,
      outcome: null,
      notRecordableReason: "first_aid_only",
    });
  });

  it("workers get 403 and never see medical details, even on their own project's incident", async () => {
    const id = await incident(tower, "2026-03-02");
    await classify(id, recordable());
    const get = await t.request({ method: "GET", url: `/api/incident-reports/${id}/recordkeeping`, as: worker });
    expect(get.statusCode).toBe(403);
    expect(get.json().message).toBe(ONLY_RECORD_KEEPERS);
    expect(get.body).not.toContain("ankle");
    expect((await classify(id, { recordable: false, notRecordableReason: "other" }, worker)).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${id}`, as: worker })).body).not.toContain("ankle");
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${id}/recordkeeping` })).statusCode).toBe(401);
  });
});

describe("the 300 log, the 300A summary and the rates are views over incident data", () => {
  let cases: number[];
  beforeAll(async () => {
    // A fresh year: 3 recordables (1 days away, 1 restricted, 1 other), a non-recordable, one elsewhere.
    cases = [await incident(tower, "2027-01-15"), await incident(tower, "2027-02-20"), await incident(tower, "2027-06-30")];
    expect((await classify(cases[0] as number, recordable({ outcome: "days_away", daysAway: 12, daysRestricted: 3 }))).statusCode).toBe(
      200,
    );
    expect(
      (
        await classify(
          cases[1] as number,
          recordable({
            outcome: "job_transfer_restriction",
            daysRestricted: 20,
            injuryType: "respiratory_condition",
            injuryDescription: "Silica irritation",
            bodyPart: "Lungs",
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await classify(
          cases[2] as number,
          recordable({
            employeeWorkerId: null,
            employeeName: "Nina Needle",
            injuryType: "other_illness",
            privacyCase: true,
            privacyReason: "sharps_contaminated",
          }),
        )
      ).statusCode,
    ).toBe(200);
    await classify(await incident(tower, "2027-07-01", "Splinter"), { recordable: false, notRecordableReason: "first_aid_only" });
    await classify(await incident(shed, "2027-03-03", "Cut hand"), recordable());
    await t.request({
      method: "PUT",
      url: `/api/establishments/${harbor}/hours/2027`,
      as: manager,
      payload: { annualAverageEmployees: 90, totalHoursWorked: 180_000 },
    });
  });

  it("GET /api/osha/300: one row per recordable case, sorted, privacy name hidden, OSHA's columns", async () => {
    const res = await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${harbor}&year=2027`, as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json();
    expect(log.rows.map((r: { caseNumber: string }) => r.caseNumber)).toEqual(cases.map((id) => `2027-${String(id).padStart(4, "0")}`));
    expect(log.rows[0]).toMatchObject({
      employeeName: "Ivan Injured",
      jobTitle: "Carpenter",
      date: "01/15",
      where: "Level 2 east stair",
      daysAwayCase: true,
      daysAway: 12,
      daysRestricted: 3,
    });
    expect(log.rows[2]).toMatchObject({ employeeName: "Privacy Case", otherRecordable: true, injuryType: "other_illness" });
    expect(res.body).not.toContain("Nina Needle");
    expect(log.totals).toMatchObject({
      totalRecordableCases: 3,
      daysAwayCases: 1,
      transferRestrictionCases: 1,
      otherRecordableCases: 1,
      daysAway: 12,
      daysRestricted: 23,
      injuries: 1,
      respiratoryConditions: 1,
      otherIllnesses: 1,
    });
  });

  it("GET /api/osha/300a: totals, hours and the rates (3 cases in 180,000 hours: TRIR 3.33, DART 2.22)", async () => {
    const res = await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027`, as: admin });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.hours).toMatchObject({ annualAverageEmployees: 90, totalHoursWorked: 180_000 });
    expect(s.rates.trir).toEqual({ value: 3.33, cases: 3, hours: 180_000, formula: "TRIR = 3 x 200,000 / 180,000 hours = 3.33" });
    expect(s.rates.dart.value).toBe(2.22);
    expect(s.rates.ltir.value).toBe(1.11);
    expect(s.itaIssues).toEqual({ summary: [], cases: [] });
    expect(s.certification).toBeNull();
  });

  it("correcting an incident corrects the log: moving it to another year takes it off", async () => {
    const moved = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${cases[0]}`,
      as: manager,
      payload: { date: "2028-01-02" },
    });
    expect(moved.statusCode).toBe(200);
    const log = (await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${harbor}&year=2027`, as: manager })).json();
    expect(log.totals.totalRecordableCases).toBe(2);
    await t.request({ method: "PUT", url: `/api/incident-reports/${cases[0]}`, as: manager, payload: { date: "2027-01-15" } });
    const back = (await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${harbor}&year=2027`, as: manager })).json();
    expect(back.totals.totalRecordableCases).toBe(3);
  });

  it("the company establishment logs the short project's case", async () => {
    const log = (await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${company}&year=2027`, as: manager })).json();
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ employeeName: "Ivan Injured" });
  });

  it("GET /api/osha/rates: per establishment and for the company, with formulas", async () => {
    const res = await t.request({ method: "GET", url: "/api/osha/rates?year=2027", as: manager });
    expect(res.statusCode).toBe(200);
    const r = res.json();
    const h = r.establishments.find((e: { establishmentId: number }) => e.establishmentId === harbor);
    expect(h).toMatchObject({ recordableCases: 3, daysAwayCases: 1, transferRestrictionCases: 1, totalHoursWorked: 180_000 });
    expect(h.rates.trir.value).toBe(3.33);
    const c = r.establishments.find((e: { establishmentId: number }) => e.establishmentId === company);
    expect(c).toMatchObject({ recordableCases: 1, totalHoursWorked: null });
    expect(c.rates.trir).toMatchObject({ value: null, formula: expect.stringContaining("no hours worked entered") });
    // Company: 4 cases over the 180,000 hours on file.
    expect(r.company).toMatchObject({ recordableCases: 4, totalHoursWorked: 180_000 });
    expect(r.company.rates.trir.value).toBe(4.44);
  });

  it("the 300A PDF opens on one page with the totals and the certification", async () => {
    const cert = await t.request({
      method: "PUT",
      url: `/api/establishments/${harbor}/hours/2027`,
      as: manager,
      payload: {
        annualAverageEmployees: 90,
        totalHoursWorked: 180_000,
        certifiedByName: "Pat Boss",
        certifiedByTitle: "President",
        certifiedByPhone: "555-0100",
        certifiedOn: "2028-01-20",
      },
    });
    expect(cert.statusCode, cert.body).toBe(200);
    const res = await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027&format=pdf`, as: manager });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="osha-300a-2027-/);
    const pdf = await pdfText(res.rawPayload);
    expect(pdf.pages).toBe(1);
    const text = pdf.text[0] ?? "";
    expect(text).toContain("Summary of Work-Related Injuries and Illnesses");
    expect(text).toContain("Year 2027");
    expect(text).toMatch(/\b0\s+\(G\) Total number of deaths/);
    expect(text).toMatch(/\b1\s+\(H\) Total number of cases with days away from work/);
    expect(text).toMatch(/\b12\s+\(K\) Total number of days away from work/);
    expect(text).toMatch(/\b23\s+\(L\) Total number of days of job transfer or restriction/);
    expect(text).toContain("180,000");
    expect(text).toContain("Pat Boss");
    const json = (await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027`, as: manager })).json();
    expect(json.certification).toEqual({ name: "Pat Boss", title: "President", phone: "555-0100", date: "2028-01-20" });
  });

  it("the 300 log PDF: Accept: application/pdf works, page totals, privacy name; 14 cases take two pages", async () => {
    const res = await t.request({
      method: "GET",
      url: `/api/osha/300?establishmentId=${harbor}&year=2027`,
      as: manager,
      headers: { accept: "application/pdf" },
    });
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = await pdfText(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain("Log of Work-Related Injuries and Illnesses");
    expect(pdf.text[0]).toContain("Privacy Case");
    expect(pdf.text[0]).not.toContain("Nina Needle");
    expect(pdf.text[0]).toContain("Page totals");
    const big = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: manager,
      payload: establishmentBody({ name: "Big job" }),
    });
    const project = await t.createProject({ name: "Big job" });
    await t.request({ method: "PUT", url: `/api/establishments/${big.json().id}`, as: manager, payload: { projectIds: [project] } });
    for (let i = 0; i < 14; i++) await classify(await incident(project, "2027-05-05", `Case ${i}`), recordable());
    const two = await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${big.json().id}&year=2027&format=pdf`, as: manager });
    const twoPdf = await pdfText(two.rawPayload);
    expect(twoPdf.pages).toBe(2);
    expect(twoPdf.text[1]).toContain("Page 2 of 2");
  });

  it("the 300 log as CSV", async () => {
    const res = await t.request({ method: "GET", url: `/api/osha/300?establishmentId=${harbor}&year=2027&format=csv`, as: manager });
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(4);
    expect(rows[3]?.[1]).toBe("Privacy Case");
  });

  it("ITA summary CSV parses back to the 300A totals; case CSV has no names", async () => {
    const summary = (await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027`, as: manager })).json();
    const res = await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027&format=ita`, as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = parseCsv(res.body);
    expect(header).toEqual([...ITA_SUMMARY_COLUMNS]);
    const rec = Object.fromEntries(ITA_SUMMARY_COLUMNS.map((c, i) => [c, Number.isNaN(Number(row?.[i])) ? row?.[i] : Number(row?.[i])]));
    expect(rec).toMatchObject({
      establishment_name: "Harbor Tower",
      ein: 123456789,
      naics_code: 236220,
      year_filing_for: 2027,
      annual_average_employees: 90,
      total_hours_worked: 180_000,
      total_deaths: summary.totals.deaths,
      total_dafw_cases: summary.totals.daysAwayCases,
      total_djtr_cases: summary.totals.transferRestrictionCases,
      total_other_cases: summary.totals.otherRecordableCases,
      total_dafw_days: summary.totals.daysAway,
      total_djtr_days: summary.totals.daysRestricted,
      total_injuries: summary.totals.injuries,
      total_respiratory_conditions: summary.totals.respiratoryConditions,
      total_other_illnesses: summary.totals.otherIllnesses,
      no_injuries_illnesses: 1,
    });
    const cases = await t.request({ method: "GET", url: `/api/osha/cases.csv?establishmentId=${harbor}&year=2027`, as: manager });
    expect(cases.statusCode, cases.body).toBe(200);
    const parsed = parseCsv(cases.body);
    expect(parsed[0]).toEqual([...ITA_CASE_COLUMNS]);
    expect(parsed.slice(1).map((r) => r[ITA_CASE_COLUMNS.indexOf("incident_outcome")])).toEqual(["2", "3", "4"]);
    expect(cases.body).not.toContain("Nina Needle");
    expect(cases.body).not.toContain("Ivan Injured");
  });

  it("an ITA file ITA would reject is refused with the reasons (no hours for the company establishment)", async () => {
    const res = await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${company}&year=2027&format=ita`, as: manager });
    expect(res.statusCode).toBe(400);
    // The message is the first reason (docs/api.md); every reason is in `issues`.
    expect(res.json().message).toBe("Enter the annual average number of employees for the year (at least 1)");
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(["1.annual_average_employees", "1.total_hours_worked"]);
  });

  it("Form 301: JSON and a PDF; a privacy case goes without the name; not recordable 404", async () => {
    const res = await t.request({ method: "GET", url: `/api/incident-reports/${cases[0]}/osha-301`, as: manager });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      caseNumber: `2027-${String(cases[0]).padStart(4, "0")}`,
      case: { employeeName: "Ivan Injured", physicianName: "Dr. Lee" },
    });
    const pdf = await pdfText(
      (await t.request({ method: "GET", url: `/api/incident-reports/${cases[0]}/osha-301?format=pdf`, as: manager })).rawPayload,
    );
    expect(pdf.pages).toBe(1);
    expect(pdf.text[0]).toContain("Injury and Illness Incident Report");
    expect(pdf.text[0]).toContain("The ladder slid on wet concrete");
    const privacy = await t.request({ method: "GET", url: `/api/incident-reports/${cases[2]}/osha-301?format=pdf`, as: manager });
    const privacyText = (await pdfText(privacy.rawPayload)).text.join(" ");
    expect(privacyText).toContain("Privacy Case");
    expect(privacyText).not.toContain("Nina");
    const notRecordable = await incident(tower, "2027-08-08");
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${notRecordable}/osha-301`, as: manager })).statusCode).toBe(404);
  });

  it("workers get 403 on every OSHA route and signed-out callers 401", async () => {
    const urls = [
      "/api/establishments",
      `/api/establishments/${harbor}`,
      `/api/establishments/${harbor}/hours/2027`,
      `/api/incident-reports/${cases[0]}/recordkeeping`,
      `/api/osha/300?establishmentId=${harbor}&year=2027`,
      `/api/osha/300?establishmentId=${harbor}&year=2027&format=pdf`,
      `/api/osha/300a?establishmentId=${harbor}&year=2027`,
      `/api/osha/300a?establishmentId=${harbor}&year=2027&format=ita`,
      `/api/osha/cases.csv?establishmentId=${harbor}&year=2027`,
      `/api/incident-reports/${cases[0]}/osha-301`,
      `/api/incident-reports/${cases[0]}/osha-301?format=pdf`,
      "/api/osha/rates?year=2027",
    ];
    for (const url of urls) {
      const res = await t.request({ method: "GET", url, as: worker });
      expect(res.statusCode, url).toBe(403);
      expect(res.body, url).not.toContain("Ivan");
      expect((await t.request({ method: "GET", url })).statusCode, url).toBe(401);
    }
    expect(
      (await t.request({ method: "POST", url: "/api/establishments", as: worker, payload: establishmentBody({ name: "W" }) })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "PUT", url: `/api/establishments/${harbor}`, as: worker, payload: { city: "X" } })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: "DELETE", url: `/api/establishments/${harbor}`, as: worker })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: "PUT",
          url: `/api/establishments/${harbor}/hours/2027`,
          as: worker,
          payload: { annualAverageEmployees: 1, totalHoursWorked: 1 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("bad query parameters are 400, not 500", async () => {
    for (const url of [
      "/api/osha/300?establishmentId=abc&year=2027",
      "/api/osha/300a?year=2027",
      "/api/osha/rates?year=banana",
      `/api/osha/300?establishmentId=${harbor}&year=99999`,
    ]) {
      const res = await t.request({ method: "GET", url, as: manager });
      expect(res.statusCode, url).toBe(400);
      expect(typeof res.json().message).toBe("string");
    }
    expect((await t.request({ method: "GET", url: "/api/osha/300?establishmentId=999999&year=2027", as: manager })).statusCode).toBe(404);
  });
});

describe("every OSHA CSV neutralises formulas like the list exports (issue #30, M2)", () => {
  // Text a spreadsheet would run, in every field that reaches the 300 log or an ITA file.
  const HOSTILE = {
    name: '=HYPERLINK("http://evil.example","Hostile Yard")',
    companyName: "@SUM(A1:A9)",
    streetAddress: "+cmd|' /C calc'!A0",
    city: "-1+2",
    industryDescription: "=1+1",
    location: "@SUM(1,2)",
    jobTitle: "+cmd|' /C notepad'!A0",
    employeeName: '=HYPERLINK("http://evil.example","Name")',
    whatDoing: "-1+2 ladders",
    whatHappened: '=HYPERLINK("http://evil.example","what")',
    injuryDescription: "@cut",
    bodyPart: "+hand",
    objectSubstance: "-saw",
  };
  const FORMULA_START = /^[=+\-@\t\r]/;
  let hostile: number;

  beforeAll(async () => {
    const project = await t.createProject({ name: "Hostile yard" });
    const est = await t.request({
      method: "POST",
      url: "/api/establishments",
      as: manager,
      payload: establishmentBody({
        name: HOSTILE.name,
        companyName: HOSTILE.companyName,
        streetAddress: HOSTILE.streetAddress,
        city: HOSTILE.city,
        industryDescription: HOSTILE.industryDescription,
        projectIds: [project],
      }),
    });
    expect(est.statusCode, est.body).toBe(201);
    hostile = est.json().id;
    const created = await t.request({
      method: "POST",
      url: "/api/incident-reports",
      as: manager,
      payload: { projectId: project, title: "=cmd", date: "2028-04-04", location: HOSTILE.location, severity: "severe" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const classified = await classify(
      created.json().id,
      recordable({
        employeeWorkerId: null,
        employeeName: HOSTILE.employeeName,
        jobTitle: HOSTILE.jobTitle,
        whatDoing: HOSTILE.whatDoing,
        whatHappened: HOSTILE.whatHappened,
        injuryDescription: HOSTILE.injuryDescription,
        bodyPart: HOSTILE.bodyPart,
        objectSubstance: HOSTILE.objectSubstance,
        outcome: "days_away",
        daysAway: 4,
      }),
    );
    expect(classified.statusCode, classified.body).toBe(200);
    const hours = await t.request({
      method: "PUT",
      url: `/api/establishments/${hostile}/hours/2028`,
      as: manager,
      payload: { annualAverageEmployees: 12, totalHoursWorked: 24_000 },
    });
    expect(hours.statusCode, hours.body).toBe(200);
  });

  // Each file, and the cells it must carry as typed behind one apostrophe.
  const FILES = [
    {
      file: "300 log",
      url: () => `/api/osha/300?establishmentId=${hostile}&year=2028&format=csv`,
      cells: () => [HOSTILE.employeeName, HOSTILE.jobTitle, HOSTILE.location, "@cut; +hand; -saw"],
    },
    {
      file: "ITA summary",
      url: () => `/api/osha/300a?establishmentId=${hostile}&year=2028&format=ita`,
      cells: () => [HOSTILE.name, HOSTILE.companyName, HOSTILE.streetAddress, HOSTILE.city, HOSTILE.industryDescription],
    },
    {
      file: "ITA cases",
      url: () => `/api/osha/cases.csv?establishmentId=${hostile}&year=2028`,
      cells: () => [HOSTILE.name, HOSTILE.jobTitle, HOSTILE.location, HOSTILE.whatDoing, HOSTILE.whatHappened, "@cut; +hand", "-saw"],
    },
  ];

  it.each(FILES)("the $file CSV: no cell starts a formula; the text survives behind an apostrophe", async ({ url, cells: expected }) => {
    const res = await t.request({ method: "GET", url: url(), as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = parseCsv(res.body);
    expect(rows.length).toBeGreaterThan(0);
    const cells = rows.flat();
    for (const cell of cells) expect(FORMULA_START.test(cell), cell).toBe(false);
    for (const text of expected()) expect(cells, text).toContain(`'${text}`);
  });

  it("the ITA files stay valid uploads: OSHA's columns, numbers still plain digits", async () => {
    const summary = parseCsv((await t.request({ method: "GET", url: FILES[1]!.url(), as: manager })).body);
    expect(summary[0]).toEqual([...ITA_SUMMARY_COLUMNS]);
    const s = Object.fromEntries(ITA_SUMMARY_COLUMNS.map((c, i) => [c, summary[1]?.[i]]));
    expect(s).toMatchObject({
      establishment_name: `'${HOSTILE.name}`,
      city: `'${HOSTILE.city}`,
      annual_average_employees: "12",
      total_hours_worked: "24000",
      total_dafw_cases: "1",
      total_dafw_days: "4",
      size: "21",
    });
    const cases = parseCsv((await t.request({ method: "GET", url: FILES[2]!.url(), as: manager })).body);
    expect(cases[0]).toEqual([...ITA_CASE_COLUMNS]);
    const c = Object.fromEntries(ITA_CASE_COLUMNS.map((name, i) => [name, cases[1]?.[i]]));
    expect(c).toMatchObject({
      job_title: `'${HOSTILE.jobTitle}`,
      incident_location: `'${HOSTILE.location}`,
      nar_before_incident: `'${HOSTILE.whatDoing}`,
      incident_outcome: "2",
      dafw_num_away: "4",
      type_of_incident: "1",
    });
  });
});

describe("the ITA summary file has OSHA's 28 columns (issue #30, I2)", () => {
  it("ends with change_reason, after the illness totals", () => {
    expect([...ITA_SUMMARY_COLUMNS]).toEqual([
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
    ]);
  });

  it("the downloaded summary carries all 28 in that order, change_reason empty", async () => {
    const res = await t.request({ method: "GET", url: `/api/osha/300a?establishmentId=${harbor}&year=2027&format=ita`, as: manager });
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = parseCsv(res.body);
    expect(header).toHaveLength(28);
    expect(header?.slice(-3)).toEqual(["total_hearing_loss", "total_other_illnesses", "change_reason"]);
    expect(row).toHaveLength(28);
    expect(row?.[27]).toBe("");
  });
});
