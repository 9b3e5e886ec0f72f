import type { DbHandle } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import { answerList, WholeListOutlet } from "../src/lists.js";
import { type AnswerKey, AnswerMemory, MAX_ROWS } from "../src/readMemory/answers.js";
import { MemoryStore } from "../src/readMemory/store.js";
import { buildServer } from "../src/server.js";
import { ORIGIN, testConfig } from "./helpers.js";

// Answers to reads are reused while the database's data version is unchanged (issues #10, #16,
// src/answerMemory.ts, docs/decisions/0007-answer-memory.md, 0105-bounded-memory.md). What matters: a change made through
// this server, through another instance or straight in the database shows on the next read; one
// person's answer never reaches another; a refused read is never remembered; the bytes sent are
// the same as without the memory; and a repeated read really skips the work.

describe("AnswerMemory", () => {
  const key = (over: Partial<AnswerKey> = {}): AnswerKey => ({
    userId: 1,
    rest: true,
    path: "jha.page",
    input: { limit: 50, offset: 0 },
    ...over,
  });
  function counted<T>(value: () => T) {
    const calls = { n: 0 };
    const compute = async () => {
      calls.n++;
      return value();
    };
    return { calls, compute };
  }

  it("reuses an answer while the version is the same, and computes again when it moves", async () => {
    const memory = new AnswerMemory(10_000, new MemoryStore());
    const { calls, compute } = counted(() => ({ items: [1, 2], total: 2 }));
    const first = await memory.answer(async () => "10:10:", key(), compute);
    expect(await memory.answer(async () => "10:10:", key(), compute)).toBe(first);
    expect(calls.n).toBe(1);
    await memory.answer(async () => "10:11:", key(), compute);
    expect(calls.n).toBe(2);
  });

  it("keeps people, protocols, procedures and inputs apart", async () => {
    const memory = new AnswerMemory(10_000, new MemoryStore());
    const { calls, compute } = counted(() => ({ id: 1 }));
    const version = async () => "1:1:";
    for (const k of [
      key(),
      key({ userId: 2 }),
      key({ rest: false }),
      key({ path: "incidents.page" }),
      key({ input: { limit: 50, offset: 50 } }),
    ]) {
      await memory.answer(version, k, compute);
    }
    expect(calls.n).toBe(5);
    await memory.answer(version, key({ userId: 2 }), compute);
    expect(calls.n).toBe(5);
  });

  it("reuses an answer for at most its lifetime, for answers that follow the clock", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const memory = new AnswerMemory(1_000, new MemoryStore());
      const { calls, compute } = counted(() => ({ upcoming: [] }));
      const version = async () => "1:1:";
      await memory.answer(version, key(), compute);
      vi.setSystemTime(Date.now() + 999);
      await memory.answer(version, key(), compute);
      expect(calls.n).toBe(1);
      vi.setSystemTime(Date.now() + 2);
      await memory.answer(version, key(), compute);
      expect(calls.n).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("runs one computation for tRPC requests that miss at the same moment; REST requests each run their own (a whole list belongs to the request that asked)", async () => {
    const memory = new AnswerMemory(10_000, new MemoryStore());
    const { calls, compute } = counted(() => ({ id: 7 }));
    const answers = await Promise.all(Array.from({ length: 5 }, () => memory.answer(async () => "1", key({ rest: false }), compute)));
    expect(calls.n).toBe(1);
    expect(new Set(answers).size).toBe(1);
    const rest = counted(() => ({ id: 8 }));
    await Promise.all(Array.from({ length: 3 }, () => memory.answer(async () => "1", key({ rest: true }), rest.compute)));
    expect(rest.calls.n).toBe(3);
    await memory.answer(async () => "1", key({ rest: true }), rest.compute);
    expect(rest.calls.n).toBe(3);
  });

  it("never remembers a refused or failed read", async () => {
    const memory = new AnswerMemory(10_000, new MemoryStore());
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error("403");
      return { id: 1 };
    };
    await expect(memory.answer(async () => "1:1:", key(), compute)).rejects.toThrow("403");
    fail = false;
    expect(await memory.answer(async () => "1:1:", key(), compute)).toEqual({ id: 1 });
  });

  it("holds only bounded answers: no page over MAX_ROWS, no answer its caller refuses (a streamed whole list), no bare values", async () => {
    const store = new MemoryStore();
    const memory = new AnswerMemory(10_000, store);
    const version = async () => "1";
    const big = counted(() => Array.from({ length: MAX_ROWS + 1 }, (_, i) => i));
    await memory.answer(version, key({ path: "big" }), big.compute);
    const page = counted(() => ({ items: Array.from({ length: MAX_ROWS + 1 }, (_, i) => i), total: 500 }));
    await memory.answer(version, key({ path: "page" }), page.compute);
    const outlet = new WholeListOutlet();
    const whole = {
      rows: async () => [],
      rowsWithin: async () => ({ rows: [], bytes: 0 }),
      chunks: async function* () {},
      count: async () => 0,
    };
    await memory.answer(
      version,
      key({ path: "whole" }),
      () => answerList({ wholeList: outlet }, whole, undefined),
      () => outlet.source === undefined,
    );
    expect(outlet.source).toBe(whole);
    const nothing = counted(() => null);
    await memory.answer(version, key({ path: "null" }), nothing.compute);
    expect(store.size).toBe(0);
    const fits = counted(() => Array.from({ length: MAX_ROWS }, (_, i) => i));
    await memory.answer(version, key({ path: "fits" }), fits.compute);
    expect(store.size).toBe(1);
  });

  it("never keeps an answer over the per-entry cap, and keeps the total under the budget, least recently used going first", async () => {
    // 1 MB budget: a 64 KB cap per entry. Each answer below is about 20 KB.
    const store = new MemoryStore(1024 * 1024);
    const memory = new AnswerMemory(10_000, store);
    const version = async () => "1";
    const huge = counted(() => ({ text: "x".repeat(40_000) }));
    await memory.answer(version, key({ path: "huge" }), huge.compute);
    await memory.answer(version, key({ path: "huge" }), huge.compute);
    expect(huge.calls.n).toBe(2);
    expect(store.size).toBe(0);
    const { calls, compute } = counted(() => ({ text: "y".repeat(10_000) }));
    for (let i = 0; i < 100; i++) await memory.answer(version, key({ path: `p${i}` }), compute);
    expect(calls.n).toBe(100);
    expect(store.bytes).toBeLessThanOrEqual(store.budgetBytes);
    expect(store.size).toBeGreaterThan(20);
    expect(store.size).toBeLessThan(100);
    // The most recent are held, the first ones went.
    await memory.answer(version, key({ path: "p99" }), compute);
    expect(calls.n).toBe(100);
    await memory.answer(version, key({ path: "p0" }), compute);
    expect(calls.n).toBe(101);
  });

  it("charges an answer's version text to the budget: a small answer under a version past the per-entry cap is not kept", async () => {
    // 1 MB budget: a 64 KB cap per entry. The answer is tiny; its version (a counter per table it
    // reads) is what is large.
    const store = new MemoryStore(1024 * 1024);
    const memory = new AnswerMemory(10_000, store);
    const { calls, compute } = counted(() => ({ ok: true }));
    const long = async () => "t".repeat(40_000);
    await memory.answer(long, key({ path: "long" }), compute);
    await memory.answer(long, key({ path: "long" }), compute);
    expect(calls.n).toBe(2);
    expect(store.size).toBe(0);
    const short = "jha_forms:1,users:2";
    await memory.answer(async () => short, key({ path: "short" }), compute);
    expect(store.size).toBe(1);
    // What the store holds counts the version's two bytes a character.
    expect(store.bytes).toBeGreaterThan(short.length * 2);
    const before = store.bytes;
    await memory.answer(async () => short.repeat(100), key({ path: "longer" }), compute);
    expect(store.bytes - before).toBeGreaterThan(short.length * 100 * 2);
  });

  it("makes a held answer's JSON once, and none for answers it does not hold", async () => {
    const memory = new AnswerMemory(10_000, new MemoryStore());
    const answer = await memory.answer(
      async () => "1:1:",
      key(),
      async () => ({ at: new Date("2026-11-23T10:00:00Z"), n: 1 }),
    );
    const json = memory.json(answer);
    expect(json).toBe('{"at":"2026-11-23T10:00:00.000Z","n":1}');
    expect(memory.json(answer)).toBe(json);
    expect(memory.json({ at: 1 })).toBeUndefined();
    expect(memory.json(null)).toBeUndefined();
  });

  it("turned off, computes every read and never asks for a version", async () => {
    const memory = new AnswerMemory(0, new MemoryStore());
    const version = vi.fn(async () => "1:1:");
    const { calls, compute } = counted(() => ({}));
    await memory.answer(version, key(), compute);
    await memory.answer(version, key(), compute);
    expect(calls.n).toBe(2);
    expect(version).not.toHaveBeenCalled();
  });
});

/**
 * Another database of the same PostgreSQL server, written in a loop until stopped: what another
 * application or another test file does beside this one. Returns once a few hundred commits went in.
 */
async function writeElsewhereContinuously(): Promise<{ stop: () => Promise<void>; commits: () => number }> {
  const other = await createTestDb();
  let running = true;
  let commits = 0;
  const loop = (async () => {
    while (running) {
      await other.db
        .insertInto("projects")
        .values({ name: `Elsewhere ${commits}`, location: "Other", startDate: "2026-01-01", emergencyContactInfo: "{}" })
        .execute();
      commits++;
    }
  })();
  while (commits < 50) await new Promise((r) => setTimeout(r, 10));
  return {
    commits: () => commits,
    stop: async () => {
      running = false;
      await loop;
      await other.close();
    },
  };
}

let otherWriter: Awaited<ReturnType<typeof writeElsewhereContinuously>> | undefined;

describe("remembered answers through the server", () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let noMemory: FastifyInstance;
  const queries = { n: 0 };
  let admin: string;
  let worker: string;
  let workerId: number;
  let projectA: number;
  let projectB: number;
  let formOnB: number;

  async function insertForm(projectId: number, title: string): Promise<number> {
    const row = await handle.db
      .insertInto("jhaForms")
      .values({
        projectId,
        title,
        jobDescription: "Formwork",
        hazards: JSON.stringify([]),
        controlMeasures: JSON.stringify([]),
        submittedBy: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    handle = await createTestDb({
      log: (event) => {
        if (event.level === "query" || event.level === "error") queries.n++;
      },
    });
    const db = handle.db;
    const users = await db
      .insertInto("users")
      .values([
        { username: "am_admin", email: "am_admin@example.com", passwordHash: "unused", role: "admin", firstName: "Ada", lastName: "Admin" },
        {
          username: "am_worker",
          email: "am_worker@example.com",
          passwordHash: "unused",
          role: "worker",
          firstName: "Wes",
          lastName: "Worker",
        },
      ])
      .returning("id")
      .execute();
    const [adminUser, workerUser] = users.map((u) => u.id) as [number, number];
    workerId = (
      await db
        .insertInto("workers")
        .values({
          userId: workerUser,
          firstName: "Wes",
          lastName: "Worker",
          email: "am_worker@example.com",
          phone: "5551234567",
          role: "Carpenter",
          company: "Acme",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const projects = await db
      .insertInto("projects")
      .values(
        ["Harbor Tower", "Quarry Road"].map((name) => ({
          name,
          location: "Springfield",
          status: "active" as const,
          startDate: "2026-01-05",
          emergencyContactInfo: "{}",
        })),
      )
      .returning("id")
      .execute();
    [projectA, projectB] = projects.map((p) => p.id) as [number, number];
    await db.insertInto("projectWorkers").values({ workerId, projectId: projectA }).execute();
    await insertForm(projectA, "Pour slab A");
    formOnB = await insertForm(projectB, "Crane lift B");
    admin = `session=${(await createSession(db, adminUser)).token}`;
    worker = `session=${(await createSession(db, workerUser)).token}`;
    // Session memory off: a changed assignment must show because of the answer memory's own
    // check, not hide behind the session memory's few seconds.
    app = await buildServer({ config: testConfig, dbHandle: handle, logger: false, sessionCacheMs: 0, answersCacheMs: 60_000 });
    if (handle.kind === "postgres") otherWriter = await writeElsewhereContinuously();
    noMemory = await buildServer({ config: testConfig, dbHandle: handle, logger: false, sessionCacheMs: 0, answersCacheMs: 0 });
  });
  afterAll(async () => {
    await otherWriter?.stop();
    await app.close();
    await noMemory.close();
    await handle.close();
  });

  const get = async (url: string, cookie: string, server = app) => {
    const before = queries.n;
    const res = await server.inject({ method: "GET", url, headers: { cookie } });
    return { status: res.statusCode, body: res.body, json: () => res.json() as unknown, queries: queries.n - before };
  };
  /**
   * Reads `url` again: with nothing written to this database since the last read, the answer must
   * come from the memory, the session and the data version being the only queries. Another
   * database of the same server is being written all the while (`otherWriter`, PostgreSQL): it
   * must not count (the cluster-wide snapshot made these reads miss).
   */
  async function rememberedRead(url: string, cookie: string) {
    const read = await get(url, cookie);
    if (read.queries !== 2) throw new Error(`${url} was not answered from the memory (${read.queries} queries)`);
    return read;
  }
  const titles = (body: unknown) => (body as { title: string }[]).map((f) => f.title).sort();

  it("a repeated read with nothing written in between runs only the session and data version queries, and sends the same bytes", async () => {
    const first = await get("/api/jha-forms?limit=50", admin);
    expect(first.status).toBe(200);
    expect(first.queries).toBeGreaterThan(2);
    const second = await rememberedRead("/api/jha-forms?limit=50", admin);
    expect(second.body).toBe(first.body);
    expect(second.body).toBe((await get("/api/jha-forms?limit=50", admin, noMemory)).body);
  });

  it("the screens' tRPC pages are remembered the same way", async () => {
    const url = `/trpc/jha.page?input=${encodeURIComponent(JSON.stringify({ json: { limit: 24, offset: 0 } }))}`;
    const first = await get(url, admin);
    expect(first.status).toBe(200);
    const second = await rememberedRead(url, admin);
    expect(second.body).toBe(first.body);
  });

  it("a form filed straight in the database (another instance) shows on the next read", async () => {
    await get("/api/jha-forms?limit=50", admin);
    await insertForm(projectA, "Scaffold tie-in A");
    expect(titles((await get("/api/jha-forms?limit=50", admin)).json())).toContain("Scaffold tie-in A");
  });

  it("a form filed through this server shows on the next read, with the same bytes as without the memory", async () => {
    await get("/api/jha-forms?limit=50", admin);
    const created = await app.inject({
      method: "POST",
      url: "/api/jha-forms",
      headers: { cookie: admin, origin: ORIGIN, host: "localhost:80" },
      payload: {
        projectId: projectA,
        title: "Trench shoring A",
        jobDescription: "Dig",
        hazards: [{ description: "Trench collapse", riskLevel: "high" }],
        controlMeasures: [{ description: "Trench boxes", responsibility: "Site foreman" }],
      },
    });
    expect(created.statusCode).toBe(201);
    const after = await get("/api/jha-forms?limit=50", admin);
    expect(titles(after.json())).toContain("Trench shoring A");
    expect(after.body).toBe((await get("/api/jha-forms?limit=50", admin, noMemory)).body);
  });

  it("one person's answer never reaches another: a worker asking the admin's URLs gets their own scope and their own 403", async () => {
    expect(titles((await get("/api/jha-forms?limit=50", admin)).json())).toContain("Crane lift B");
    expect((await get(`/api/jha-forms/${formOnB}`, admin)).status).toBe(200);
    const mine = await get("/api/jha-forms?limit=50", worker);
    expect(mine.status).toBe(200);
    expect(titles(mine.json())).not.toContain("Crane lift B");
    expect(titles(mine.json())).toContain("Pour slab A");
    expect((await get(`/api/jha-forms/${formOnB}`, worker)).status).toBe(403);
  });

  it("an assignment added elsewhere opens the project on the next read: a refusal is never remembered", async () => {
    expect((await get(`/api/jha-forms/${formOnB}`, worker)).status).toBe(403);
    await handle.db.insertInto("projectWorkers").values({ workerId, projectId: projectB }).execute();
    expect((await get(`/api/jha-forms/${formOnB}`, worker)).status).toBe(200);
    expect(titles((await get("/api/jha-forms?limit=50", worker)).json())).toContain("Crane lift B");
  });

  it("an assignment removed elsewhere closes the project on the next read", async () => {
    expect((await get(`/api/jha-forms/${formOnB}`, worker)).status).toBe(200);
    const mine = await get("/api/jha-forms?limit=50", worker);
    expect(titles(mine.json())).toContain("Crane lift B");
    await handle.db.deleteFrom("projectWorkers").where("workerId", "=", workerId).where("projectId", "=", projectB).execute();
    expect((await get(`/api/jha-forms/${formOnB}`, worker)).status).toBe(403);
    expect(titles((await get("/api/jha-forms?limit=50", worker)).json())).not.toContain("Crane lift B");
  });

  it("a whole list is still streamed whole, read from the database each time, with the memory on", async () => {
    const first = await get("/api/jha-forms", admin);
    const second = await get("/api/jha-forms", admin);
    expect(second.status).toBe(200);
    expect(second.body).toBe((await get("/api/jha-forms", admin, noMemory)).body);
    expect(titles(second.json())).toEqual(titles(first.json()));
    expect((second.json() as unknown[]).length).toBeGreaterThan(2);
    // Session, data version, then one query per chunk: never a remembered answer.
    expect(second.queries).toBe(first.queries);
    expect(second.queries).toBeGreaterThan(2);
  });

  it("the staff dashboard's company-wide figures, shared by every admin and manager, count a project added elsewhere on the next read", async () => {
    const before = (await get("/api/dashboard/stats", admin)).json() as { activeProjects: number };
    await get("/api/dashboard/stats", admin);
    await handle.db
      .insertInto("projects")
      .values({ name: "Pier 9", location: "Harbor", status: "active", startDate: "2026-02-01", emergencyContactInfo: "{}" })
      .execute();
    const after = (await get("/api/dashboard/stats", admin)).json() as { activeProjects: number };
    expect(after.activeProjects).toBe(before.activeProjects + 1);
  });

  it("(PostgreSQL) the other database was written all along: it kept committing beside these tests", () => {
    if (handle.kind === "postgres") expect(otherWriter?.commits()).toBeGreaterThan(50);
  });

  it("dashboard panels are remembered per person and answer the same bytes as without the memory", async () => {
    // (dashboard/upcoming is remembered too, but its training items are due "now": their time is
    // when the answer was made, up to the memory's lifetime ago, so its bytes differ by design.)
    for (const [url, cookie] of [
      ["/api/dashboard/stats", admin],
      ["/api/dashboard/stats", worker],
      ["/api/dashboard/recent-incidents", worker],
      ["/api/dashboard/training-completion", admin],
      [`/api/projects/${projectA}/workers`, admin],
    ] as const) {
      const first = await get(url, cookie);
      expect(first.status).toBe(200);
      const second = await rememberedRead(url, cookie);
      expect(second.body).toBe((await get(url, cookie, noMemory)).body);
    }
  });
});
