import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// Every read is computed (docs/decisions/0115-no-read-memory.md): what another instance, a script
// or a person at psql writes shows on the next read, and one person's answer never reaches
// another. These kept what the read memory's tests checked that users see.

describe("DB_STOCK (measuring only)", () => {
  it("lists the driver tuning to leave out, and refuses anything else", () => {
    expect([...(loadConfig({}).dbStock ?? [])]).toEqual([]);
    expect([...(loadConfig({ DB_STOCK: "prepare, Camel" }).dbStock ?? [])]).toEqual(["prepare", "camel"]);
    expect([...(loadConfig({ DB_STOCK: "all" }).dbStock ?? [])].sort()).toEqual(["camel", "prepare", "timestamps"]);
    expect(() => loadConfig({ DB_STOCK: "cache" })).toThrow(/DB_STOCK must list timestamps, prepare, camel \(or be "all"\), got "cache"/);
  });
});

describe("reads after writes made elsewhere", () => {
  let t: TestApp;
  let admin: TestUser;
  let worker: TestUser;
  let mine: number;
  let other: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: "admin" });
    worker = await t.createUser({ role: "worker" });
    mine = await t.createProject({ name: "Harbor Tower" });
    other = await t.createProject({ name: "Quarry Road" });
    await t.assign(worker.workerId as number, mine);
  });
  afterAll(() => t.close());

  const fileStraightInDb = async (projectId: number, title: string) =>
    (
      await t.db
        .insertInto("jhaForms")
        .values({ projectId, title, jobDescription: "Lift", hazards: "[]", controlMeasures: "[]", submittedBy: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const titles = async (as: TestUser) => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms?limit=50", as });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((f) => f.title).sort();
  };

  it("a form filed straight in the database shows on the next read, to those who may see it", async () => {
    expect(await titles(admin)).toEqual([]);
    await fileStraightInDb(mine, "Pour slab A");
    await fileStraightInDb(other, "Crane lift B");
    expect(await titles(admin)).toEqual(["Crane lift B", "Pour slab A"]);
    // The same URL as the worker: their own scope, never the admin's answer.
    expect(await titles(worker)).toEqual(["Pour slab A"]);
    expect((await t.request({ method: "GET", url: "/api/workers?limit=5", as: worker })).statusCode).toBe(403);
  });

  it("an assignment added or removed straight in the database opens or closes the project on the next read", async () => {
    const url = `/api/projects/${other}`;
    expect((await t.request({ method: "GET", url, as: worker })).statusCode).toBe(403);
    await t.assign(worker.workerId as number, other);
    expect((await t.request({ method: "GET", url, as: worker })).statusCode).toBe(200);
    expect(await titles(worker)).toEqual(["Crane lift B", "Pour slab A"]);
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", worker.workerId as number)
      .where("projectId", "=", other)
      .execute();
    expect((await t.request({ method: "GET", url, as: worker })).statusCode).toBe(403);
    expect(await titles(worker)).toEqual(["Pour slab A"]);
  });

  // With the figures cache off (testConfig; FIGURES_CACHE_MS=0). On, a write made elsewhere shows within 10 s.
  it("a project added straight in the database counts on the staff dashboard's next read", async () => {
    const stats = async () =>
      (await t.request({ method: "GET", url: "/api/dashboard/stats", as: admin })).json() as { activeProjects: number };
    const before = (await stats()).activeProjects;
    await t.createProject({ name: "Mill Lane", status: "active" });
    expect((await stats()).activeProjects).toBe(before + 1);
  });
});
