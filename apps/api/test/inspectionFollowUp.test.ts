import { INSPECTED_AT_FUTURE, INSPECTED_AT_TOO_OLD } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { createFixture, type Fixture } from "./security/fixture.js";

/**
 * Issue #35, from review: when an inspection may say it was done (the server's injected clock),
 * the answer export streamed like every list, the actions raised from an incident report or a JHA
 * form listed on its page (`?incidentReportId=`, `?jhaFormId=`) for whoever sees them, and who may
 * own an action on a project (the raise dialog's picker), for every role.
 */

let t: TestApp;
let f: Fixture;
let foreman: TestUser;
let foremanQ: TestUser;
/** The server's clock, set by each test (Config.now). */
let clock = new Date("2027-03-10T12:00:00Z");
const SIGNATURE = "data:image/png;base64,iVBORw0KGgo=";
let templateId: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  f = await createFixture(t);
  foreman = await t.createUser({ role: "worker", firstName: "Fran", lastName: "Foreman", position: "Foreman" });
  await t.assign(foreman.workerId as number, f.projectP);
  foremanQ = await t.createUser({ role: "worker", firstName: "Quinn", lastName: "Lead", position: "Foreman" });
  await t.assign(foremanQ.workerId as number, f.projectQ);
  const created = await t.request({
    method: "POST",
    url: "/api/inspection-templates",
    payload: { name: "Bounds check", sections: [{ title: "Deck", items: [{ key: "planks", text: "Planks fully decked" }] }] },
    as: f.manager,
  });
  expect(created.statusCode, created.body).toBe(201);
  templateId = created.json().id;
});
afterAll(() => t?.close());

const inspect = (inspectedAt: string | undefined, as: TestUser = f.manager) =>
  t.request({
    method: "POST",
    url: "/api/inspections",
    payload: {
      projectId: f.projectP,
      templateId,
      answers: [{ itemKey: "planks", value: "pass" }],
      signature: SIGNATURE,
      ...(inspectedAt ? { inspectedAt } : {}),
    },
    as,
  });

const countInspections = async () =>
  Number(
    (
      await t.db
        .selectFrom("inspections")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("when an inspection was done", () => {
  it("takes up to 5 minutes ahead and 7 days back by the server's clock; anything else is a 400 that records nothing", async () => {
    clock = new Date("2027-03-10T12:00:00Z");
    const before = await countInspections();
    const future = await inspect("2027-03-10T12:05:01Z");
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ message: INSPECTED_AT_FUTURE, issues: [{ path: "inspectedAt", message: INSPECTED_AT_FUTURE }] });
    const old = await inspect("2027-03-03T11:59:59Z", foreman);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(INSPECTED_AT_TOO_OLD);
    expect(old.json().issues).toEqual([{ path: "inspectedAt", message: INSPECTED_AT_TOO_OLD }]);
    expect(await countInspections()).toBe(before);

    // The edges are accepted and kept as sent (an offline phone's week-old walk keeps its time).
    const edgeAhead = await inspect("2027-03-10T12:05:00Z");
    expect(edgeAhead.statusCode, edgeAhead.body).toBe(201);
    expect(edgeAhead.json().inspectedAt).toBe("2027-03-10T12:05:00.000Z");
    const weekOld = await inspect("2027-03-03T12:00:00Z", foreman);
    expect(weekOld.statusCode, weekOld.body).toBe(201);
    expect(weekOld.json().inspectedAt).toBe("2027-03-03T12:00:00.000Z");
    // Left out, it is the server's now.
    const now = await inspect(undefined);
    expect(now.json().inspectedAt).toBe("2027-03-10T12:00:00.000Z");

    // The same times a day later: the week-old one is now too old.
    clock = new Date("2027-03-11T12:00:00Z");
    expect((await inspect("2027-03-03T12:00:00Z")).statusCode).toBe(400);
  });

  it("says so in Spanish to a Spanish reader", async () => {
    clock = new Date("2027-03-10T12:00:00Z");
    const res = await t.request({
      method: "POST",
      url: "/api/inspections",
      payload: {
        projectId: f.projectP,
        templateId,
        answers: [{ itemKey: "planks", value: "pass" }],
        signature: SIGNATURE,
        inspectedAt: "2027-04-01T00:00:00Z",
      },
      as: f.manager,
      headers: { "accept-language": "es" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La hora de la inspección no puede estar más de 5 minutos en el futuro");
  });
});

describe("the answer export", () => {
  it("streams every answer of the inspections each sees, newest first, the same rows as JSON and CSV", async () => {
    clock = new Date("2027-03-10T12:00:00Z");
    const json = await t.request({ method: "GET", url: `/api/inspection-answers?projectId=${f.projectP}`, as: f.w1 });
    expect(json.statusCode).toBe(200);
    // A whole list is streamed (lists.ts): chunked, not sent with a length.
    expect(json.headers["transfer-encoding"]).toBe("chunked");
    const rows = json.json() as { inspectionId: number; inspectedAt: string; item: string; section: string; weight: number }[];
    const ours = rows.filter((r) => r.item === "Planks fully decked");
    expect(ours.length).toBeGreaterThanOrEqual(3);
    expect(ours[0]).toMatchObject({ section: "Deck", weight: 1 });
    const times = rows.map((r) => r.inspectedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const csv = await t.request({ method: "GET", url: `/api/inspection-answers?format=csv&projectId=${f.projectP}`, as: f.w1 });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split("\r\n")).toHaveLength(rows.length + 1);
    // W2 sees nothing of P, and is refused P by name.
    expect((await t.request({ method: "GET", url: "/api/inspection-answers", as: f.w2 })).json()).toEqual([]);
    expect((await t.request({ method: "GET", url: `/api/inspection-answers?projectId=${f.projectP}`, as: f.w2 })).statusCode).toBe(403);
  });

  it("streams more than one chunk of inspections: 450 inspections all arrive, none lost or doubled", async () => {
    const project = await t.createProject({ name: "Export volume" });
    const version = await t.db
      .selectFrom("inspectionTemplateVersions")
      .select("id")
      .where("templateId", "=", templateId)
      .executeTakeFirstOrThrow();
    const inserted = await t.db
      .insertInto("inspections")
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          projectId: project,
          templateId,
          templateVersionId: version.id,
          inspectorUserId: f.manager.id,
          inspectedAt: new Date(Date.UTC(2027, 0, 1, 0, i)),
          score: 100,
          passedCount: 1,
          failedCount: 0,
          naCount: 0,
          notes: null,
          signature: SIGNATURE,
        })),
      )
      .returning("id")
      .execute();
    await t.db
      .insertInto("inspectionAnswers")
      .values(
        inserted.map(({ id }) => ({
          inspectionId: id,
          itemKey: "planks",
          position: 0,
          value: JSON.stringify("pass"),
          outcome: "pass" as const,
          note: null,
        })),
      )
      .execute();
    const csv = await t.request({ method: "GET", url: `/api/inspection-answers?format=csv&projectId=${project}`, as: f.manager });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split("\r\n").slice(1);
    // More than one chunk of 200 inspections, none lost or doubled at the seams.
    expect(lines).toHaveLength(450);
    expect(new Set(lines.map((l) => l.split(",")[0])).size).toBe(450);
  });
});

describe("actions raised from an incident report or a JHA form", () => {
  let fromIncident: number;
  let fromJha: number;

  it("a crew lead of the project raises one from each; the record's list shows them to whoever sees the project", async () => {
    clock = new Date("2027-03-10T12:00:00Z");
    const incident = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: {
        projectId: f.projectP,
        incidentReportId: f.incidentId,
        description: "Fence the trench",
        priority: "high",
        ownerUserId: f.w1.id,
      },
      as: foreman,
    });
    expect(incident.statusCode, incident.body).toBe(201);
    expect(incident.json()).toMatchObject({ source: "incident", incidentReportId: f.incidentId, dueAt: "2027-03-11T12:00:00.000Z" });
    fromIncident = incident.json().id;
    const jha = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: f.projectP, jhaFormId: f.jhaFormId, description: "Guard the saw", ownerUserId: foreman.id },
      as: f.manager,
    });
    expect(jha.statusCode, jha.body).toBe(201);
    fromJha = jha.json().id;

    for (const reader of [f.admin, f.manager, f.w1, foreman]) {
      const byIncident = (
        await t.request({ method: "GET", url: `/api/corrective-actions?incidentReportId=${f.incidentId}`, as: reader })
      ).json();
      expect(byIncident.map((a: { id: number }) => a.id)).toEqual([fromIncident]);
      const byJha = (await t.request({ method: "GET", url: `/api/corrective-actions?jhaFormId=${f.jhaFormId}`, as: reader })).json();
      expect(byJha.map((a: { id: number }) => a.id)).toEqual([fromJha]);
    }
    // A page, as the record's screen asks for.
    const page = await t.request({ method: "GET", url: `/api/corrective-actions?incidentReportId=${f.incidentId}&limit=24`, as: f.w1 });
    expect(page.json()).toHaveLength(1);
  });

  it("a worker of another project sees none of them, and a crew lead of another project may not raise one", async () => {
    for (const outsider of [f.w2, foremanQ]) {
      const byIncident = await t.request({ method: "GET", url: `/api/corrective-actions?incidentReportId=${f.incidentId}`, as: outsider });
      expect(byIncident.statusCode).toBe(200);
      expect(byIncident.json()).toEqual([]);
      const byJha = await t.request({ method: "GET", url: `/api/corrective-actions?jhaFormId=${f.jhaFormId}&format=csv`, as: outsider });
      expect(byJha.body.trim().split("\r\n")).toHaveLength(1);
    }
    const refused = await t.request({
      method: "POST",
      url: "/api/corrective-actions",
      payload: { projectId: f.projectP, incidentReportId: f.incidentId, description: "Not mine", ownerUserId: foremanQ.id },
      as: foremanQ,
    });
    expect(refused.statusCode).toBe(403);
    // A worker who is no crew lead, on the project: 403 before the input is read.
    expect((await t.request({ method: "POST", url: "/api/corrective-actions", payload: {}, as: f.w1 })).statusCode).toBe(403);
  });

  it("refuses a bad filter with a 400, never a 500", async () => {
    for (const query of ["incidentReportId=abc", "jhaFormId=-1", "incidentReportId=99999999999"]) {
      const res = await t.request({ method: "GET", url: `/api/corrective-actions?${query}`, as: f.manager });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("who may own an action", () => {
  it("staff and the project's crew leads read its staff and assigned workers; others are refused", async () => {
    const names = async (as: TestUser) => {
      const res = await t.request({ method: "GET", url: `/api/corrective-action-owners?projectId=${f.projectP}`, as });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { userId: number }[]).map((o) => o.userId);
    };
    for (const reader of [f.admin, f.manager, foreman]) {
      const ids = await names(reader);
      expect(ids).toEqual(expect.arrayContaining([f.admin.id, f.manager.id, f.w1.id, foreman.id]));
      expect(ids).not.toContain(f.w2.id);
      expect(ids).not.toContain(foremanQ.id);
    }
    const expectStatus = async (as: TestUser | undefined, url: string, status: number) =>
      expect((await t.request({ method: "GET", url, ...(as ? { as } : {}) })).statusCode, url).toBe(status);
    await expectStatus(undefined, `/api/corrective-action-owners?projectId=${f.projectP}`, 401);
    await expectStatus(f.w1, `/api/corrective-action-owners?projectId=${f.projectP}`, 403);
    await expectStatus(f.w2, `/api/corrective-action-owners?projectId=${f.projectP}`, 403);
    await expectStatus(foremanQ, `/api/corrective-action-owners?projectId=${f.projectP}`, 403);
    await expectStatus(f.manager, "/api/corrective-action-owners?projectId=987654", 404);
    await expectStatus(f.manager, "/api/corrective-action-owners", 400);
    await expectStatus(f.manager, "/api/corrective-action-owners?projectId=x", 400);
  });
});
