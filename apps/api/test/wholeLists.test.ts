import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamSlots, WHOLE_LIST_STREAMS } from "../src/lists.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

// Whole lists over REST are streamed in keyset chunks of CHUNK_ROWS rows (issues #10, #16, lists.ts).
// The streamed answer must be exactly the list a page-by-page read gives: same rows, same order,
// same permissions, valid JSON across chunk boundaries.

let t: TestApp;
let admin: TestUser;
let worker: TestUser;
let unassigned: TestUser;
let siteA: number;
let siteB: number;
const FORMS_A = 1_203; // crosses several chunk boundaries, and the last chunk is partial
const FORMS_B = 7;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  worker = await t.createUser({ role: "worker" });
  unassigned = await t.createUser({ role: "worker" });
  siteA = await t.createProject({ name: "Site A" });
  siteB = await t.createProject({ name: "Site B" });
  await t.assign(worker.workerId as number, siteB);
  const form = (projectId: number, i: number) => ({
    projectId,
    title: `Form ${projectId}-${i} "quoted" \\ ünïcode`,
    jobDescription: "Rigging steel",
    hazards: JSON.stringify([{ description: "Falls", riskLevel: "high" }]),
    controlMeasures: JSON.stringify([{ description: "Harness", responsibility: "Lead" }]),
    submittedBy: worker.workerId,
    // Ties on purpose: the order falls back to id, and must be the same streamed or paged.
    submittedAt: new Date(Date.UTC(2026, 0, 1 + (i % 40))),
  });
  const rows = [...Array.from({ length: FORMS_A }, (_, i) => form(siteA, i)), ...Array.from({ length: FORMS_B }, (_, i) => form(siteB, i))];
  for (let i = 0; i < rows.length; i += 500) {
    await t.db
      .insertInto("jhaForms")
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
});
afterAll(async () => {
  await t.close();
});

describe("GET a whole list over REST", () => {
  it("streams every row, in the same order as reading pages, as valid JSON", async () => {
    const whole = await t.request({ method: "GET", url: "/api/jha-forms", as: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(whole.headers["cache-control"]).toBe("no-store");
    // Streamed, not built in memory: no length known up front.
    expect(whole.headers["transfer-encoding"]).toBe("chunked");
    expect(whole.headers["content-length"]).toBeUndefined();
    const streamed = whole.json();
    expect(streamed).toHaveLength(FORMS_A + FORMS_B);

    const paged: unknown[] = [];
    for (let offset = 0; offset < FORMS_A + FORMS_B; offset += 400) {
      const page = await t.request({ method: "GET", url: `/api/jha-forms?limit=400&offset=${offset}`, as: admin });
      expect(page.statusCode).toBe(200);
      expect(page.headers["transfer-encoding"]).toBeUndefined();
      paged.push(...page.json());
    }
    expect(streamed).toEqual(paged);
    expect(streamed[0]).toMatchObject({
      title: expect.stringContaining('"quoted" \\ ünïcode'),
      projectName: expect.any(String),
      hazards: [{ description: "Falls", riskLevel: "high" }],
    });
  });

  it("applies the caller's permissions: a worker gets their assigned projects' rows only", async () => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms", as: worker });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { projectId: number }[];
    expect(rows).toHaveLength(FORMS_B);
    expect(new Set(rows.map((r) => r.projectId))).toEqual(new Set([siteB]));
  });

  it("answers [] for a worker with no assignments, and filters as a page would", async () => {
    const none = await t.request({ method: "GET", url: "/api/jha-forms", as: unassigned });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
    const filtered = await t.request({ method: "GET", url: `/api/jha-forms?projectId=${siteB}`, as: admin });
    expect(filtered.json()).toHaveLength(FORMS_B);
  });

  it("keeps refusing what it refused before streaming existed", async () => {
    expect((await t.request({ method: "GET", url: "/api/jha-forms" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/jha-forms?projectId=${siteA}`, as: worker })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/users", as: worker })).statusCode).toBe(403);
    const bad = await t.request({ method: "GET", url: "/api/jha-forms?limit=abc", as: admin });
    expect(bad.statusCode).toBe(400);
  });

  it("serves more simultaneous whole lists than it streams at once, then everything else", async () => {
    const many = await Promise.all(
      Array.from({ length: WHOLE_LIST_STREAMS * 2 + 1 }, () => t.request({ method: "GET", url: "/api/jha-forms", as: admin })),
    );
    for (const res of many) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(FORMS_A + FORMS_B);
    }
    // Every stream gave its connection back.
    expect((await t.request({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/jha-forms?limit=1", as: admin })).json()).toHaveLength(1);
  });

  it("streams the other whole lists the product's clients read", async () => {
    for (const url of [
      "/api/incident-reports",
      "/api/hot-work-permits",
      "/api/safety-comments",
      "/api/workers",
      "/api/managers",
      "/api/users",
    ]) {
      const res = await t.request({ method: "GET", url, as: admin });
      expect(res.statusCode, url).toBe(200);
      expect(Array.isArray(res.json()), url).toBe(true);
    }
    const users = (await t.request({ method: "GET", url: "/api/users", as: admin })).json() as { id: number }[];
    expect(users.map((u) => u.id).sort()).toEqual([admin.id, worker.id, unassigned.id].sort());
  });
});

describe("StreamSlots", () => {
  it("admits `size` at once and the next waiter when one is released, once", async () => {
    const slots = new StreamSlots(1);
    const first = await slots.acquire();
    let secondIn = false;
    const second = slots.acquire().then((release) => {
      secondIn = true;
      return release;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(secondIn).toBe(false);
    first();
    first(); // a second release of the same slot frees nothing more
    const releaseSecond = await second;
    expect(secondIn).toBe(true);
    let thirdIn = false;
    void slots.acquire().then(() => {
      thirdIn = true;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(thirdIn).toBe(false);
    releaseSecond();
    await new Promise((r) => setTimeout(r, 0));
    expect(thirdIn).toBe(true);
  });
});
