import { jha } from "@sitesafe/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWERS_BUSY,
  AnswerBudget,
  LIST_ANSWER_MAX_BYTES,
  LIST_TOO_LARGE,
  REQUEST_ANSWER_MAX_BYTES,
  REQUEST_TOO_LARGE,
} from "../src/answerBudget.js";
import { STREAMS_BUSY, StreamSlots, WHOLE_LIST_STREAMS, WHOLE_LIST_STREAMS_PER_USER } from "../src/lists.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";
import { maximumJhaForm } from "./maximumForms.js";

// Issue #30, H2: answers being built and sent were not bounded. One tRPC batch of 20 pages of
// maximum-size JHA forms, or 20 REST pages of 100 that nobody read, took the server past its heap.
// Lists are now read within a bound in bytes (the database stops sending rows there), a request's
// answers together within another, and the process's answers in flight within a budget
// (src/answerBudget.ts). The attack against the built server is in requestAttack.test.ts.

const FORMS = 45;

describe("answers are bounded in bytes (H2)", { timeout: 300_000 }, () => {
  let t: TestApp;
  let worker: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await t.createUser({ role: "worker" });
    const site = await t.createProject({ name: "Harbor Tower" });
    await t.assign(worker.workerId as number, site);
    for (let i = 0; i < FORMS; i++) await jha.insertJhaForm(t.db, { ...maximumJhaForm(site, i), submittedBy: worker.workerId as number });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a REST page over 4 MB is refused with 413 and the product's message; a smaller page is served", async () => {
    const over = await t.request({ method: "GET", url: "/api/jha-forms?limit=100", as: worker });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: LIST_TOO_LARGE });
    const page = await t.request({ method: "GET", url: "/api/jha-forms?limit=20", as: worker });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(20);
  });

  it("a tRPC batch of pages is bounded in bytes together: past 8 MB the rest are 413, and the answer stays under the bound", async () => {
    const calls = 6;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [String(i), { json: { limit: 24, offset: 0, search: `q${i}` } }]),
    );
    const res = await t.request({
      method: "GET",
      url: `/trpc/${Array(calls).fill("jha.page").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      as: worker,
    });
    expect(res.body.length).toBeLessThan(REQUEST_ANSWER_MAX_BYTES + LIST_ANSWER_MAX_BYTES);
    const answers = res.json() as {
      result?: { data: { json: { items: unknown[] } } };
      error?: { json: { message: string; data: { httpStatus: number } } };
    }[];
    const served = answers.filter((a) => a.result);
    const refused = answers.filter((a) => a.error);
    expect(served.length).toBeGreaterThanOrEqual(2);
    for (const a of served) expect(a.result?.data.json.items).toHaveLength(24);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of refused) {
      expect(a.error?.json.message).toBe(REQUEST_TOO_LARGE);
      expect(a.error?.json.data.httpStatus).toBe(413);
    }
  });

  it("a tRPC list without a limit over 4 MB is refused with 413", async () => {
    const res = await t.request({ method: "GET", url: "/trpc/jha.list", as: worker });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.json.message).toBe(LIST_TOO_LARGE);
  });

  it("more than 10 calls in one batch are refused with 400 before any is run", async () => {
    const paths = Array(11).fill("jha.page").join(",");
    const res = await t.request({ method: "GET", url: `/trpc/${paths}?batch=1&input=%7B%7D`, as: worker });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "At most 10 calls can be sent in one batch" });
  });

  it("the whole list, streamed in chunks cut by bytes, still carries every form once and in order", async () => {
    const res = await t.request({ method: "GET", url: "/api/jha-forms", as: worker });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((f) => f.id);
    expect(ids).toHaveLength(FORMS);
    expect(new Set(ids).size).toBe(FORMS);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });
});

describe("the process's budget for answers in flight (H2)", () => {
  it("admits within its capacity and per owner, lets other owners pass a full one, and frees room as answers shrink and finish", async () => {
    const budget = new AnswerBudget(100, 60);
    const a1 = await budget.take("a", 50);
    const waiting = budget.take("a", 20, 60_000);
    const b1 = await budget.take("b", 40);
    expect(budget.inUse).toBe(90);
    a1.shrink(10);
    const a2 = await waiting;
    expect(budget.inUse).toBe(70);
    a2.release();
    b1.release();
    a1.release();
    expect(budget.inUse).toBe(0);
  });

  it("a share that finds no room within its wait is refused with 503 and the product's message", async () => {
    const budget = new AnswerBudget(100, 100);
    await budget.take("a", 100);
    await expect(budget.take("b", 10, 5)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: ANSWERS_BUSY });
  });
});

describe("whole-list stream slots (L2)", () => {
  it("eight owners with two stalled streams each fill the process's 16 slots: a ninth owner's stream waits, then gets 503 with a message", async () => {
    const slots = new StreamSlots(WHOLE_LIST_STREAMS, WHOLE_LIST_STREAMS_PER_USER);
    const held = [];
    for (let owner = 0; owner < 8; owner++) for (let i = 0; i < 2; i++) held.push(await slots.acquire(`user:${owner}`));
    await expect(slots.acquire("user:9", 5)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", message: STREAMS_BUSY });
    // An owner's third stream waits for its own, even with room in the process.
    held.pop()?.();
    await expect(slots.acquire("user:0", 5)).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    const ninth = await slots.acquire("user:9", 5);
    ninth();
    for (const release of held) release();
  });
});
