import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RememberedFigures } from "../src/readMemory/figures.js";
import { MemoryStore, VersionedMemory } from "../src/readMemory/store.js";
import { buildServer } from "../src/server.js";
import { createTestApp, ORIGIN, type TestApp, type TestUser, testConfig } from "./helpers.js";

// Compliance figures (a project's worker count and compliance, a worker's compliance) are
// remembered per process while the database is unchanged, for at most a few seconds (docs/decisions/performance.md,
// src/complianceMemory.ts). What a person sees must stay right: a change made through this server,
// through another instance or straight in the database shows on the next read; a project this
// server has never seen is shown with its real figures; with nothing written, figures are reused.

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
});
afterAll(async () => {
  await t.close();
});

type App = Awaited<ReturnType<typeof buildServer>>;

async function figuresOf(app: App, projectId: number) {
  const res = await app.inject({ method: "GET", url: `/api/projects/${projectId}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  const { workerCount, compliancePercentage } = res.json() as { workerCount: number; compliancePercentage: number };
  return { workerCount, compliancePercentage };
}

async function withServer(figuresCacheMs: number, run: (app: App) => Promise<void>) {
  const app = await buildServer({ config: testConfig, dbHandle: t.dbHandle, logger: false, figuresCacheMs });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

describe("remembered project figures", () => {
  it("a worker assigned through this server counts on the very next read, on every project screen", async () => {
    await withServer(60_000, async (app) => {
      const projectId = await t.createProject({ name: "Harbor Tower" });
      const worker = await t.createUser({ role: "worker" });
      expect(await figuresOf(app, projectId)).toEqual({ workerCount: 0, compliancePercentage: 100 });
      const assigned = await app.inject({
        method: "POST",
        url: `/api/projects/${projectId}/workers`,
        headers: { cookie: admin.cookie, origin: ORIGIN, host: "localhost:80" },
        payload: { workerId: worker.workerId },
      });
      expect(assigned.statusCode).toBeLessThan(300);
      // A new worker has finished no module: 0%, and the project's mean with them alone is 0%.
      expect(await figuresOf(app, projectId)).toEqual({ workerCount: 1, compliancePercentage: 0 });
      const stats = (await app.inject({ method: "GET", url: "/api/projects/stats", headers: { cookie: admin.cookie } })).json() as {
        id: number;
        workerCount: number;
      }[];
      expect(stats.find((p) => p.id === projectId)?.workerCount).toBe(1);
      const mine = (
        await app.inject({ method: "GET", url: `/api/workers/${worker.workerId}/projects`, headers: { cookie: admin.cookie } })
      ).json() as {
        id: number;
        workerCount: number;
      }[];
      expect(mine.map((p) => [p.id, p.workerCount])).toEqual([[projectId, 1]]);
    });
  });

  it("a change made elsewhere shows on the very next read, however long the memory", async () => {
    await withServer(60_000, async (app) => {
      const projectId = await t.createProject();
      expect((await figuresOf(app, projectId)).workerCount).toBe(0);
      // Another instance (here: the database directly) assigns a worker.
      const worker = await t.createUser({ role: "worker" });
      await t.assign(worker.workerId as number, projectId);
      expect(await figuresOf(app, projectId)).toEqual({ workerCount: 1, compliancePercentage: 0 });
    });
  });

  it("with the memory off, every read is fresh", async () => {
    await withServer(0, async (app) => {
      const projectId = await t.createProject();
      expect((await figuresOf(app, projectId)).workerCount).toBe(0);
      const worker = await t.createUser({ role: "worker" });
      await t.assign(worker.workerId as number, projectId);
      expect((await figuresOf(app, projectId)).workerCount).toBe(1);
    });
  });
});

describe("remembered worker compliance", () => {
  async function complianceOf(app: App, workerId: number) {
    const detail = await app.inject({ method: "GET", url: `/api/workers/${workerId}`, headers: { cookie: admin.cookie } });
    return (detail.json() as { safetyCompliance: number }).safetyCompliance;
  }
  async function completeModules(workerId: number, count: number) {
    const modules = await t.db.selectFrom("trainingModules").select("id").orderBy("id").limit(count).execute();
    await t.db
      .insertInto("workerTrainings")
      .values(modules.map((m) => ({ workerId, moduleId: m.id, status: "completed" as const, progress: 100, completedAt: new Date() })))
      .execute();
  }

  it("a module completed elsewhere shows on the next read in the list, the detail and the crew", async () => {
    await withServer(60_000, async (app) => {
      const projectId = await t.createProject();
      const worker = await t.createUser({ role: "worker", lastName: "Okafor-Memory" });
      await t.assign(worker.workerId as number, projectId);
      expect(await complianceOf(app, worker.workerId as number)).toBe(0);
      const listed = async () =>
        (
          (
            await app.inject({ method: "GET", url: "/api/workers?search=okafor-memory&limit=10", headers: { cookie: admin.cookie } })
          ).json() as {
            safetyCompliance: number;
          }[]
        )[0]?.safetyCompliance;
      const crew = async () =>
        (
          (await app.inject({ method: "GET", url: `/api/projects/${projectId}/workers`, headers: { cookie: admin.cookie } })).json() as {
            safetyCompliance: number;
          }[]
        )[0]?.safetyCompliance;
      expect(await listed()).toBe(0);
      expect(await crew()).toBe(0);

      await completeModules(worker.workerId as number, 2);
      // The truth, from a server that remembers nothing.
      let fresh = 0;
      await withServer(0, async (noMemory) => {
        fresh = await complianceOf(noMemory, worker.workerId as number);
      });
      expect(fresh).toBeGreaterThan(0);
      // A whole list (an export, streamed) reads compliance itself.
      const whole = (
        await app.inject({ method: "GET", url: "/api/workers?search=okafor-memory", headers: { cookie: admin.cookie } })
      ).json() as {
        safetyCompliance: number;
      }[];
      expect(whole[0]?.safetyCompliance).toBe(fresh);
      expect(await listed()).toBe(fresh);
      expect(await crew()).toBe(fresh);
      expect(await complianceOf(app, worker.workerId as number)).toBe(fresh);
    });
  });
});

describe("RememberedFigures", () => {
  // The memory itself, with a data version and a clock the test controls: figures are read again
  // when the version moves, when they are older than the lifetime and after a failed read; otherwise every request shares one read.
  function counting() {
    let reads = 0;
    let failNext = false;
    let snapshot = "100:100:";
    const versioned = new VersionedMemory(new MemoryStore(), "figures", 1_000);
    const memory = new RememberedFigures<number>(
      versioned,
      "workers",
      async () => {
        reads++;
        if (failNext) {
          failNext = false;
          throw new Error("database went away");
        }
        return new Map([[1, reads]]);
      },
      () => async (ids) => new Map(ids.map((id) => [id, -1])),
    );
    const lookup = memory.lookup(t.db, async () => snapshot);
    return {
      memory,
      read: async () => (await lookup([1])).get(1),
      reads: () => reads,
      commit: () => {
        snapshot = `${Number(snapshot.split(":")[0]) + 1}:101:`;
      },
      failNext: () => {
        failNext = true;
      },
    };
  }

  it("reuses one read while nothing was committed, and reads again after a commit anywhere", async () => {
    const c = counting();
    expect(await c.read()).toBe(1);
    expect(await c.read()).toBe(1);
    expect(c.reads()).toBe(1);
    c.commit();
    expect(await c.read()).toBe(2);
    expect(c.reads()).toBe(2);
  });

  it("reads again once the lifetime is over, with the same snapshot", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const c = counting();
      await c.read();
      vi.setSystemTime(Date.now() + 999);
      await c.read();
      expect(c.reads()).toBe(1);
      vi.setSystemTime(Date.now() + 2);
      expect(await c.read()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never remembers a failed read", async () => {
    const c = counting();
    await c.read();
    c.commit();
    c.failNext();
    await expect(c.read()).rejects.toThrow("database went away");
    expect(await c.read()).toBe(3);
    expect(await c.read()).toBe(3);
    expect(c.reads()).toBe(3);
  });

  it("answers ids it does not hold from the database on the spot", async () => {
    const c = counting();
    const lookup = c.memory.lookup(t.db, async () => "1:1:");
    expect((await lookup([1, 2])).get(2)).toBe(-1);
  });
});
