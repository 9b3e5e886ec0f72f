import { audit } from "@sitesafe/db";
import { localToday } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser; // reporter, assigned to projectA
let coworker: TestUser; // also on projectA
let other: TestUser; // projectB only
let noProfile: TestUser;
let projectA: number;
let projectB: number;

const validReport = () => ({
  projectId: projectA,
  title: "Ladder slipped",
  description: "Extension ladder slid on wet concrete",
  severity: "moderate",
  date: "2026-03-02",
  location: "North stairwell",
  involvedWorkers: [coworker.workerId],
  actionTaken: "First aid given",
  preventiveMeasures: "Ladder feet and tie-offs",
  status: "open",
});

type Report = { id: number; projectId: number; reportedBy: number | null; status: string; [k: string]: unknown };

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, worker, coworker, other] = await Promise.all([
    t.createUser({ role: "admin" }),
    t.createUser({ role: "manager" }),
    t.createUser({ role: "worker", firstName: "Rita", lastName: "Reporter" }),
    t.createUser({ role: "worker", firstName: "Carl", lastName: "Coworker", position: "Electrician" }),
    t.createUser({ role: "worker", firstName: "Olive", lastName: "Other" }),
  ]);
  noProfile = await t.createUser({ role: "worker" });
  await t.db
    .deleteFrom("workers")
    .where("id", "=", noProfile.workerId as number)
    .execute();
  projectA = await t.createProject({ name: "Alpha Tower" });
  projectB = await t.createProject({ name: "Bravo Bridge" });
  await t.assign(worker.workerId as number, projectA);
  await t.assign(coworker.workerId as number, projectA);
  await t.assign(other.workerId as number, projectB);
});
afterAll(() => t.close());

async function createReport(as: TestUser, overrides: Record<string, unknown> = {}): Promise<Report> {
  const res = await t.request({ method: "POST", url: "/api/incident-reports", as, payload: { ...validReport(), ...overrides } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("incident reports: create", () => {
  it("a worker reports into an assigned project; reportedBy is forced to their own profile", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/incident-reports",
      as: worker,
      payload: { ...validReport(), reportedBy: other.workerId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectId: projectA,
      projectName: "Alpha Tower",
      title: "Ladder slipped",
      severity: "moderate",
      date: "2026-03-02",
      location: "North stairwell",
      reportedBy: worker.workerId,
      reporterName: "Rita Reporter",
      involvedWorkers: [coworker.workerId],
      involvedWorkerDetails: [{ id: coworker.workerId, name: "Carl Coworker", role: "Electrician" }],
      actionTaken: "First aid given",
      status: "open",
    });
  });

  it("defaults: severity minor, status open, date today, no involved workers", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/incident-reports",
      as: worker,
      payload: { projectId: projectA, title: "Near trip" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      severity: "minor",
      status: "open",
      date: localToday(),
      involvedWorkers: [],
      description: "",
      location: "",
    });
  });

  it("records an audit event on creation", async () => {
    const report = await createReport(worker);
    const history = await audit.auditHistory(t.db, "incident", report.id);
    expect(history).toEqual([expect.objectContaining({ action: "created", fromState: null, toState: "open", actorUserId: worker.id })]);
  });

  it("a worker cannot report into an unassigned project (403); no profile 403; signed out 401", async () => {
    expect((await t.request({ method: "POST", url: "/api/incident-reports", as: other, payload: validReport() })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/incident-reports", as: noProfile, payload: validReport() })).statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/incident-reports", payload: validReport() })).statusCode).toBe(401);
  });

  it("staff pick the reporter (an existing worker) or leave it empty without a profile", async () => {
    const picked = await createReport(manager, { reportedBy: coworker.workerId });
    expect(picked.reportedBy).toBe(coworker.workerId);
    const none = await createReport(admin);
    expect(none.reportedBy).toBeNull();
    const bad = await t.request({
      method: "POST",
      url: "/api/incident-reports",
      as: admin,
      payload: { ...validReport(), reportedBy: 999999 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please select a valid worker");
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ title: undefined }, "Title is required"],
    [{ date: "02/03/2026" }, "Please enter a valid date"],
    [{ date: "2026-02-30" }, "Please enter a valid date"],
    [{ severity: "catastrophic" }, "Severity must be minor, moderate, severe or near miss"],
    [{ status: "done" }, "Status must be open, in progress or closed"],
    [{ involvedWorkers: ["abc"] }, "Involved workers must be a list of worker ids"],
    [{ involvedWorkers: "1,2" }, "Involved workers must be a list of worker ids"],
    [{ involvedWorkers: [999999] }, "One or more involved workers do not exist"],
    [{ projectId: undefined }, "Project is required"],
    [{ projectId: 999999 }, "Please select a valid project"],
  ])("answers 400 with a clear message (%#)", async (overrides, message) => {
    const res = await t.request({ method: "POST", url: "/api/incident-reports", as: admin, payload: { ...validReport(), ...overrides } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("incident reports: list and detail", () => {
  let reportA: Report;
  let reportB: Report;
  beforeAll(async () => {
    reportA = await createReport(admin, { title: "Scaffold plank fell", location: "East scaffold", date: "2090-03-10" });
    reportB = await createReport(admin, {
      projectId: projectB,
      title: "Rebar puncture",
      description: "Unprotected rebar",
      date: "2090-03-11",
      involvedWorkers: [],
    });
  });

  it("lists newest first with project and reporter names for staff", async () => {
    for (const as of [admin, manager]) {
      const res = await t.request({ method: "GET", url: "/api/incident-reports", as });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Report[];
      expect(list[0]?.id).toBe(reportB.id);
      expect(list[0]).toMatchObject({ projectName: "Bravo Bridge" });
      const dates = list.map((r) => r.date as string);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it("a worker sees only their projects' reports; others get 403", async () => {
    const mine = (await t.request({ method: "GET", url: "/api/incident-reports", as: worker })).json() as Report[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.projectId === projectA)).toBe(true);
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${reportB.id}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/incident-reports?projectId=${projectB}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${reportA.id}`, as: worker })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${reportA.id}`, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/incident-reports" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/incident-reports/${reportA.id}` })).statusCode).toBe(401);
  });

  it("filters by project, searches title, description or location, and pages", async () => {
    const ids = async (url: string) => ((await t.request({ method: "GET", url, as: admin })).json() as Report[]).map((r) => r.id);
    expect(await ids(`/api/incident-reports?projectId=${projectB}`)).toEqual([reportB.id]);
    expect(await ids("/api/incident-reports?search=SCAFFOLD%20PLANK")).toEqual([reportA.id]);
    expect(await ids("/api/incident-reports?search=unprotected")).toEqual([reportB.id]);
    expect(await ids("/api/incident-reports?search=east%20scaffold")).toEqual([reportA.id]);
    expect(await ids("/api/incident-reports?limit=1")).toEqual([reportB.id]);
    expect(await ids("/api/incident-reports?limit=1&offset=1")).toEqual([reportA.id]);
  });

  it("a missing report is 404", async () => {
    const res = await t.request({ method: "GET", url: "/api/incident-reports/999999", as: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Incident report not found");
  });
});

describe("incident reports: edit, status changes and delete", () => {
  it("the reporting worker edits their own report; the reporter stays theirs", async () => {
    const report = await createReport(worker);
    const res = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${report.id}`,
      as: worker,
      payload: { ...validReport(), title: "Ladder slipped (updated)", reportedBy: coworker.workerId, status: "in_progress" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Ladder slipped (updated)", reportedBy: worker.workerId, status: "in_progress" });
  });

  it("another worker on the project cannot edit or delete it (403)", async () => {
    const report = await createReport(worker);
    expect(
      (await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, as: coworker, payload: { title: "Mine now" } }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/incident-reports/${report.id}`, as: coworker })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, as: other, payload: { title: "x" } })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, payload: { title: "x" } })).statusCode).toBe(401);
  });

  it("a worker cannot move their report into an unassigned project", async () => {
    const report = await createReport(worker);
    const res = await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, as: worker, payload: { projectId: projectB } });
    expect(res.statusCode).toBe(403);
  });

  it("a manager closes a report; the status change is audited with from and to", async () => {
    const report = await createReport(worker);
    const res = await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, as: manager, payload: { status: "closed" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "closed", title: "Ladder slipped", reportedBy: worker.workerId });
    const history = await audit.auditHistory(t.db, "incident", report.id);
    expect(history.map((h) => [h.action, h.fromState, h.toState, h.actorUserId])).toEqual([
      ["created", null, "open", worker.id],
      ["status_changed", "open", "closed", manager.id],
    ]);
    const viaApi = await t.request({ method: "GET", url: `/api/incident-reports/${report.id}/history`, as: worker });
    expect(viaApi.statusCode).toBe(200);
    expect(viaApi.json()).toHaveLength(2);
  });

  it("validates edits with the same rules", async () => {
    const report = await createReport(admin);
    const bad = await t.request({ method: "PUT", url: `/api/incident-reports/${report.id}`, as: admin, payload: { date: "yesterday" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please enter a valid date");
    const missing = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${report.id}`,
      as: admin,
      payload: { involvedWorkers: [999999] },
    });
    expect(missing.statusCode).toBe(400);
    expect((await t.request({ method: "PUT", url: "/api/incident-reports/999999", as: admin, payload: { title: "x" } })).statusCode).toBe(
      404,
    );
  });

  it("admin, manager and the reporter delete (204); then 404", async () => {
    for (const as of [admin, manager, worker]) {
      const report = await createReport(worker);
      const res = await t.request({ method: "DELETE", url: `/api/incident-reports/${report.id}`, as });
      expect(res.statusCode).toBe(204);
      expect((await t.request({ method: "GET", url: `/api/incident-reports/${report.id}`, as: admin })).statusCode).toBe(404);
    }
    expect((await t.request({ method: "DELETE", url: "/api/incident-reports/999999", as: admin })).statusCode).toBe(404);
    const report = await createReport(worker);
    expect((await t.request({ method: "DELETE", url: `/api/incident-reports/${report.id}` })).statusCode).toBe(401);
  });
});

describe("incident reports: involved workers stay within the caller's scope (docs/security.md)", () => {
  const OFF_PROJECT = {
    message: "Involved workers must be workers on the report's project",
    issues: [{ path: "involvedWorkers", message: "Involved workers must be workers on the report's project" }],
  };

  it("a worker may name only workers of the report's project; an unknown id gets the very same answer", async () => {
    for (const ids of [[other.workerId], [999999], [coworker.workerId, other.workerId]]) {
      const res = await t.request({
        method: "POST",
        url: "/api/incident-reports",
        as: worker,
        payload: { ...validReport(), involvedWorkers: ids },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(OFF_PROJECT);
    }
  });

  it("the probe's edit: naming someone from another project answers 400 and never their name", async () => {
    const report = await createReport(worker);
    for (const ids of [[other.workerId], [999999]]) {
      const res = await t.request({
        method: "PUT",
        url: `/api/incident-reports/${report.id}`,
        as: worker,
        payload: { involvedWorkers: ids },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(OFF_PROJECT);
      expect(res.body).not.toContain("Olive");
    }
    const ok = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${report.id}`,
      as: worker,
      payload: { involvedWorkers: [coworker.workerId, worker.workerId] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().involvedWorkerDetails.map((w: { name: string }) => w.name)).toEqual(["Carl Coworker", "Rita Reporter"]);
  });

  it("moving a report to another project checks the names against the new project", async () => {
    await t.assign(worker.workerId as number, projectB);
    try {
      const report = await createReport(worker, { involvedWorkers: [] });
      const wrong = await t.request({
        method: "PUT",
        url: `/api/incident-reports/${report.id}`,
        as: worker,
        payload: { projectId: projectB, involvedWorkers: [coworker.workerId] },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(OFF_PROJECT);
      const right = await t.request({
        method: "PUT",
        url: `/api/incident-reports/${report.id}`,
        as: worker,
        payload: { projectId: projectB, involvedWorkers: [worker.workerId, other.workerId] },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ projectId: projectB, involvedWorkers: [worker.workerId, other.workerId] });
    } finally {
      await t.db
        .deleteFrom("projectWorkers")
        .where("workerId", "=", worker.workerId as number)
        .where("projectId", "=", projectB)
        .execute();
    }
  });

  it("staff may name anyone who exists; the reporter then sees no one outside their projects, and may still edit the report", async () => {
    const report = await createReport(worker);
    const named = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${report.id}`,
      as: manager,
      payload: { involvedWorkers: [coworker.workerId, other.workerId] },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().involvedWorkerDetails.map((w: { name: string }) => w.name)).toEqual(["Carl Coworker", "Olive Other"]);
    const read = await t.request({ method: "GET", url: `/api/incident-reports/${report.id}`, as: worker });
    expect(read.statusCode).toBe(200);
    expect(read.json().involvedWorkerDetails).toEqual([{ id: coworker.workerId, name: "Carl Coworker", role: "Electrician" }]);
    expect(read.body).not.toContain("Olive");
    // The web form re-sends the whole list: the people already named stay.
    const edit = await t.request({
      method: "PUT",
      url: `/api/incident-reports/${report.id}`,
      as: worker,
      payload: { title: "Ladder slipped again", involvedWorkers: [coworker.workerId, other.workerId] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ title: "Ladder slipped again", involvedWorkers: [coworker.workerId, other.workerId] });
    expect(edit.body).not.toContain("Olive");
  });
});
