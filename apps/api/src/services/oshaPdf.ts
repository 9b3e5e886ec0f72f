import {
  caseOutcomeLabels,
  type EstablishmentSize,
  establishmentSizeLabels,
  injuryTypeCodes,
  injuryTypeLabels,
  type Log300Row,
  type Summary300ATotals,
  summarize300A,
} from "@sitesafe/domain";
import PDFDocument from "pdfkit";
import type { Form301, Log300, Summary300A } from "./osha.js";

/**
 * Printable OSHA forms 300, 300A and 301, laid out like OSHA's own (same titles, column letters,
 * boxes and order), drawn with pdfkit in memory: no browser at run time. A log has at most a few
 * hundred rows, so a whole PDF is a few hundred kilobytes at most.
 */

type Doc = InstanceType<typeof PDFDocument>;

const LOG_ROWS_PER_PAGE = 13;

function render(options: ConstructorParameters<typeof PDFDocument>[0], draw: (doc: Doc) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 36, ...options });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function box(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  text: string,
  opts: { size?: number; bold?: boolean; align?: "left" | "center" | "right" } = {},
) {
  doc.rect(x, y, w, h).lineWidth(0.5).stroke();
  doc.font(opts.bold ? "Helvetica-Bold" : "Helvetica").fontSize(opts.size ?? 7);
  doc.text(text, x + 2, y + 2, { width: w - 4, height: h - 3, align: opts.align ?? "left", ellipsis: true, lineBreak: true });
}

function label(doc: Doc, text: string, x: number, y: number, opts: { size?: number; bold?: boolean; width?: number } = {}) {
  doc.font(opts.bold ? "Helvetica-Bold" : "Helvetica").fontSize(opts.size ?? 8);
  doc.text(text, x, y, { width: opts.width ?? 500, lineBreak: opts.width !== undefined });
}

// ---- Form 300

interface LogColumn {
  key: string;
  title: string;
  width: number;
  value: (r: Log300Row) => string;
  total?: (t: Summary300ATotals) => string;
  align?: "left" | "center" | "right";
}

const check = (b: boolean) => (b ? "X" : "");
const mBox = (r: Log300Row, code: number) => check(injuryTypeCodes[r.injuryType] === code);

const LOG_COLUMNS: LogColumn[] = [
  { key: "A", title: "(A) Case no.", width: 44, value: (r) => r.caseNumber },
  { key: "B", title: "(B) Employee's name", width: 80, value: (r) => r.employeeName },
  { key: "C", title: "(C) Job title", width: 54, value: (r) => r.jobTitle },
  { key: "D", title: "(D) Date of injury or onset of illness", width: 36, value: (r) => r.date, align: "center" },
  { key: "E", title: "(E) Where the event occurred", width: 62, value: (r) => r.where },
  {
    key: "F",
    title: "(F) Describe injury or illness, parts of body affected, and object/substance that directly injured or made person ill",
    width: 128,
    value: (r) => r.description,
  },
  { key: "G", title: "(G) Death", width: 24, value: (r) => check(r.death), total: (t) => String(t.deaths), align: "center" },
  {
    key: "H",
    title: "(H) Days away from work",
    width: 28,
    value: (r) => check(r.daysAwayCase),
    total: (t) => String(t.daysAwayCases),
    align: "center",
  },
  {
    key: "I",
    title: "(I) Job transfer or restriction",
    width: 30,
    value: (r) => check(r.transferRestrictionCase),
    total: (t) => String(t.transferRestrictionCases),
    align: "center",
  },
  {
    key: "J",
    title: "(J) Other record-able cases",
    width: 28,
    value: (r) => check(r.otherRecordable),
    total: (t) => String(t.otherRecordableCases),
    align: "center",
  },
  {
    key: "K",
    title: "(K) Away from work (days)",
    width: 28,
    value: (r) => String(r.daysAway),
    total: (t) => String(t.daysAway),
    align: "center",
  },
  {
    key: "L",
    title: "(L) On job transfer or restriction (days)",
    width: 32,
    value: (r) => String(r.daysRestricted),
    total: (t) => String(t.daysRestricted),
    align: "center",
  },
  { key: "M1", title: "(M) (1) Injury", width: 19, value: (r) => mBox(r, 1), total: (t) => String(t.injuries), align: "center" },
  { key: "M2", title: "(2) Skin disorder", width: 19, value: (r) => mBox(r, 2), total: (t) => String(t.skinDisorders), align: "center" },
  {
    key: "M3",
    title: "(3) Respir-atory condition",
    width: 19,
    value: (r) => mBox(r, 3),
    total: (t) => String(t.respiratoryConditions),
    align: "center",
  },
  { key: "M4", title: "(4) Poison-ing", width: 19, value: (r) => mBox(r, 4), total: (t) => String(t.poisonings), align: "center" },
  { key: "M5", title: "(5) Hearing loss", width: 19, value: (r) => mBox(r, 5), total: (t) => String(t.hearingLoss), align: "center" },
  {
    key: "M6",
    title: "(6) All other illnesses",
    width: 19,
    value: (r) => mBox(r, 6),
    total: (t) => String(t.otherIllnesses),
    align: "center",
  },
];

export function log300Pdf(log: Log300): Promise<Uint8Array> {
  const pages: Log300Row[][] = [];
  for (let i = 0; i < log.rows.length; i += LOG_ROWS_PER_PAGE) pages.push(log.rows.slice(i, i + LOG_ROWS_PER_PAGE));
  if (pages.length === 0) pages.push([]);
  return render({ layout: "landscape", info: { Title: `OSHA Form 300 ${log.year} ${log.establishment.name}` } }, (doc) => {
    pages.forEach((rows, pageIndex) => {
      if (pageIndex > 0) doc.addPage();
      const left = 36;
      label(doc, "OSHA's Form 300 (Rev. 01/2004)", left, 30, { size: 8 });
      label(doc, "Log of Work-Related Injuries and Illnesses", left, 42, { size: 14, bold: true });
      label(doc, `Year ${log.year}`, 620, 30, { size: 12, bold: true });
      label(doc, "U.S. Department of Labor, Occupational Safety and Health Administration", 480, 46, { size: 7 });
      label(
        doc,
        "Attention: This form contains information relating to employee health and must be used in a manner that protects the confidentiality of employees to the extent possible while the information is being used for occupational safety and health purposes.",
        left,
        62,
        { size: 6.5, width: 430 },
      );
      const e = log.establishment;
      label(doc, `Establishment name: ${e.name}    City: ${e.city}    State: ${e.state}`, 480, 62, { size: 8, width: 290 });
      const top = 92;
      const headerHeight = 58;
      const rowHeight = 26;
      let x = left;
      const startOf = (key: string) =>
        left +
        LOG_COLUMNS.slice(
          0,
          LOG_COLUMNS.findIndex((c) => c.key === key),
        ).reduce((a, c) => a + c.width, 0);
      label(doc, "Identify the person", left, top - 9, { size: 6.5, bold: true });
      label(doc, "Describe the case", startOf("D"), top - 9, { size: 6.5, bold: true });
      label(doc, "Classify the case", startOf("G"), top - 9, { size: 6.5, bold: true });
      for (const c of LOG_COLUMNS) {
        if (c.width < 40) verticalHeader(doc, x, top, c.width, headerHeight, c.title);
        else box(doc, x, top, c.width, headerHeight, c.title, { size: 5.5, bold: true });
        x += c.width;
      }
      rows.forEach((r, i) => {
        let cx = left;
        const y = top + headerHeight + i * rowHeight;
        for (const c of LOG_COLUMNS) {
          box(doc, cx, y, c.width, rowHeight, c.value(r), { size: 6.5, align: c.align ?? "left" });
          cx += c.width;
        }
      });
      // Page totals under the classification columns.
      const totals = summarize300A(rows);
      const ty = top + headerHeight + LOG_ROWS_PER_PAGE * rowHeight + 4;
      let tx = left;
      for (const c of LOG_COLUMNS) {
        if (c.total) box(doc, tx, ty, c.width, 14, c.total(totals), { size: 7, bold: true, align: "center" });
        else if (c.key === "F") label(doc, "Page totals", tx + c.width - 60, ty + 3, { size: 8, bold: true });
        tx += c.width;
      }
      label(
        doc,
        `Be sure to transfer these totals to the Summary page (Form 300A) before you post it.    Page ${pageIndex + 1} of ${pages.length}`,
        left,
        ty + 22,
        { size: 7 },
      );
    });
  });
}

/** Narrow classification columns read bottom to top, as on OSHA's printed log. */
function verticalHeader(doc: Doc, x: number, y: number, w: number, h: number, text: string) {
  doc.rect(x, y, w, h).lineWidth(0.5).stroke();
  doc.save();
  doc.rotate(-90, { origin: [x + 2, y + h - 2] });
  doc.font("Helvetica-Bold").fontSize(5.5);
  doc.text(text.replace("-", ""), x + 2, y + h - 2, { width: h - 4, height: w - 3, lineBreak: true });
  doc.restore();
}

// ---- Form 300A

export function summary300APdf(s: Summary300A): Promise<Uint8Array> {
  return render({ info: { Title: `OSHA Form 300A ${s.year} ${s.establishment.name}` } }, (doc) => {
    const left = 40;
    label(doc, "OSHA's Form 300A (Rev. 01/2004)", left, 36, { size: 8 });
    label(doc, "Summary of Work-Related Injuries and Illnesses", left, 48, { size: 15, bold: true });
    label(doc, `Year ${s.year}`, 470, 36, { size: 13, bold: true });
    label(
      doc,
      "All establishments covered by Part 1904 must complete this Summary page, even if no work-related injuries or illnesses occurred during the year. Remember to review the Log to verify that the entries are complete and accurate before completing this summary. Employees, former employees, and their representatives have the right to review the OSHA Form 300 in its entirety.",
      left,
      72,
      { size: 7.5, width: 530 },
    );
    const t = s.totals;
    let y = 118;
    label(doc, "Number of Cases", left, y, { size: 10, bold: true });
    y += 16;
    const caseBoxes: [string, string, number][] = [
      ["(G)", "Total number of deaths", t.deaths],
      ["(H)", "Total number of cases with days away from work", t.daysAwayCases],
      ["(I)", "Total number of cases with job transfer or restriction", t.transferRestrictionCases],
      ["(J)", "Total number of other recordable cases", t.otherRecordableCases],
    ];
    caseBoxes.forEach(([col, text, n], i) => {
      const x = left + i * 132;
      box(doc, x, y, 60, 22, String(n), { size: 11, bold: true, align: "center" });
      label(doc, `${col} ${text}`, x, y + 26, { size: 7, width: 120 });
    });
    y += 66;
    label(doc, "Number of Days", left, y, { size: 10, bold: true });
    y += 16;
    const dayBoxes: [string, string, number][] = [
      ["(K)", "Total number of days away from work", t.daysAway],
      ["(L)", "Total number of days of job transfer or restriction", t.daysRestricted],
    ];
    dayBoxes.forEach(([col, text, n], i) => {
      const x = left + i * 264;
      box(doc, x, y, 60, 22, String(n), { size: 11, bold: true, align: "center" });
      label(doc, `${col} ${text}`, x, y + 26, { size: 7, width: 200 });
    });
    y += 56;
    label(doc, "Injury and Illness Types", left, y, { size: 10, bold: true });
    label(doc, "Total number of . . .", left, y + 14, { size: 8 });
    y += 28;
    const types: [string, number][] = [
      ["(M) (1) Injuries", t.injuries],
      ["(2) Skin disorders", t.skinDisorders],
      ["(3) Respiratory conditions", t.respiratoryConditions],
      ["(4) Poisonings", t.poisonings],
      ["(5) Hearing loss", t.hearingLoss],
      ["(6) All other illnesses", t.otherIllnesses],
    ];
    types.forEach(([text, n], i) => {
      const x = left + (i % 2) * 264;
      const yy = y + Math.floor(i / 2) * 28;
      label(doc, text, x, yy + 6, { size: 8 });
      box(doc, x + 150, yy, 50, 22, String(n), { size: 11, bold: true, align: "center" });
    });
    y += 92;
    label(doc, "Post this Summary page from February 1 to April 30 of the year following the year covered by the form.", left, y, {
      size: 8,
      bold: true,
      width: 530,
    });
    y += 24;
    const e = s.establishment;
    label(doc, "Establishment information", left, y, { size: 10, bold: true });
    y += 16;
    const info: [string, string][] = [
      ["Your establishment name", e.name],
      ["Street", e.streetAddress],
      ["City / State / ZIP", `${e.city}, ${e.state} ${e.zip}`],
      ["Industry description", e.industryDescription ?? ""],
      ["North American Industrial Classification (NAICS)", e.naicsCode],
      ["Size", establishmentSizeLabels[e.size as EstablishmentSize] ?? String(e.size)],
    ];
    for (const [k, v] of info) {
      label(doc, `${k}:`, left, y, { size: 8 });
      label(doc, v, left + 220, y, { size: 9, bold: true });
      y += 14;
    }
    y += 6;
    label(doc, "Employment information", left, y, { size: 10, bold: true });
    y += 16;
    label(doc, "Annual average number of employees:", left, y, { size: 8 });
    label(doc, s.hours ? s.hours.annualAverageEmployees.toLocaleString("en-US") : "", left + 220, y, { size: 9, bold: true });
    y += 14;
    label(doc, "Total hours worked by all employees last year:", left, y, { size: 8 });
    label(doc, s.hours ? s.hours.totalHoursWorked.toLocaleString("en-US") : "", left + 220, y, { size: 9, bold: true });
    y += 24;
    label(doc, "Sign here", left, y, { size: 10, bold: true });
    y += 14;
    label(
      doc,
      "Knowingly falsifying this document may result in a fine. I certify that I have examined this document and that to the best of my knowledge the entries are true, accurate, and complete.",
      left,
      y,
      { size: 7.5, width: 530 },
    );
    y += 26;
    const c = s.certification;
    const sign: [string, string][] = [
      ["Company executive", c?.name ?? ""],
      ["Title", c?.title ?? ""],
      ["Phone", c?.phone ?? ""],
      ["Date", c?.date ?? ""],
    ];
    sign.forEach(([k, v], i) => {
      const x = left + (i % 2) * 264;
      const yy = y + Math.floor(i / 2) * 30;
      doc
        .moveTo(x, yy + 14)
        .lineTo(x + 230, yy + 14)
        .lineWidth(0.5)
        .stroke();
      label(doc, v, x + 2, yy + 2, { size: 9, bold: true });
      label(doc, k, x, yy + 17, { size: 7 });
    });
    y += 70;
    const r = s.rates;
    label(doc, `Rates (not part of OSHA's form): ${r.trir.formula}; ${r.dart.formula}; ${r.ltir.formula}`, left, y, {
      size: 7,
      width: 530,
    });
  });
}

// ---- Form 301

export function form301Pdf(f: Form301): Promise<Uint8Array> {
  const c = f.case;
  return render({ info: { Title: `OSHA Form 301 case ${f.caseNumber}` } }, (doc) => {
    const left = 40;
    label(doc, "OSHA's Form 301", left, 36, { size: 8 });
    label(doc, "Injury and Illness Incident Report", left, 48, { size: 15, bold: true });
    label(
      doc,
      "Attention: This form contains information relating to employee health and must be used in a manner that protects the confidentiality of employees to the extent possible while the information is being used for occupational safety and health purposes.",
      left,
      70,
      { size: 7, width: 530 },
    );
    let y = 100;
    const row = (n: string, k: string, v: string) => {
      label(doc, `${n}) ${k}`, left, y, { size: 8, width: 200 });
      label(doc, v, left + 210, y, { size: 9, bold: true, width: 320 });
      y += Math.max(14, doc.heightOfString(v, { width: 320 }) + 4);
    };
    label(doc, "Information about the employee", left, y, { size: 10, bold: true });
    y += 16;
    row("1", "Full name", c.employeeName ?? "");
    row("2", "Street", c.employeeStreet ?? "");
    row("", "City / State / ZIP", [c.employeeCity, c.employeeState, c.employeeZip].filter(Boolean).join(" "));
    row("3", "Date of birth", c.dateOfBirth ?? "");
    row("4", "Date hired", c.dateHired ?? "");
    row("5", "Sex", c.sex ?? "");
    y += 6;
    label(doc, "Information about the physician or other health care professional", left, y, { size: 10, bold: true });
    y += 16;
    row("6", "Name of physician or other health care professional", c.physicianName ?? "");
    row(
      "7",
      "If treatment was given away from the worksite, where was it given?",
      [c.facilityName, c.facilityAddress].filter(Boolean).join(", "),
    );
    row("8", "Was employee treated in an emergency room?", c.emergencyRoom ? "Yes" : "No");
    row("9", "Was employee hospitalized overnight as an in-patient?", c.hospitalizedOvernight ? "Yes" : "No");
    y += 6;
    label(doc, "Information about the case", left, y, { size: 10, bold: true });
    y += 16;
    row("10", "Case number from the Log", f.caseNumber);
    row("11", "Date of injury or illness", c.date);
    row("12", "Time employee began work", c.timeBeganWork ?? "");
    row("13", "Time of event", c.timeOfEvent ?? "Check if time cannot be determined: X");
    row("14", "What was the employee doing just before the incident occurred?", c.whatDoing ?? "");
    row("15", "What happened? Tell us how the injury occurred.", c.whatHappened ?? "");
    row(
      "16",
      "What was the injury or illness? Tell us the part of the body that was affected and how it was affected.",
      [c.injuryDescription, c.bodyPart].filter(Boolean).join("; "),
    );
    row("17", "What object or substance directly harmed the employee?", c.objectSubstance ?? "");
    row("18", "If the employee died, when did death occur? Date of death", c.dateOfDeath ?? "");
    y += 10;
    label(
      doc,
      `Classified on the Log as: ${caseOutcomeLabels[c.outcome]}; ${injuryTypeLabels[c.injuryType]}; days away ${c.daysAway}, days of job transfer or restriction ${c.daysRestricted}.`,
      left,
      y,
      { size: 8, width: 530 },
    );
    y += 16;
    if (f.establishment)
      label(
        doc,
        `Establishment: ${f.establishment.name}, ${f.establishment.city}, ${f.establishment.state}. Project: ${c.projectName}.`,
        left,
        y,
        { size: 8, width: 530 },
      );
  });
}
