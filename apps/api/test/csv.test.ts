import { complianceStatus, csvCell } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvLines } from "../src/rest/csv.js";
import { restRoutes } from "../src/rest/index.js";
import { createTestApp, type TestApp } from "./helpers.js";
import { createFixture, type Fixture } from "./security/fixture.js";

/** A strict RFC 4180 reader: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') {
      if (cell !== "") throw new Error(`stray quote at ${i}`);
      quoted = true;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r") {
      if (text[i + 1] !== "\n") throw new Error(`bare CR at ${i}`);
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else if (c === "\n") throw new Error(`bare LF at ${i}`);
    else cell += c;
  }
  if (quoted) throw new Error("unterminated quote");
  if (cell !== "" || row.length > 0) throw new Error("last record without CRLF");
  return rows;
}

/** Records as objects by header, after checking the BOM. */
function records(body: string): Record<string, string>[] {
  expect(body.startsWith("\uFEFF"), "UTF-8 byte order mark").toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  if (!header) throw new Error("no header");
  for (const row of rows) expect(row.length).toBe(header.length);
  return rows.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""])));
}

const asCell = (value: unknown) => (value === null || value === undefined ? "" : Array.isArray(value) ? value.join("; ") : String(value));

let t: TestApp;
let f: Fixture;
beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t);
  // Text that a spreadsheet would run, and text that needs quoting, in records the exports show.
  await t.db
    .updateTable("incidentReports")
    .set({
      title: '=HYPERLINK("http://evil.example","click")',
      description: 'Line one\r\nline two, with "quotes"',
      location: "Café Ñandú – level 2",
    })
    .where("id", "=", f.incidentId)
    .execute();
  await t.db.updateTable("projects").set({ description: "+SUM(A1:A9)" }).where("id", "=", f.projectP).execute();
  await t.db.updateTable("workers").set({ company: "@cmd|' /C calc'!A0" }).where("id", "=", f.w1.workerId).execute();
  await t.db
    .updateTable("safetyComments")
    .set({ content: "-2+3 is a bad ladder rating\tplease check" })
    .where("id", "=", f.commentId)
    .execute();
  await t.db.updateTable("jhaForms").set({ jobDescription: "\tTabbed start" }).where("id", "=", f.jhaFormId).execute();
});
afterAll(() => t?.close());

/** Each export: its list path, the user who reads it, a filter, and the JSON field each row is keyed by. */
const EXPORTS = [
  { path: "/api/projects", as: "admin", query: "", key: "id" },
  { path: "/api/workers", as: "manager", query: "", key: "id" },
  { path: "/api/jha-forms", as: "w1", query: "projectId=P", key: "id" },
  { path: "/api/incident-reports", as: "admin", query: "projectId=P", key: "id" },
  { path: "/api/hot-work-permits", as: "w1", query: "", key: "id" },
  { path: "/api/safety-comments", as: "admin", query: "", key: "id" },
  { path: "/api/training-completion", as: "manager", query: "workerId=W1", key: "moduleId" },
] as const;

describe.each(EXPORTS)("CSV export of $path", ({ path, as, query, key }) => {
  it("has the JSON list's rows, in the same order, with the same values, for the same filter", async () => {
    const user = f[as];
    const q = query.replace("=P", `=${f.projectP}`).replace("=W1", `=${f.w1.workerId}`);
    const url = `${path}${q ? `?${q}` : ""}`;
    const json = await t.request({ method: "GET", url, as: user });
    expect(json.statusCode).toBe(200);
    const list = json.json() as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(0);

    const csv = await t.request({ method: "GET", url: `${url}${q ? "&" : "?"}format=csv`, as: user });
    expect(csv.statusCode, csv.body.slice(0, 200)).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(csv.headers["content-disposition"])).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = records(csv.body);
    expect(rows.map((r) => r[key])).toEqual(list.map((r) => String(r[key])));
    const spec = restRoutes.find((r) => r.method === "GET" && r.path === path)?.csv;
    if (!spec) throw new Error("no spec");
    expect(Object.keys(rows[0] ?? {})).toEqual(spec.columns.map((c) => c.header));
    // Every column that is a plain JSON field carries the JSON's value (formulas neutralised).
    for (const [i, row] of rows.entries()) {
      const item = list[i] as Record<string, unknown>;
      for (const [header, cell] of Object.entries(row)) {
        if (!(header in item)) continue;
        const value = item[header];
        if (Array.isArray(value) && value.some((v) => typeof v === "object")) {
          // Lists of objects (a JHA's hazards and measures) are one "text (detail); ..." cell.
          expect(cell.split("; ").length, `${path} row ${i} ${header}`).toBe(value.length);
          continue;
        }
        const expected = asCell(item[header]);
        expect(cell, `${path} row ${i} ${header}`).toBe(
          /^[=+\-@\t\r]/.test(expected) && typeof item[header] === "string" ? `'${expected}` : expected,
        );
      }
    }

    const accept = await t.request({ method: "GET", url, as: user, headers: { accept: "text/csv" } });
    expect(accept.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(accept.body).toBe(csv.body);
  });

  it("keeps the JSON list's permissions: signed out 401, JSON error body", async () => {
    const res = await t.request({ method: "GET", url: `${path}?format=csv` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not signed in" });
  });
});

describe("CSV permissions and filters follow the JSON list", () => {
  it("a worker gets 403 for the workers export, W2 sees none of P's incidents and no one else's training rows", async () => {
    expect((await t.request({ method: "GET", url: "/api/workers?format=csv", as: f.w1 })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/incident-reports?projectId=${f.projectP}&format=csv`, as: f.w2 })).statusCode).toBe(
      403,
    );
    const w2Incidents = records((await t.request({ method: "GET", url: "/api/incident-reports?format=csv", as: f.w2 })).body);
    expect(w2Incidents.map((r) => r.id)).not.toContain(String(f.incidentId));
    const w2Training = records((await t.request({ method: "GET", url: "/api/training-completion?format=csv", as: f.w2 })).body);
    expect(new Set(w2Training.map((r) => r.workerId))).toEqual(new Set([String(f.w2.workerId)]));
    expect(
      (await t.request({ method: "GET", url: `/api/training-completion?workerId=${f.w1.workerId}&format=csv`, as: f.w2 })).statusCode,
    ).toBe(403);
  });

  it("a bad filter is the JSON 400, not a CSV", async () => {
    const res = await t.request({ method: "GET", url: "/api/incident-reports?projectId=abc&format=csv", as: f.admin });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/json");
  });

  it("the workers export states each worker's compliance with its label", async () => {
    const rows = records((await t.request({ method: "GET", url: "/api/workers?format=csv", as: f.admin })).body);
    const w1 = rows.find((r) => r.id === String(f.w1.workerId));
    expect(w1?.complianceStatus).toBe(complianceStatus(Number(w1?.safetyCompliance)));
    expect(w1?.company).toBe("'@cmd|' /C calc'!A0");
  });
});

describe("formula injection and quoting", () => {
  it("neutralises cells starting with = + - @ tab or CR, and round-trips quotes, commas, line breaks and accents", async () => {
    const incidents = records(
      (await t.request({ method: "GET", url: `/api/incident-reports?projectId=${f.projectP}&format=csv`, as: f.admin })).body,
    );
    const incident = incidents.find((r) => r.id === String(f.incidentId));
    expect(incident?.title).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(incident?.description).toBe('Line one\r\nline two, with "quotes"');
    expect(incident?.location).toBe("Café Ñandú – level 2");
    const projects = records((await t.request({ method: "GET", url: "/api/projects?format=csv", as: f.admin })).body);
    expect(projects.find((r) => r.id === String(f.projectP))?.description).toBe("'+SUM(A1:A9)");
    const messages = records((await t.request({ method: "GET", url: "/api/safety-comments?format=csv", as: f.admin })).body);
    expect(messages.find((r) => r.id === String(f.commentId))?.content).toBe("'-2+3 is a bad ladder rating\tplease check");
    const jha = records((await t.request({ method: "GET", url: "/api/jha-forms?format=csv", as: f.admin })).body);
    expect(jha.find((r) => r.id === String(f.jhaFormId))?.jobDescription).toBe("'\tTabbed start");
  });

  it("csvCell: numbers stay numbers (a negative amount is data, not a formula); null is empty; dates are ISO", () => {
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(new Date("2026-01-05T10:00:00Z"))).toBe("2026-01-05T10:00:00.000Z");
    expect(csvCell(" padded ")).toBe('" padded "');
  });

  it("csvLines writes a header and rows chunk by chunk", async () => {
    async function* chunks() {
      yield [{ a: 1 }, { a: 2 }];
      yield [{ a: 3 }];
    }
    let text = "";
    for await (const piece of csvLines(chunks(), [{ header: "a", value: (r: { a: number }) => r.a }])) text += piece;
    expect(text).toBe("\uFEFFa\r\n1\r\n2\r\n3\r\n");
  });
});
