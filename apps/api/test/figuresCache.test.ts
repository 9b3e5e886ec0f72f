import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { FiguresCache, MAX_FIGURES_CACHE_MS } from "../src/figuresCache.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// The one cache the server keeps (src/figuresCache.ts, docs/decisions/0115-no-read-memory.md):
// company-wide figures, at most FIGURES_CACHE_MS old, cleared by every write through the server.

describe("FiguresCache", () => {
  const clock = () => {
    let now = 1_000;
    const advance = (ms: number) => {
      now += ms;
    };
    return { perf: { now: () => now }, advance };
  };

  it("reuses a figure within its lifetime and reads it again after", async () => {
    const time = clock();
    const cache = new FiguresCache(10_000, time.perf);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get("staffDashboard", read)).toBe(1);
    time.advance(9_999);
    expect(await cache.get("staffDashboard", read)).toBe(1);
    time.advance(2);
    expect(await cache.get("staffDashboard", read)).toBe(2);
  });

  it("forgets everything on clear, shares a read in flight and keeps no failed read", async () => {
    const cache = new FiguresCache(10_000, clock().perf);
    let reads = 0;
    const read = async () => ++reads;
    const [a, b] = await Promise.all([cache.get("staffTraining", read), cache.get("staffTraining", read)]);
    expect([a, b]).toEqual([1, 1]);
    cache.clear();
    expect(await cache.get("staffTraining", read)).toBe(2);
    await expect(cache.get("projectFigures", async () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("projectFigures", async () => "read again")).toBe("read again");
  });

  it("reads every time when off", async () => {
    const cache = new FiguresCache(0);
    let reads = 0;
    const read = async () => ++reads;
    await cache.get("staffDashboard", read);
    await cache.get("staffDashboard", read);
    expect(reads).toBe(2);
    expect(cache.enabled).toBe(false);
  });

  it("FIGURES_CACHE_MS is 10 s by default, 0 turns it off, and more than 10 s is refused at start-up", () => {
    expect(loadConfig({}).figuresCacheMs).toBe(MAX_FIGURES_CACHE_MS);
    expect(loadConfig({ FIGURES_CACHE_MS: "0" }).figuresCacheMs).toBe(0);
    expect(() => loadConfig({ FIGURES_CACHE_MS: "10001" })).toThrow(/FIGURES_CACHE_MS/);
    expect(() => loadConfig({ FIGURES_CACHE_MS: "soon" })).toThrow(/FIGURES_CACHE_MS/);
  });
});

describe("with the cache on, a user's own write shows on their next read", () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ figuresCacheMs: MAX_FIGURES_CACHE_MS });
    admin = await t.createUser({ role: "admin" });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.request({ method: "GET", url, as: admin });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it("an assignment shows at once in the project's worker count and the dashboard", async () => {
    const worker = await t.createUser({ role: "worker" });
    const projectId = await t.createProject();
    const before = await get(`/api/projects/${projectId}`);
    expect(before.workerCount).toBe(0);
    const stats = await get("/api/dashboard/stats");
    const assigned = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/workers`,
      as: admin,
      payload: { workerId: worker.workerId },
    });
    expect(assigned.statusCode).toBeLessThan(300);
    expect((await get(`/api/projects/${projectId}`)).workerCount).toBe(1);
    // The worker has no training: the company's mean compliance is read again, not reused.
    const again = await get("/api/dashboard/stats");
    expect(again.registeredWorkers).toBe(stats.registeredWorkers);
    expect(again.activeProjects).toBe(stats.activeProjects);
  });

  it("an incident report filed through the app counts at once on the staff dashboard; one written elsewhere waits for the cache's lifetime", async () => {
    const worker = await t.createUser({ role: "worker" });
    const projectId = await t.createProject();
    await t.assign(worker.workerId as number, projectId);
    const before = (await get("/api/dashboard/stats")).incidentReports as number;
    // Straight in the database: no write went through this process, so the shared count stays.
    await t.db.insertInto("incidentReports").values({ projectId, title: "Slip at the gate", involvedWorkers: "[]" }).execute();
    expect((await get("/api/dashboard/stats")).incidentReports).toBe(before);
    // Through the app: the write clears the shared figures, and the next read counts both.
    const filed = await t.request({
      method: "POST",
      url: "/api/incident-reports",
      as: worker,
      payload: { projectId, title: "Cut on rebar", description: "Glove torn", severity: "minor", date: "2026-11-20", location: "Deck 2" },
    });
    expect(filed.statusCode).toBe(201);
    expect((await get("/api/dashboard/stats")).incidentReports).toBe(before + 2);
  });

  it("a worker's training progress shows at once in the staff training completion", async () => {
    const worker = await t.createUser({ role: "worker" });
    const module = await t.db.selectFrom("trainingModules").select("id").orderBy("id").executeTakeFirstOrThrow();
    const before = await get("/api/dashboard/training-completion");
    expect(before.workerCompletionPercentages[String(worker.workerId)]).toBe(0);
    // 99%: below 100 the progress is accepted without a knowledge check.
    const filed = await t.request({
      method: "POST",
      url: `/api/workers/${worker.workerId}/trainings`,
      as: worker,
      payload: { moduleId: module.id, progress: 99 },
    });
    expect(filed.statusCode).toBeLessThan(300);
    const after = await get("/api/dashboard/training-completion");
    expect(after.workerCompletionPercentages[String(worker.workerId)]).toBeGreaterThan(0);
  });
});
