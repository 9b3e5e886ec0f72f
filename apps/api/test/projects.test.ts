import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  other = await t.createUser({ role: "worker" });
});
afterAll(() => t.close());

const validProject = {
  name: "Harbor Tower",
  location: "Pier 4, Seattle",
  status: "active",
  description: "Twelve-storey residential tower",
  startDate: "2026-03-01",
  endDate: "2027-06-30",
  safetyManagerName: "Sam Rivera",
  safetyManagerEmail: "sam@example.com",
  safetyManagerPhone: "555-010-2000",
  emergencyContactInfo: { "Emergency Services": "911", "OSHA Hotline": "1-800-321-6742", "Poison Control": "" },
};

describe("project CRUD", () => {
  let id: number;

  it("a manager creates a project (201) with derived compliance and worker count", async () => {
    const res = await t.request({ method: "POST", url: "/api/projects", payload: validProject, as: manager });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    id = body.id;
    expect(body).toMatchObject({
      name: "Harbor Tower",
      location: "Pier 4, Seattle",
      status: "active",
      startDate: "2026-03-01",
      endDate: "2027-06-30",
      hasSafetyPlan: false,
      compliancePercentage: 100,
      workerCount: 0,
      // Blank numbers are dropped.
      emergencyContactInfo: { "Emergency Services": "911", "OSHA Hotline": "1-800-321-6742" },
    });
    const audit = await t.db.selectFrom("auditEvents").selectAll().where("entity", "=", "project").where("entityId", "=", id).execute();
    expect(audit.map((a) => a.action)).toContain("created");
  });

  it("an admin creates one too, with the status defaulting to active and blanks becoming null", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/projects",
      payload: { name: "Depot", location: "Yard 2", startDate: "2026-01-10", endDate: "", safetyManagerEmail: "" },
      as: admin,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "active", endDate: null, safetyManagerEmail: null, emergencyContactInfo: {} });
  });

  it("a worker may not create, update or delete a project (403)", async () => {
    expect((await t.request({ method: "POST", url: "/api/projects", payload: validProject, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "PUT", url: `/api/projects/${id}`, payload: { name: "X" }, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${id}`, as: worker })).statusCode).toBe(403);
  });

  it("signed-out requests get 401", async () => {
    expect((await t.request({ method: "GET", url: "/api/projects" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/projects/stats" })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/projects", payload: validProject })).statusCode).toBe(401);
  });

  it.each([
    [{ ...validProject, startDate: undefined }, "Start date is required"],
    [{ ...validProject, startDate: "" }, "Start date is required"],
    [{ ...validProject, startDate: "2026-02-30" }, "Please enter a valid date"],
    [{ ...validProject, endDate: "soon" }, "Please enter a valid date"],
    [{ ...validProject, safetyManagerEmail: "not-an-email" }, "Please enter a valid email address"],
    [{ ...validProject, name: "  " }, "Project name is required"],
    [{ ...validProject, location: "" }, "Location is required"],
    [{ ...validProject, status: "paused" }, "Status must be active, completed or on hold"],
    [{ ...validProject, endDate: "2026-02-01" }, "End date must be on or after the start date"],
  ])("create answers 400 with the rule's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/projects", payload, as: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("reads one project; 404 for a missing one; 400 for a bad id", async () => {
    const res = await t.request({ method: "GET", url: `/api/projects/${id}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe("Harbor Tower");
    expect((await t.request({ method: "GET", url: "/api/projects/999999", as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/projects/abc", as: admin })).statusCode).toBe(400);
  });

  it("updates every field, or just some; keeps the date rule across a partial update", async () => {
    const res = await t.request({
      method: "PUT",
      url: `/api/projects/${id}`,
      payload: { ...validProject, name: "Harbor Tower II", status: "on_hold", endDate: null },
      as: manager,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: "Harbor Tower II", status: "on_hold", endDate: null });
    const partial = await t.request({ method: "PUT", url: `/api/projects/${id}`, payload: { status: "completed" }, as: admin });
    expect(partial.json()).toMatchObject({ name: "Harbor Tower II", status: "completed", location: "Pier 4, Seattle" });
    const bad = await t.request({ method: "PUT", url: `/api/projects/${id}`, payload: { endDate: "2020-01-01" }, as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("End date must be on or after the start date");
    const badEmail = await t.request({ method: "PUT", url: `/api/projects/${id}`, payload: { safetyManagerEmail: "x@" }, as: admin });
    expect(badEmail.json().message).toBe("Please enter a valid email address");
    expect((await t.request({ method: "PUT", url: "/api/projects/999999", payload: { name: "x" }, as: admin })).statusCode).toBe(404);
  });

  it("ignores unknown fields (no mass assignment of hasSafetyPlan or id)", async () => {
    const res = await t.request({
      method: "PUT",
      url: `/api/projects/${id}`,
      payload: { hasSafetyPlan: true, createdAt: "2000-01-01" },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().hasSafetyPlan).toBe(false);
  });
});

describe("lists, search, filters, stats", () => {
  let a: number;
  let b: number;
  let c: number;
  beforeAll(async () => {
    a = await t.createProject({ name: "Alpha Bridge", location: "Riverside", status: "active" });
    b = await t.createProject({ name: "Beta Mall", location: "Downtown", status: "completed" });
    c = await t.createProject({ name: "Gamma Depot", location: "Riverside East", status: "on_hold" });
    await t.assign(worker.workerId as number, a);
    await t.assign(worker.workerId as number, c);
  });

  it("staff see every project; a worker sees only assigned ones", async () => {
    const all = (await t.request({ method: "GET", url: "/api/projects", as: manager })).json() as { id: number }[];
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([a, b, c]));
    const mine = (await t.request({ method: "GET", url: "/api/projects", as: worker })).json() as { id: number }[];
    expect(mine.map((p) => p.id).sort()).toEqual([a, c].sort());
    const none = (await t.request({ method: "GET", url: "/api/projects", as: other })).json();
    expect(none).toEqual([]);
  });

  it("searches by name or location, filters by status, pages with limit/offset", async () => {
    const river = (await t.request({ method: "GET", url: "/api/projects?search=riverSIDE", as: admin })).json() as { id: number }[];
    expect(river.map((p) => p.id).sort()).toEqual([a, c].sort());
    const mall = (await t.request({ method: "GET", url: "/api/projects?search=mall", as: admin })).json() as { id: number }[];
    expect(mall.map((p) => p.id)).toEqual([b]);
    const held = (await t.request({ method: "GET", url: "/api/projects?status=on_hold", as: admin })).json() as {
      id: number;
      status: string;
    }[];
    expect(held.every((p) => p.status === "on_hold")).toBe(true);
    expect(held.map((p) => p.id)).toContain(c);
    const allStatus = (await t.request({ method: "GET", url: "/api/projects?status=all", as: admin })).json() as unknown[];
    const total = allStatus.length;
    const page1 = (await t.request({ method: "GET", url: "/api/projects?limit=2&offset=0", as: admin })).json() as { id: number }[];
    const page2 = (await t.request({ method: "GET", url: "/api/projects?limit=2&offset=2", as: admin })).json() as { id: number }[];
    expect(page1).toHaveLength(2);
    expect(page1.length + page2.length).toBe(Math.min(total, 4));
    expect(page2.map((p) => p.id)).not.toContain(page1[0]?.id);
    expect((await t.request({ method: "GET", url: "/api/projects?status=nope", as: admin })).statusCode).toBe(400);
    // Wildcards in the search are literal.
    expect((await t.request({ method: "GET", url: "/api/projects?search=%25", as: admin })).json()).toEqual([]);
  });

  it("a worker reads an assigned project but gets 403 on another; 404 still for a missing one", async () => {
    expect((await t.request({ method: "GET", url: `/api/projects/${a}`, as: worker })).statusCode).toBe(200);
    const denied = await t.request({ method: "GET", url: `/api/projects/${b}`, as: worker });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You can only view projects you are assigned to");
    expect((await t.request({ method: "GET", url: "/api/projects/999999", as: worker })).statusCode).toBe(404);
  });

  it("/api/projects/stats is not taken for an id, and carries complianceStatus", async () => {
    const res = await t.request({ method: "GET", url: "/api/projects/stats", as: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      id: number;
      name: string;
      location: string;
      workerCount: number;
      compliancePercentage: number;
      complianceStatus: string;
    }[];
    const row = rows.find((r) => r.id === b);
    expect(row).toEqual({
      id: b,
      name: "Beta Mall",
      location: "Downtown",
      workerCount: 0,
      compliancePercentage: 100,
      complianceStatus: "Compliant",
    });
    const mine = (await t.request({ method: "GET", url: "/api/projects/stats", as: worker })).json() as { id: number }[];
    expect(mine.map((r) => r.id).sort()).toEqual([a, c].sort());
  });
});

describe("project workers", () => {
  let p: number;
  beforeAll(async () => {
    p = await t.createProject({ name: "Crew Test" });
  });

  it("staff assign a worker (201), list the crew, and a second assignment is a 409", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/projects/${p}/workers`,
      payload: { workerId: other.workerId, role: "Rigger" },
      as: manager,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ projectId: p, workerId: other.workerId, role: "Rigger" });
    const again = await t.request({ method: "POST", url: `/api/projects/${p}/workers`, payload: { workerId: other.workerId }, as: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Worker is already assigned to this project");
    const list = await t.request({ method: "GET", url: `/api/projects/${p}/workers`, as: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: other.workerId,
        email: other.email,
        role: "Carpenter",
        company: "Acme Builders",
        assignmentRole: "Rigger",
        unwatchedVideos: expect.any(Number),
        safetyCompliance: expect.any(Number),
      }),
    ]);
    const project = (await t.request({ method: "GET", url: `/api/projects/${p}`, as: admin })).json();
    expect(project.workerCount).toBe(1);
  });

  it("parallel assignment of the same worker gives one row and no 500", async () => {
    const q = await t.createProject({ name: "Race" });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request({ method: "POST", url: `/api/projects/${q}/workers`, payload: { workerId: worker.workerId }, as: manager }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const rows = await t.db.selectFrom("projectWorkers").selectAll().where("projectId", "=", q).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a missing worker (404), a missing project (404), a bad workerId (400)", async () => {
    expect(
      (await t.request({ method: "POST", url: `/api/projects/${p}/workers`, payload: { workerId: 999999 }, as: admin })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: "POST", url: "/api/projects/999999/workers", payload: { workerId: other.workerId }, as: admin }))
        .statusCode,
    ).toBe(404);
    const bad = await t.request({ method: "POST", url: `/api/projects/${p}/workers`, payload: {}, as: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Worker is required");
  });

  it("workers may not list the crew, assign or remove (403)", async () => {
    await t.assign(worker.workerId as number, p);
    expect((await t.request({ method: "GET", url: `/api/projects/${p}/workers`, as: worker })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "POST", url: `/api/projects/${p}/workers`, payload: { workerId: worker.workerId }, as: worker }))
        .statusCode,
    ).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${p}/workers/${other.workerId}`, as: worker })).statusCode).toBe(403);
  });

  it("removes an assignment (204), then 404 for one that is not there", async () => {
    const res = await t.request({ method: "DELETE", url: `/api/projects/${p}/workers/${other.workerId}`, as: manager });
    expect(res.statusCode).toBe(204);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${p}/workers/${other.workerId}`, as: manager })).statusCode).toBe(404);
    const list = (await t.request({ method: "GET", url: `/api/projects/${p}/workers`, as: admin })).json() as { id: number }[];
    expect(list.map((w) => w.id)).not.toContain(other.workerId);
  });

  it("counts the required videos a worker has not completed", async () => {
    const q = await t.createProject({ name: "Videos" });
    await t.assign(other.workerId as number, q);
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 7 * 86_400_000);
    const videos = await t.db
      .insertInto("safetyVideos")
      .values([
        { title: "Required A", url: "https://example.com/a.mp4", publishedAt: past, requiredWatchByDate: future, tags: "[]" },
        { title: "Required B", url: "https://example.com/b.mp4", publishedAt: past, requiredWatchByDate: future, tags: "[]" },
        { title: "Optional", url: "https://example.com/c.mp4", publishedAt: past, requiredWatchByDate: null, tags: "[]" },
        { title: "Not yet published", url: "https://example.com/d.mp4", publishedAt: future, requiredWatchByDate: future, tags: "[]" },
      ])
      .returning("id")
      .execute();
    await t.db
      .insertInto("workerVideos")
      .values({ workerId: other.workerId as number, videoId: videos[0]?.id as number, status: "completed", watchedPercentage: 100 })
      .execute();
    await t.db
      .insertInto("workerVideos")
      .values({ workerId: other.workerId as number, videoId: videos[1]?.id as number, status: "partially_watched", watchedPercentage: 40 })
      .execute();
    const list = (await t.request({ method: "GET", url: `/api/projects/${q}/workers`, as: admin })).json() as {
      id: number;
      unwatchedVideos: number;
    }[];
    expect(list.find((w) => w.id === other.workerId)?.unwatchedVideos).toBe(1);
  });
});

describe("compliance on a hand-computed fixture", () => {
  it("worker % = (100 x completed + in-progress progress) / modules; project % = mean of its workers, 100 with none", async () => {
    // A known set of modules: remove whatever the migrations seeded in this file's own database.
    await t.db.deleteFrom("trainingModules").execute();
    const modules = await t.db
      .insertInto("trainingModules")
      .values([1, 2, 3, 4].map((n) => ({ title: `Module ${n}`, content: "{}" })))
      .returning("id")
      .execute();
    const [m1, m2, m3, m4] = modules.map((m) => m.id) as [number, number, number, number];
    const wa = await t.createUser({ role: "worker" });
    const wb = await t.createUser({ role: "worker" });
    const wc = await t.createUser({ role: "worker" });
    const A = wa.workerId as number;
    const B = wb.workerId as number;
    const C = wc.workerId as number;
    await t.db
      .insertInto("workerTrainings")
      .values([
        // A: 1 completed, 2 in progress (50 + 30), 1 untouched -> (100 + 80) / 4 = 45
        { workerId: A, moduleId: m1, status: "completed", progress: 100 },
        { workerId: A, moduleId: m2, status: "in_progress", progress: 50 },
        { workerId: A, moduleId: m3, status: "in_progress", progress: 30 },
        // B: all four completed -> 100
        ...[m1, m2, m3, m4].map((moduleId) => ({ workerId: B, moduleId, status: "completed" as const, progress: 100 })),
        // C: a not_started record counts nothing -> 0
        { workerId: C, moduleId: m4, status: "not_started", progress: 0 },
      ])
      .execute();
    const p1 = await t.createProject({ name: "Compliance One" });
    const p2 = await t.createProject({ name: "Compliance Two" });
    const p3 = await t.createProject({ name: "Compliance Empty" });
    await t.assign(A, p1);
    await t.assign(B, p1);
    await t.assign(C, p2);
    await t.assign(A, p2);

    const worker = (id: number) => t.request({ method: "GET", url: `/api/workers/${id}`, as: admin }).then((r) => r.json());
    expect((await worker(A)).safetyCompliance).toBe(45);
    expect((await worker(B)).safetyCompliance).toBe(100);
    expect((await worker(C)).safetyCompliance).toBe(0);

    const projects = (await t.request({ method: "GET", url: "/api/projects", as: admin })).json() as {
      id: number;
      compliancePercentage: number;
      workerCount: number;
    }[];
    const byId = new Map(projects.map((p) => [p.id, p]));
    // p1: mean(45, 100) = 72.5 -> 73; p2: mean(0, 45) = 22.5 -> 23; p3: no workers -> 100
    expect(byId.get(p1)).toMatchObject({ compliancePercentage: 73, workerCount: 2 });
    expect(byId.get(p2)).toMatchObject({ compliancePercentage: 23, workerCount: 2 });
    expect(byId.get(p3)).toMatchObject({ compliancePercentage: 100, workerCount: 0 });

    const stats = (await t.request({ method: "GET", url: "/api/projects/stats", as: admin })).json() as {
      id: number;
      complianceStatus: string;
    }[];
    const status = new Map(stats.map((s) => [s.id, s.complianceStatus]));
    expect(status.get(p1)).toBe("At Risk");
    expect(status.get(p2)).toBe("Non-Compliant");
    expect(status.get(p3)).toBe("Compliant");

    const crew = (await t.request({ method: "GET", url: `/api/projects/${p1}/workers`, as: admin })).json() as {
      id: number;
      safetyCompliance: number;
    }[];
    expect(new Map(crew.map((w) => [w.id, w.safetyCompliance]))).toEqual(
      new Map([
        [A, 45],
        [B, 100],
      ]),
    );

    const records = (await t.request({ method: "GET", url: `/api/workers/${A}/projects`, as: admin })).json() as {
      id: number;
      compliancePercentage: number;
    }[];
    expect(records.map((r) => [r.id, r.compliancePercentage]).sort()).toEqual(
      [
        [p1, 73],
        [p2, 23],
      ].sort(),
    );
  });
});

describe("project deletion", () => {
  it("removes assignments, plan and forms through the foreign keys and writes an audit event", async () => {
    const p = await t.createProject({ name: "Doomed" });
    await t.assign(worker.workerId as number, p);
    await t.db
      .insertInto("safetyPlans")
      .values({ projectId: p, fileName: "plan.txt", fileSize: 4, fileType: "text/plain", fileData: Buffer.from("plan") })
      .execute();
    await t.db.insertInto("jhaForms").values({ projectId: p, title: "Lift", hazards: "[]", controlMeasures: "[]" }).execute();
    await t.db.insertInto("incidentReports").values({ projectId: p, title: "Slip", involvedWorkers: "[]" }).execute();
    const res = await t.request({ method: "DELETE", url: `/api/projects/${p}`, as: manager });
    expect(res.statusCode).toBe(204);
    const count = async (table: "projectWorkers" | "safetyPlans" | "jhaForms" | "incidentReports") =>
      Number(
        (await t.db.selectFrom(table).select(t.db.fn.countAll<number>().as("n")).where("projectId", "=", p).executeTakeFirstOrThrow()).n,
      );
    expect(await count("projectWorkers")).toBe(0);
    expect(await count("safetyPlans")).toBe(0);
    expect(await count("jhaForms")).toBe(0);
    expect(await count("incidentReports")).toBe(0);
    const events = await t.db.selectFrom("auditEvents").selectAll().where("entity", "=", "project").where("entityId", "=", p).execute();
    expect(events).toEqual([expect.objectContaining({ action: "deleted", actorUserId: manager.id, details: { name: "Doomed" } })]);
    expect((await t.request({ method: "GET", url: `/api/projects/${p}`, as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/projects/${p}`, as: admin })).statusCode).toBe(404);
  });
});

describe("over tRPC", () => {
  it("the same procedures answer on /trpc", async () => {
    const res = await t.request({ method: "GET", url: "/trpc/projects.stats", as: admin });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().result.data.json)).toBe(true);
    const denied = await t.request({ method: "GET", url: "/trpc/projects.safetyPlans", as: worker });
    expect(denied.statusCode).toBe(403);
  });
});
