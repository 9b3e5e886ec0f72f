import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../src/index.js";
import { projectComplianceOf, projectComplianceQuery, workerComplianceOf, workerComplianceQuery } from "../src/queries/compliance.js";
import { createTestDb } from "../src/testing.js";

// workers.training_points is kept by statement-level triggers (migration 0004) and the lists read
// compliance from it. Here every kind of write to worker_trainings is thrown at it, and after each
// one the kept points must equal a recount, and the per-row compliance (workerComplianceOf,
// projectComplianceOf) must equal the company-wide queries that still aggregate the rows.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/** A small deterministic PRNG, so a failure replays. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function expectConsistent() {
  const db = handle.db;
  const drift = await sql<{ id: number; kept: number; counted: number }>`
    select w.id, w.training_points as kept, coalesce(sum(case wt.status when 'completed' then 100 when 'in_progress' then wt.progress else 0 end), 0)::int as counted
    from workers w left join worker_trainings wt on wt.worker_id = w.id
    group by w.id having w.training_points <> coalesce(sum(case wt.status when 'completed' then 100 when 'in_progress' then wt.progress else 0 end), 0)`.execute(db);
  expect(drift.rows).toEqual([]);

  const company = await workerComplianceQuery(db).execute();
  const perRow = await db
    .selectFrom("workers as w")
    .innerJoinLateral(workerComplianceOf(db, "w.id").as("wc"), (j) => j.onTrue())
    .select(["w.id as workerId", "wc.compliance"])
    .execute();
  const byId = (rows: { workerId: number; compliance: number }[]) => Object.fromEntries(rows.map((r) => [r.workerId, Number(r.compliance)]));
  expect(byId(perRow)).toEqual(byId(company));

  const projectsAll = await projectComplianceQuery(db).execute();
  const projectsPerRow = await db
    .selectFrom("projects as p")
    .innerJoinLateral(projectComplianceOf(db, "p.id").as("pc"), (j) => j.onTrue())
    .select(["p.id as projectId", "pc.workerCount", "pc.compliancePercentage"])
    .execute();
  const norm = (rows: { projectId: number; workerCount: number; compliancePercentage: number }[]) =>
    Object.fromEntries(rows.map((r) => [r.projectId, [Number(r.workerCount), Number(r.compliancePercentage)]]));
  expect(norm(projectsPerRow)).toEqual(norm(projectsAll));
}

describe("workers.training_points", () => {
  it("stays equal to a recount through inserts, updates, deletes and module deletions", async () => {
    const db = handle.db;
    const rand = prng(20261123);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
    const moduleIds = (await db.selectFrom("trainingModules").select("id").execute()).map((m) => m.id);
    const workerIds: number[] = [];
    for (let i = 0; i < 12; i++) {
      const w = await db
        .insertInto("workers")
        .values({ firstName: "W", lastName: String(i), email: `tp${i}@example.com`, role: "Carpenter" })
        .returning("id")
        .executeTakeFirstOrThrow();
      workerIds.push(w.id);
    }
    const projectIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await db
        .insertInto("projects")
        .values({ name: `TP ${i}`, location: "Here", status: "active", startDate: "2026-01-01", emergencyContactInfo: JSON.stringify({}) })
        .returning("id")
        .executeTakeFirstOrThrow();
      projectIds.push(p.id);
      for (const workerId of workerIds.filter((_, k) => k % 3 === i || k === 0)) {
        await db.insertInto("projectWorkers").values({ projectId: p.id, workerId }).execute();
      }
    }
    await expectConsistent();

    // A multi-row insert, as the seed and imports do.
    const rows = workerIds.flatMap((workerId) =>
      moduleIds.filter(() => rand() < 0.6).map((moduleId) => {
        const status = pick(["not_started", "in_progress", "completed"] as const);
        return { workerId, moduleId, status, progress: status === "completed" ? 100 : status === "in_progress" ? Math.floor(rand() * 99) + 1 : 0 };
      }),
    );
    await db.insertInto("workerTrainings").values(rows).execute();
    await expectConsistent();

    for (let step = 0; step < 40; step++) {
      const kind = pick(["progress", "complete", "reset", "delete", "bulk", "move"] as const);
      const existing = await db.selectFrom("workerTrainings").select(["id", "workerId", "moduleId"]).execute();
      const row = pick(existing);
      if (!row) break;
      if (kind === "progress") await db.updateTable("workerTrainings").set({ status: "in_progress", progress: Math.floor(rand() * 99) + 1 }).where("id", "=", row.id).execute();
      if (kind === "complete") await db.updateTable("workerTrainings").set({ status: "completed", progress: 100 }).where("id", "=", row.id).execute();
      if (kind === "reset") await db.updateTable("workerTrainings").set({ status: "not_started", progress: 0 }).where("workerId", "=", row.workerId).execute();
      if (kind === "delete") await db.deleteFrom("workerTrainings").where("id", "=", row.id).execute();
      if (kind === "bulk") await db.updateTable("workerTrainings").set({ progress: 50 }).where("status", "=", "in_progress").execute();
      if (kind === "move") {
        // A row handed to another worker (no code path does this, but the column allows it).
        const target = pick(workerIds);
        const clash = existing.some((e) => e.workerId === target && e.moduleId === row.moduleId);
        if (!clash) await db.updateTable("workerTrainings").set({ workerId: target }).where("id", "=", row.id).execute();
      }
      await expectConsistent();
    }

    // Deleting a module cascades to its training rows; compliance divides by one module fewer.
    await db.deleteFrom("trainingModules").where("id", "=", pick(moduleIds)).execute();
    await expectConsistent();
    // A rolled-back write leaves no trace in the points.
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("workerTrainings").set({ status: "completed", progress: 100 }).execute();
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await expectConsistent();
    // Every module gone: 100% for everyone, as the spec says.
    await db.deleteFrom("trainingModules").execute();
    await expectConsistent();
    const points = await db.selectFrom("workers").select("trainingPoints").where("id", "in", workerIds).execute();
    expect(points.every((p) => p.trainingPoints === 0)).toBe(true);
  });
});
