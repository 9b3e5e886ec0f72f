import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classifyDbError, type DbHandle, migrateToLatest } from "../src/index.js";
import { projectComplianceQuery, workerComplianceQuery } from "../src/queries/compliance.js";
import { createTestDb } from "../src/testing.js";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

describe("migrations", () => {
  it("are idempotent: a second run applies nothing", async () => {
    await expect(migrateToLatest(handle.db)).resolves.toEqual([]);
  });

  it("enforce uniqueness in the database, case-insensitively", async () => {
    await handle.db.insertInto("users").values({ username: "Casey", email: "casey@example.com", passwordHash: "x" }).execute();
    const duplicate = handle.db.insertInto("users").values({ username: "casey", email: "other@example.com", passwordHash: "x" }).execute();
    await expect(duplicate).rejects.toSatisfy((e: unknown) => classifyDbError(e)?.kind === "unique");
  });
});

describe("compliance SQL", () => {
  it("matches the product's formula on a hand-computed fixture", async () => {
    const db = handle.db;
    // Only this fixture's modules count (the seeded ones are removed from this test's database).
    await db.deleteFrom("trainingModules").execute();
    // Four modules. Worker A: 2 completed + one in progress at 50 -> (200 + 50) / 4 = 62.5 -> 63.
    // Worker B: nothing -> 0. Worker C: all four completed -> 100.
    const modules = await db
      .insertInto("trainingModules")
      .values([1, 2, 3, 4].map((n) => ({ title: `Module ${n}`, content: "{}" })))
      .returning("id")
      .execute();
    const [m1, m2, m3, m4] = modules.map((m) => m.id) as [number, number, number, number];
    const worker = async (name: string) =>
      (
        await db
          .insertInto("workers")
          .values({ firstName: name, lastName: "Test", email: `${name}@example.com`, role: "Carpenter" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const a = await worker("a");
    const b = await worker("b");
    const c = await worker("c");
    await db
      .insertInto("workerTrainings")
      .values([
        { workerId: a, moduleId: m1, status: "completed", progress: 100 },
        { workerId: a, moduleId: m2, status: "completed", progress: 100 },
        { workerId: a, moduleId: m3, status: "in_progress", progress: 50 },
        ...[m1, m2, m3, m4].map((moduleId) => ({ workerId: c, moduleId, status: "completed" as const, progress: 100 })),
      ])
      .execute();

    const rows = await workerComplianceQuery(db).execute();
    const byWorker = new Map(rows.map((r) => [r.workerId, Number(r.compliance)]));
    expect(byWorker.get(a)).toBe(63);
    expect(byWorker.get(b)).toBe(0);
    expect(byWorker.get(c)).toBe(100);

    // Project X has A and B: mean(62.5 rounded 63, 0) = 31.5 -> 32. Project Y has no workers -> 100.
    const projects = await db
      .insertInto("projects")
      .values([
        { name: "X", location: "here", startDate: "2026-01-01", emergencyContactInfo: "{}" },
        { name: "Y", location: "there", startDate: "2026-01-01", emergencyContactInfo: "{}" },
      ])
      .returning("id")
      .execute();
    const [x, y] = projects.map((p) => p.id) as [number, number];
    await db
      .insertInto("projectWorkers")
      .values([
        { projectId: x, workerId: a },
        { projectId: x, workerId: b },
      ])
      .execute();
    const stats = new Map((await projectComplianceQuery(db).execute()).map((r) => [r.projectId, r]));
    expect(Number(stats.get(x)?.compliancePercentage)).toBe(32);
    expect(Number(stats.get(x)?.workerCount)).toBe(2);
    expect(Number(stats.get(y)?.compliancePercentage)).toBe(100);
    expect(Number(stats.get(y)?.workerCount)).toBe(0);
  });

  it("reads date-only columns as the same calendar day", async () => {
    const row = await sql<{ d: string }>`select date '2026-03-01' as d`.execute(handle.db);
    expect(row.rows[0]?.d).toBe("2026-03-01");
  });
});
