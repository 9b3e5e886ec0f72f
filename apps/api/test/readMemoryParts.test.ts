import { type DbHandle, dataVersions } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import { partedScopes } from "../src/readMemory/tables.js";
import { buildServer } from "../src/server.js";
import { ORIGIN, testConfig } from "./helpers.js";

// Every answer that is versioned on part of a table (a `Part` of src/readMemory/tables.ts,
// docs/decisions/0114-part-counters.md) claims that rows outside the reader's keys cannot change
// it. This test checks the claim for each one against the database itself: after writes outside a
// worker's projects, messages and form, each remembered answer must still be exactly what a server
// with no memory computes. A `Part` whose function does not match the read's filter (an answer
// that also shows other projects' rows) fails here. Staff, who read every row, must see the writes.

const BUCKETS = dataVersions.PART_BUCKETS;

/** Rows as another instance would write them, with the columns the tables require. */
const row = {
  form: (projectId: number, title: string, submittedBy: number | null = null) => ({
    projectId,
    title,
    hazards: "[]",
    controlMeasures: "[]",
    submittedBy,
  }),
  report: (projectId: number, title: string, severity: "minor" | "severe") => ({
    projectId,
    title,
    severity,
    involvedWorkers: "[]",
    reportedBy: null,
    actionTaken: null,
    preventiveMeasures: null,
  }),
  permit: (projectId: number, title: string) => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    return {
      projectId,
      title,
      location: "Yard",
      workDescription: "Weld the gate",
      startDate: tomorrow,
      endDate: tomorrow,
      precautions: "[]",
      equipmentUsed: "[]",
    };
  },
};

describe("answers read in parts", () => {
  let handle: DbHandle;
  let on: FastifyInstance;
  let off: FastifyInstance;
  const queries = { n: 0 };
  let worker: string;
  let admin: string;
  let ids: { mine: number; away: number; form: number; otherForm: number; message: number; otherUser: number };

  beforeAll(async () => {
    handle = await createTestDb({
      log: (event) => {
        if (event.level === "query" || event.level === "error") queries.n++;
      },
    });
    const db = handle.db;
    const [adminUser, workerUser, otherUser] = (
      await db
        .insertInto("users")
        .values(
          (["admin", "worker", "worker"] as const).map((role, n) => ({
            username: `parts_${n}`,
            email: `parts_${n}@example.com`,
            passwordHash: "unused",
            role,
            firstName: "Pat",
            lastName: `Parts${n}`,
          })),
        )
        .returning("id")
        .execute()
    ).map((u) => u.id) as [number, number, number];
    const workerId = (
      await db
        .insertInto("workers")
        .values({
          userId: workerUser,
          firstName: "Pat",
          lastName: "Parts1",
          email: "parts_1@example.com",
          phone: "5550001",
          role: "Welder",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const [mine, away] = (
      await db
        .insertInto("projects")
        .values([
          { name: "Mine", location: "Lot 1", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" },
          { name: "Away", location: "Lot 2", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" },
        ])
        .returning("id")
        .execute()
    ).map((p) => p.id) as [number, number];
    await db.insertInto("projectWorkers").values({ workerId, projectId: mine }).execute();
    const [form, otherForm] = (
      await db
        .insertInto("jhaForms")
        .values([row.form(mine, "Roof edge", workerId), row.form(mine, "Trenching", workerId)])
        .returning("id")
        .execute()
    ).map((f) => f.id) as [number, number];
    const message = (
      await db
        .insertInto("safetyComments")
        .values({ userId: workerUser, title: "Loose railing", content: "East stair", projectId: mine })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    ids = { mine, away, form, otherForm, message, otherUser };
    // The writes below are outside the worker's keys only if their buckets differ.
    expect(mine % BUCKETS).not.toBe(away % BUCKETS);
    expect(form % BUCKETS).not.toBe(otherForm % BUCKETS);
    expect(workerUser % BUCKETS).not.toBe(otherUser % BUCKETS);
    worker = `session=${(await createSession(db, workerUser)).token}`;
    admin = `session=${(await createSession(db, adminUser)).token}`;
    // The session memory off, so a remembered answer is a request of two queries (session, counters).
    on = await buildServer({ config: testConfig, dbHandle: handle, logger: false, sessionCacheMs: 0, answersCacheMs: 60_000 });
    off = await buildServer({ config: { ...testConfig, readMemory: false }, dbHandle: handle, logger: false });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
    await handle.close();
  });

  const trpc = (path: string, input?: unknown) =>
    `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`;
  /** One request per parted scope (every one of them: checked below). */
  const reads = () => ({
    "answer:comments.list": trpc("comments.list", { limit: 50 }),
    "answer:comments.page": trpc("comments.page", { limit: 24, offset: 0 }),
    "answer:comments.byId": trpc("comments.byId", { id: ids.message }),
    "answer:dashboard.stats:incidents": trpc("dashboard.stats"),
    "answer:dashboard.upcoming": trpc("dashboard.upcoming"),
    "answer:dashboard.recentIncidents": trpc("dashboard.recentIncidents"),
    "answer:incidents.list": trpc("incidents.list", { limit: 50 }),
    "answer:incidents.page": trpc("incidents.page", { limit: 24, offset: 0 }),
    "answer:jha.list": trpc("jha.list", { limit: 50 }),
    "answer:jha.page": trpc("jha.page", { limit: 24, offset: 0 }),
    "answer:jha.comments": trpc("jha.comments", { id: ids.form }),
    "answer:permits.list": trpc("permits.list", { limit: 50 }),
    "answer:permits.page": trpc("permits.page", { limit: 24, offset: 0 }),
  });
  const get = async (server: FastifyInstance, url: string, cookie: string) => {
    const before = queries.n;
    const res = await server.inject({ method: "GET", url, headers: { cookie, origin: ORIGIN, host: "localhost:80" } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return { body: res.body, queries: queries.n - before };
  };
  /**
   * The answer as compared: training items coming due are dated "now" when computed (they are due
   * already), so their time is the one thing two computations may differ in.
   */
  const comparable = (body: string) =>
    JSON.stringify(JSON.parse(body), function (this: { type?: unknown }, key: string, value: unknown) {
      return key === "datetime" && this.type === "training" ? undefined : value;
    });

  it("covers every parted scope", () => {
    expect(Object.keys(reads()).sort()).toEqual(partedScopes().sort());
  });

  it("writes outside a worker's projects, messages and form leave each answer remembered and exactly as computed; staff see them", async () => {
    const db = handle.db;
    for (const url of Object.values(reads())) {
      await get(on, url, worker);
      await get(on, url, admin);
    }
    // Another instance writes, outside the worker's keys: what an unfiltered read would show first.
    await db
      .insertInto("incidentReports")
      .values(row.report(ids.away, "Away spill", "severe"))
      .execute();
    await db.insertInto("jhaForms").values(row.form(ids.away, "Away crane lift")).execute();
    await db.insertInto("hotWorkPermits").values(row.permit(ids.away, "Away welding")).execute();
    await db.insertInto("safetyComments").values({ userId: ids.otherUser, title: "Not theirs", content: "Gate" }).execute();
    await db.insertInto("jhaComments").values({ jhaFormId: ids.otherForm, content: "Other form", visibility: "public" }).execute();
    await db.updateTable("incidentReports").set({ title: "Away spill (cleaned)" }).where("projectId", "=", ids.away).execute();

    for (const [scope, url] of Object.entries(reads())) {
      const remembered = await get(on, url, worker);
      expect(remembered.queries, scope).toBe(2);
      expect(comparable(remembered.body), scope).toBe(comparable((await get(off, url, worker)).body));
      // Staff read every row: their answer is read again and is what the database says.
      const staff = await get(on, url, admin);
      expect(comparable(staff.body), `${scope} (admin)`).toBe(comparable((await get(off, url, admin)).body));
    }
    const staffIncidents = await get(on, trpc("incidents.list", { limit: 50 }), admin);
    expect(staffIncidents.body).toContain("Away spill (cleaned)");
  });

  it("writes inside the worker's keys make each answer read again, as computed", async () => {
    const db = handle.db;
    await db
      .insertInto("incidentReports")
      .values(row.report(ids.mine, "Mine spill", "minor"))
      .execute();
    await db.insertInto("jhaForms").values(row.form(ids.mine, "Mine scaffold")).execute();
    await db.insertInto("hotWorkPermits").values(row.permit(ids.mine, "Mine cutting")).execute();
    await db.updateTable("safetyComments").set({ status: "in_progress" }).where("id", "=", ids.message).execute();
    await db.insertInto("jhaComments").values({ jhaFormId: ids.form, content: "This form", visibility: "public" }).execute();
    for (const [scope, url] of Object.entries(reads())) {
      const fresh = await get(on, url, worker);
      expect(fresh.queries, scope).toBeGreaterThan(2);
      expect(comparable(fresh.body), scope).toBe(comparable((await get(off, url, worker)).body));
    }
  });
});
