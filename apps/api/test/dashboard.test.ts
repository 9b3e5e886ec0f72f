import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * Every dashboard endpoint on one hand-built site, for a worker (wA) and for staff. The expected
 * numbers are worked out by hand in the comments next to each fixture and assertion.
 *
 * Projects: P1 Harbor Tower (active), P2 Mill Street Bridge (active), P3 Old Depot (completed),
 * P4 North Yard (on_hold).
 * Workers: wA on P1, P3; wB on P1, P2; wC on P2; wD on nothing. Admin and manager have no profile.
 * Modules M1..M4 (the only four; anything seeded is removed first).
 * Training (overall % = (completed x 100 + in-progress progress) / (modules x 100)):
 *   wA: M1, M2 completed, M3 in progress 50  -> (200 + 50) / 400 = 62.5 -> 63
 *   wB: all four completed                   -> 400 / 400 = 100
 *   wC: M1 in progress 20                    -> 20 / 400 = 5
 *   wD: nothing                              -> 0
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let wA: TestUser;
let wB: TestUser;
let wC: TestUser;
let wD: TestUser;
const P: Record<1 | 2 | 3 | 4, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
const M: Record<1 | 2 | 3 | 4, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
const V: Record<number, number> = {};
const H: Record<number, number> = {};
const I: Record<number, number> = {};
const now = Date.now();
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const at = (offset: number) => new Date(now + offset);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await db.deleteFrom("trainingModules").execute();
  await db.deleteFrom("safetyVideos").execute();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  wA = await t.createUser({ role: "worker", firstName: "Alma" });
  wB = await t.createUser({ role: "worker", firstName: "Bert" });
  wC = await t.createUser({ role: "worker", firstName: "Cleo" });
  wD = await t.createUser({ role: "worker", firstName: "Dane" });
  P[1] = await t.createProject({ name: "Harbor Tower", location: "Seattle", status: "active" });
  P[2] = await t.createProject({ name: "Mill Street Bridge", location: "Portland", status: "active" });
  P[3] = await t.createProject({ name: "Old Depot", location: "Tacoma", status: "completed" });
  P[4] = await t.createProject({ name: "North Yard", location: "Spokane", status: "on_hold" });
  await t.assign(wA.workerId!, P[1]);
  await t.assign(wA.workerId!, P[3]);
  await t.assign(wB.workerId!, P[1]);
  await t.assign(wB.workerId!, P[2]);
  await t.assign(wC.workerId!, P[2]);

  for (const n of [1, 2, 3, 4] as const) {
    const row = await db
      .insertInto("trainingModules")
      .values({
        title: `Module ${n}`,
        description: "",
        type: "site_safety",
        content: JSON.stringify({ sections: [], quiz: [] }),
        duration: 30,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    M[n] = row.id;
  }
  const training = (
    workerId: number,
    moduleId: number,
    status: "completed" | "in_progress",
    progress: number,
    dates: { completedAt?: string; lastAccessedAt?: string } = {},
  ) =>
    db
      .insertInto("workerTrainings")
      .values({
        workerId,
        moduleId,
        status,
        progress,
        completedAt: dates.completedAt ?? null,
        lastAccessedAt: dates.lastAccessedAt ?? null,
      })
      .execute();
  await training(wA.workerId!, M[1], "completed", 100, { completedAt: "2026-03-01T10:00:00Z" });
  await training(wA.workerId!, M[2], "completed", 100, { completedAt: "2026-03-02T10:00:00Z" });
  await training(wA.workerId!, M[3], "in_progress", 50, { lastAccessedAt: "2026-03-04T09:00:00Z" });
  for (const m of [M[1], M[2], M[3], M[4]]) await training(wB.workerId!, m, "completed", 100, { completedAt: "2026-02-01T08:00:00Z" });
  await training(wC.workerId!, M[1], "in_progress", 20);

  // Incidents: date, project, severity.
  const incident = async (n: number, projectId: number, severity: "minor" | "moderate" | "severe" | "near_miss", date: string) => {
    const row = await db
      .insertInto("incidentReports")
      .values({ projectId, title: `Incident ${n}`, severity, date, location: `Zone ${n}`, involvedWorkers: JSON.stringify([]) })
      .returning("id")
      .executeTakeFirstOrThrow();
    I[n] = row.id;
  };
  await incident(1, P[1], "severe", "2026-03-01");
  await incident(2, P[2], "minor", "2026-03-05");
  await incident(3, P[3], "moderate", "2026-02-10");
  await incident(4, P[4], "near_miss", "2026-03-10");
  await incident(5, P[2], "moderate", "2026-01-01");
  await incident(6, P[1], "minor", "2026-03-05");

  // Videos: published, required by, duration (seconds).
  const video = async (n: number, title: string, published: number, requiredBy: number | null, duration: number) => {
    const row = await db
      .insertInto("safetyVideos")
      .values({
        title,
        url: `https://example.com/v${n}.mp4`,
        duration,
        publishedAt: at(published),
        requiredWatchByDate: requiredBy === null ? null : at(requiredBy),
        tags: JSON.stringify([]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    V[n] = row.id;
  };
  await video(1, "Ladder Safety", -10 * DAY, -3 * DAY, 300); // required, overdue
  await video(2, "Trench Safety", -2 * DAY, 5 * DAY, 420); // required, due in 5 days
  await video(3, "Heat Stress", -1 * DAY, null, 200); // not required
  await video(4, "Crane Signals", 3 * DAY, 10 * DAY, 240); // not published yet
  await video(5, "PPE Basics", -20 * DAY, 1 * DAY, 180); // required, due tomorrow
  await video(6, "Silica Dust", -30 * DAY, -20 * DAY, 360); // required, long overdue
  await video(7, "Lockout Tagout", -40 * DAY, null, 500); // old, not required
  const watched = (workerId: number, videoId: number, status: "completed" | "partially_watched", watchedPercentage: number) =>
    db.insertInto("workerVideos").values({ workerId, videoId, status, watchedPercentage }).execute();
  await watched(wA.workerId!, V[1]!, "completed", 100);
  await watched(wA.workerId!, V[2]!, "partially_watched", 68);
  await watched(wA.workerId!, V[6]!, "partially_watched", 40);
  await watched(wB.workerId!, V[2]!, "completed", 100);

  // Hot work permits: project, status, start.
  const permit = async (n: number, projectId: number, status: "pending" | "approved" | "rejected" | "closed", start: number) => {
    const row = await db
      .insertInto("hotWorkPermits")
      .values({
        projectId,
        title: `Permit ${n}`,
        location: `Bay ${n}`,
        workDescription: "Welding brackets to the steel frame",
        startDate: at(start),
        endDate: at(start + 4 * HOUR),
        status,
        precautions: JSON.stringify(["Fire extinguisher"]),
        equipmentUsed: JSON.stringify(["Arc welder"]),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    H[n] = row.id;
  };
  await permit(1, P[1], "approved", 2 * DAY);
  await permit(2, P[2], "pending", DAY + HOUR);
  await permit(3, P[1], "rejected", 3 * DAY); // rejected: never upcoming
  await permit(4, P[3], "pending", -DAY); // already started: not upcoming
  await permit(5, P[3], "approved", 4 * DAY);
  await permit(6, P[4], "approved", 6 * HOUR);
});
afterAll(() => t.close());

const get = async (url: string, as: TestUser) => {
  const res = await t.request({ method: "GET", url, as });
  return { status: res.statusCode, body: res.json() };
};

describe("GET /api/dashboard/stats", () => {
  it("is 401 signed out", async () => {
    expect((await t.request({ method: "GET", url: "/api/dashboard/stats" })).statusCode).toBe(401);
  });

  it("gives staff the whole site", async () => {
    for (const as of [admin, manager]) {
      const { status, body } = await get("/api/dashboard/stats", as);
      expect(status).toBe(200);
      expect(body).toEqual({
        workerAssignedProjects: 0, // no worker profile
        workerTrainingCompletion: 0,
        activeProjects: 2, // P1, P2
        registeredWorkers: 4, // wA, wB, wC, wD
        safetyCompliance: 42, // (63 + 100 + 5 + 0) / 4 = 42
        incidentReports: 6, // I1..I6
        userId: as.id,
      });
    }
  });

  it("gives a worker their own numbers and their projects'", async () => {
    const { body } = await get("/api/dashboard/stats", wA);
    expect(body).toEqual({
      workerAssignedProjects: 2, // P1, P3
      workerTrainingCompletion: 63, // 62.5 rounded
      activeProjects: 1, // P1 (P3 is completed)
      registeredWorkers: 2, // workers on P1 or P3: wA, wB
      safetyCompliance: 82, // (63 + 100) / 2 = 81.5 -> 82
      incidentReports: 3, // P1: I1, I6; P3: I3
      userId: wA.id,
    });
  });

  it("gives a worker with no assignments zeros (and 100 compliance over nobody)", async () => {
    const { body } = await get("/api/dashboard/stats", wD);
    expect(body).toMatchObject({
      workerAssignedProjects: 0,
      workerTrainingCompletion: 0,
      activeProjects: 0,
      registeredWorkers: 0,
      safetyCompliance: 100,
      incidentReports: 0,
    });
  });
});

describe("GET /api/dashboard/recent-incidents", () => {
  it("gives staff the five latest by date (ties: newest id first) with real project names", async () => {
    const { body } = await get("/api/dashboard/recent-incidents", manager);
    // 03-10 I4, 03-05 I6 and I2 (I6 newer), 03-01 I1, 02-10 I3; I5 (01-01) is the sixth.
    expect(body.map((i: { id: number }) => i.id)).toEqual([I[4], I[6], I[2], I[1], I[3]]);
    expect(body[0]).toMatchObject({
      title: "Incident 4",
      projectId: P[4],
      projectName: "North Yard",
      severity: "near_miss",
      date: "2026-03-10",
      location: "Zone 4",
    });
    expect(body.map((i: { projectName: string }) => i.projectName)).toEqual([
      "North Yard",
      "Harbor Tower",
      "Mill Street Bridge",
      "Harbor Tower",
      "Old Depot",
    ]);
  });

  it("gives a worker only their projects' incidents", async () => {
    const { body } = await get("/api/dashboard/recent-incidents", wA);
    expect(body.map((i: { id: number }) => i.id)).toEqual([I[6], I[1], I[3]]); // P1: I6, I1; P3: I3
  });
});

describe("GET /api/dashboard/recent-videos", () => {
  it("gives the five newest published videos with the worker's real progress", async () => {
    const { body } = await get("/api/dashboard/recent-videos", wA);
    // Published, newest first: V3 (-1d), V2 (-2d), V1 (-10d), V5 (-20d), V6 (-30d); V4 is future, V7 sixth.
    expect(body.map((v: { id: number }) => v.id)).toEqual([V[3], V[2], V[1], V[5], V[6]]);
    expect(body.map((v: { progress: unknown }) => v.progress)).toEqual([
      null,
      { status: "partially_watched", watchedPercentage: 68 },
      { status: "completed", watchedPercentage: 100 },
      null,
      { status: "partially_watched", watchedPercentage: 40 },
    ]);
    expect(body[1]).toMatchObject({ title: "Trench Safety", duration: 420 });
  });

  it("has no progress for a viewer without a worker profile", async () => {
    const { body } = await get("/api/dashboard/recent-videos", manager);
    expect(body.map((v: { progress: unknown }) => v.progress)).toEqual([null, null, null, null, null]);
  });
});

describe("GET /api/dashboard/unwatched-required-videos", () => {
  it("counts the worker's own required videos not completed, overdue ones included, due first", async () => {
    const { body } = await get("/api/dashboard/unwatched-required-videos", wA);
    // Required and published: V1 (completed: out), V2 (68%), V5, V6 -> by due date V6, V5, V2.
    expect(body.count).toBe(3);
    expect(body.videos.map((v: { id: number }) => v.id)).toEqual([V[6], V[5], V[2]]);
    expect(body.videos.map((v: { watchedPercentage: number }) => v.watchedPercentage)).toEqual([40, 0, 68]);
    expect((await get(`/api/dashboard/unwatched-required-videos?userId=${wA.id}`, wA)).body.count).toBe(3);
  });

  it("refuses a worker asking about someone else (403); staff may ask", async () => {
    expect((await get(`/api/dashboard/unwatched-required-videos?userId=${wB.id}`, wA)).status).toBe(403);
    // wB completed V2 only: V6, V1, V5 remain.
    const { body } = await get(`/api/dashboard/unwatched-required-videos?userId=${wB.id}`, manager);
    expect(body.count).toBe(3);
    expect(body.videos.map((v: { id: number }) => v.id)).toEqual([V[6], V[1], V[5]]);
  });

  it("is empty for a user without a worker profile", async () => {
    expect((await get("/api/dashboard/unwatched-required-videos", manager)).body).toEqual({ count: 0, videos: [] });
  });
});

describe("GET /api/dashboard/upcoming", () => {
  const ids = (body: { id: string }[]) => body.map((i) => i.id);

  it("merges a worker's outstanding training (due now), due videos and their projects' permits, first five", async () => {
    const { body } = await get("/api/dashboard/upcoming", wA);
    // Training not completed by wA: M3, M4 (now). Videos due later, not completed: V5 (+1d), V2 (+5d),
    // V4 (+10d). Permits on P1/P3, approved or pending, starting later: H1 (+2d), H5 (+4d).
    // In time order: M3, M4, V5, H1, H5 | V2, V4 cut.
    const training = [`training-${M[3]}`, `training-${M[4]}`].sort((a, b) => a.localeCompare(b));
    expect(ids(body)).toEqual([...training, `video-${V[5]}`, `permit-${H[1]}`, `permit-${H[5]}`]);
    expect(body.map((i: { type: string }) => i.type)).toEqual(["training", "training", "video", "other", "other"]);
    expect(body[3]).toMatchObject({ title: "Hot work: Permit 1", details: "Approved - Harbor Tower, Bay 1" });
    expect(new Date(body[2].datetime).getTime()).toBe(now + DAY);
  });

  it("gives staff every project's permits and every due video", async () => {
    const { body } = await get("/api/dashboard/upcoming", manager);
    // H6 (+6h), V5 (+1d), H2 (+1d 1h), H1 (+2d), H5 (+4d) | V2 (+5d), V4 (+10d) cut; no profile, no training.
    expect(ids(body)).toEqual([`permit-${H[6]}`, `video-${V[5]}`, `permit-${H[2]}`, `permit-${H[1]}`, `permit-${H[5]}`]);
    expect(body[2].details).toBe("Pending approval - Mill Street Bridge, Bay 2");
  });
});

describe("GET /api/dashboard/training-completion", () => {
  it("gives staff every module over all four workers and every worker's percentage", async () => {
    const { body } = await get("/api/dashboard/training-completion", manager);
    expect(body.modules).toEqual([
      { moduleId: M[1], title: "Module 1", completedCount: 2, requiredCount: 4, percentage: 50 }, // wA, wB
      { moduleId: M[2], title: "Module 2", completedCount: 2, requiredCount: 4, percentage: 50 }, // wA, wB
      { moduleId: M[3], title: "Module 3", completedCount: 1, requiredCount: 4, percentage: 25 }, // wB
      { moduleId: M[4], title: "Module 4", completedCount: 1, requiredCount: 4, percentage: 25 }, // wB
    ]);
    expect(body.worker).toBeNull(); // the manager has no worker profile
    expect(body.workerCompletionPercentages).toEqual({ [wA.workerId!]: 63, [wB.workerId!]: 100, [wC.workerId!]: 5, [wD.workerId!]: 0 });
    // The product's answer: modules, worker and the percentages; no per-worker rows beyond them (docs/decisions/performance.md).
    expect(Object.keys(body).sort()).toEqual(["modules", "worker", "workerCompletionPercentages"]);
    const one = await get(`/api/dashboard/training-completion?workerId=${wA.workerId}`, manager);
    expect(one.body.worker).toEqual({ completionPercentage: 63, completedCount: 2, totalModules: 4 });
  });

  it("gives a worker only themselves", async () => {
    const { body } = await get("/api/dashboard/training-completion", wA);
    // Over wA alone: M1, M2 completed (1 of 1 = 100%), M3, M4 not (0 of 1).
    expect(body.modules.map((m: { percentage: number; requiredCount: number }) => [m.percentage, m.requiredCount])).toEqual([
      [100, 1],
      [100, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(body.worker).toEqual({ completionPercentage: 63, completedCount: 2, totalModules: 4 });
    expect(body.workerCompletionPercentages).toEqual({ [wA.workerId!]: 63 });
    expect((await get(`/api/dashboard/training-completion?workerId=${wB.workerId}`, wA)).status).toBe(403);
  });
});

describe("GET /api/dashboard/project-stats", () => {
  it("gives staff every project, active first, with workers and compliance", async () => {
    const { body } = await get("/api/dashboard/project-stats", admin);
    expect(body).toEqual([
      // P1: wA 63, wB 100 -> 81.5 -> 82
      {
        id: P[1],
        name: "Harbor Tower",
        location: "Seattle",
        status: "active",
        workerCount: 2,
        compliancePercentage: 82,
        complianceStatus: "Compliant",
      },
      // P2: wB 100, wC 5 -> 52.5 -> 53
      {
        id: P[2],
        name: "Mill Street Bridge",
        location: "Portland",
        status: "active",
        workerCount: 2,
        compliancePercentage: 53,
        complianceStatus: "At Risk",
      },
      // P4: nobody -> 100
      {
        id: P[4],
        name: "North Yard",
        location: "Spokane",
        status: "on_hold",
        workerCount: 0,
        compliancePercentage: 100,
        complianceStatus: "Compliant",
      },
      // P3: wA 63
      {
        id: P[3],
        name: "Old Depot",
        location: "Tacoma",
        status: "completed",
        workerCount: 1,
        compliancePercentage: 63,
        complianceStatus: "At Risk",
      },
    ]);
  });

  it("gives a worker their assigned projects only", async () => {
    const { body } = await get("/api/dashboard/project-stats", wA);
    expect(body.map((p: { id: number }) => p.id)).toEqual([P[1], P[3]]);
    expect((await get("/api/dashboard/project-stats", wD)).body).toEqual([]);
  });
});

describe("the dashboard page's tRPC batch", () => {
  it("answers one batched GET of every dashboard query (a long path parameter)", async () => {
    const procedures = [
      "comments.list",
      "dashboard.stats",
      "dashboard.projectStats",
      "dashboard.upcoming",
      "dashboard.recentVideos",
      "dashboard.recentIncidents",
      "dashboard.trainingCompletion",
      "dashboard.unwatchedRequiredVideos",
    ];
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(procedures.map((_, i) => [i, { json: undefined }]))));
    const res = await t.request({ method: "GET", url: `/trpc/${procedures.join(",")}?batch=1&input=${input}`, as: wA });
    expect(res.statusCode).toBe(200);
    const results = res.json() as { result?: { data: { json: unknown } } }[];
    expect(results).toHaveLength(procedures.length);
    expect(results.every((r) => r.result !== undefined)).toBe(true);
  });
});
