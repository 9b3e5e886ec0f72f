import { audit, compliance } from "@sitesafe/db";
import { moduleContentSchema, overallTrainingPercentage } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
let otherWorker: TestUser;
let safetyManagerWorker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
  otherWorker = await t.createUser({ role: "worker" });
  safetyManagerWorker = await t.createUser({ role: "worker", position: "Safety Manager" });
});
afterAll(() => t.close());

interface ModuleBody {
  id: number;
  slug: string | null;
  title: string;
  type: string;
  duration: number;
  content: { sections: { title: string; content: string; points?: string[] }[]; quiz: unknown[]; guidelines?: unknown[] };
}

const newModule = {
  title: "Ladder Safety",
  description: "Set up and climb portable ladders safely.",
  type: "fall_protection",
  duration: 20,
  content: {
    sections: [{ title: "Set-up", content: "Use the 4-to-1 rule." }],
    quiz: [{ question: "Ratio?", options: ["4 to 1", "2 to 1"], answer: 0 }],
  },
};

async function modules(as: TestUser): Promise<ModuleBody[]> {
  const res = await t.request({ method: "GET", url: "/api/training-modules", as });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The answer key as stored (the API never sends it): the right option per question. */
async function answerKey(id: number): Promise<number[]> {
  const row = await t.db.selectFrom("trainingModules").select("content").where("id", "=", id).executeTakeFirstOrThrow();
  return moduleContentSchema.parse(row.content).quiz.map((q) => q.answer);
}

async function submitAttempt(as: TestUser, id: number, answers: (number | null)[], extra: Record<string, unknown> = {}) {
  return t.request({ method: "POST", url: `/api/workers/${as.workerId}/trainings/${id}/attempts`, payload: { answers, ...extra }, as });
}

async function moduleId(slug: string): Promise<number> {
  const found = (await modules(admin)).find((m) => m.slug === slug);
  if (!found) throw new Error(`no module ${slug}`);
  return found.id;
}

describe("seeded training modules (migration 0002)", () => {
  it("has the four built-in modules and the four static pages, with valid content", async () => {
    const list = await modules(worker);
    expect(list).toHaveLength(8);
    expect(list.map((m) => m.slug)).toEqual(
      expect.arrayContaining([
        "hard-hat-safety",
        "hazard-identification",
        "scaffolding-safety",
        "team-lift",
        "site-safety",
        "spotter-safety",
        "fall-protection",
        "hazardous-materials",
      ]),
    );
    // The stored content is valid; what the browser receives carries no answers (graded on the server).
    const stored = await t.db.selectFrom("trainingModules").select(["slug", "content"]).execute();
    for (const m of stored) {
      const parsed = moduleContentSchema.safeParse(m.content);
      expect(parsed.success, `${m.slug}: ${parsed.error?.issues[0]?.message}`).toBe(true);
    }
    for (const m of list) for (const q of m.content.quiz) expect(q).not.toHaveProperty("answer");
    const bySlug = Object.fromEntries(list.map((m) => [m.slug, m]));
    expect(bySlug["spotter-safety"]?.content.quiz).toHaveLength(3);
    expect(bySlug["fall-protection"]?.content.quiz).toHaveLength(3);
    expect(bySlug["hazardous-materials"]?.content.quiz).toHaveLength(4);
    expect(bySlug["site-safety"]?.content.quiz.length).toBeGreaterThanOrEqual(3);
  });

  it("includes the OSHA fall protection figures and hazardous materials guidelines", async () => {
    const list = await modules(worker);
    const fall = JSON.stringify(list.find((m) => m.slug === "fall-protection")?.content);
    expect(fall).toContain("6 feet");
    expect(fall).toContain("5,000 pounds");
    expect(fall).toContain("42 inches");
    const hazmat = list.find((m) => m.slug === "hazardous-materials");
    expect(hazmat?.content.guidelines?.length).toBeGreaterThanOrEqual(1);
    expect(hazmat?.content.guidelines?.[0]).toMatchObject({
      category: expect.any(String),
      oshaStandard: expect.any(String),
      keyPoints: expect.any(Array),
    });
  });
});

describe("training modules", () => {
  it("filters by type, including hazardous_materials", async () => {
    for (const type of ["hazardous_materials", "hazardous-materials"]) {
      const res = await t.request({ method: "GET", url: `/api/training-modules?type=${type}`, as: worker });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((m: ModuleBody) => m.slug)).toEqual(["hazardous-materials"]);
    }
    const bad = await t.request({ method: "GET", url: "/api/training-modules?type=welding", as: worker });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Please select a valid module type");
  });

  it("answers one module by id, 404 when missing, 400 for a bad id, 401 signed out", async () => {
    const id = await moduleId("spotter-safety");
    const one = await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: worker });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, slug: "spotter-safety", type: "spotter_safety" });
    expect((await t.request({ method: "GET", url: "/api/training-modules/99999", as: worker })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/training-modules/abc", as: worker })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/training-modules" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/training-modules/${id}` })).statusCode).toBe(401);
  });

  it("lets admins, managers and Safety Manager / Safety Administrator positions add modules; not other workers", async () => {
    for (const as of [admin, manager, safetyManagerWorker]) {
      const res = await t.request({
        method: "POST",
        url: "/api/training-modules",
        payload: { ...newModule, title: `Ladders ${as.username}` },
        as,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        type: "fall_protection",
        duration: 20,
        content: { sections: newModule.content.sections, quiz: [{ question: "Ratio?", options: ["4 to 1", "2 to 1"] }] },
      });
      expect(res.json().content.quiz[0]).not.toHaveProperty("answer");
    }
    const denied = await t.request({ method: "POST", url: "/api/training-modules", payload: newModule, as: worker });
    expect(denied.statusCode).toBe(403);
    expect((await t.request({ method: "POST", url: "/api/training-modules", payload: newModule })).statusCode).toBe(401);
  });

  it("defaults a blank duration to 30 and the type to site_safety", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/training-modules",
      payload: { ...newModule, title: "Defaults", duration: "", type: undefined },
      as: manager,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duration: 30, type: "site_safety" });
  });

  it.each([
    [{ ...newModule, content: { ...newModule.content, sections: [] } }, "At least one section is required"],
    [{ ...newModule, content: { ...newModule.content, sections: [{ title: "", content: "x" }] } }, "Section title is required"],
    [{ ...newModule, content: { ...newModule.content, sections: [{ title: "x", content: "" }] } }, "Section content is required"],
    [{ ...newModule, content: { ...newModule.content, quiz: [] } }, "At least one quiz question is required"],
    [{ ...newModule, content: { ...newModule.content, quiz: [{ question: "", options: ["a", "b"], answer: 0 }] } }, "Question is required"],
    [
      { ...newModule, content: { ...newModule.content, quiz: [{ question: "q", options: ["a", ""], answer: 0 }] } },
      "Option cannot be empty",
    ],
    [
      { ...newModule, content: { ...newModule.content, quiz: [{ question: "q", options: ["a"], answer: 0 }] } },
      "At least two options are required",
    ],
    [{ ...newModule, content: { ...newModule.content, quiz: [{ question: "q", options: ["a", "b"] }] } }, "Answer index is required"],
    [{ ...newModule, duration: 3 }, "Duration must be at least 5 minutes"],
  ])("refuses an invalid module with the product's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/training-modules", payload, as: manager });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("is also a tRPC procedure", async () => {
    const res = await t.request({ method: "GET", url: "/trpc/training.modules", as: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.json.length).toBeGreaterThanOrEqual(8);
  });
});

describe("worker training records", () => {
  const url = (w: TestUser | number, suffix = "") => `/api/workers/${typeof w === "number" ? w : w.workerId}/trainings${suffix}`;

  it("starts a module: progress 1, in_progress, lastAccessedAt set, with the module title and type", async () => {
    const id = await moduleId("hard-hat-safety");
    const res = await t.request({
      method: "POST",
      url: url(worker),
      payload: { moduleId: id, workerId: worker.workerId, progress: 1, status: "in_progress", lastAccessedAt: new Date().toISOString() },
      as: worker,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      moduleId: id,
      workerId: worker.workerId,
      progress: 1,
      status: "in_progress",
      completedAt: null,
      moduleTitle: "Hard Hat Safety",
      moduleType: "site_safety",
    });
    expect(body.lastAccessedAt).toEqual(expect.any(String));
    const history = await audit.auditHistory(t.db, "training", body.id);
    expect(history.map((h) => [h.action, h.fromState, h.toState])).toEqual([["started", "not_started", "in_progress"]]);
  });

  it("lists the worker's own records (and force-refresh gives the same); staff read anyone's", async () => {
    for (const path of ["", "/force-refresh"]) {
      for (const as of [worker, manager, admin]) {
        const res = await t.request({ method: "GET", url: url(worker, path), as });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([
          expect.objectContaining({ progress: 1, status: "in_progress", moduleTitle: "Hard Hat Safety", moduleType: "site_safety" }),
        ]);
      }
      expect((await t.request({ method: "GET", url: url(worker, path), as: otherWorker })).statusCode).toBe(403);
      expect((await t.request({ method: "GET", url: url(99999, path), as: manager })).statusCode).toBe(404);
      expect((await t.request({ method: "GET", url: url(worker, path) })).statusCode).toBe(401);
    }
  });

  it("refuses writing another worker's record, and staff writing anyone's", async () => {
    const id = await moduleId("team-lift");
    for (const as of [otherWorker, manager, admin]) {
      const post = await t.request({ method: "POST", url: url(worker), payload: { moduleId: id, progress: 50 }, as });
      expect(post.statusCode).toBe(403);
      const put = await t.request({ method: "PUT", url: url(worker, `/${id}`), payload: { progress: 50 }, as });
      expect(put.statusCode).toBe(403);
    }
    const rows = await t.db.selectFrom("workerTrainings").select("id").where("moduleId", "=", id).execute();
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for an unknown module, 400 for progress out of range", async () => {
    const missing = await t.request({ method: "POST", url: url(worker), payload: { moduleId: 99999, progress: 10 }, as: worker });
    expect(missing.statusCode).toBe(404);
    const putMissing = await t.request({ method: "PUT", url: url(worker, "/99999"), payload: { progress: 10 }, as: worker });
    expect(putMissing.statusCode).toBe(404);
    const id = await moduleId("team-lift");
    const high = await t.request({ method: "PUT", url: url(worker, `/${id}`), payload: { progress: 101 }, as: worker });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toBe("Progress must be between 0 and 100");
    const fraction = await t.request({ method: "PUT", url: url(worker, `/${id}`), payload: { progress: 10.5 }, as: worker });
    expect(fraction.statusCode).toBe(400);
  });

  it("completes at 100 (after a perfect graded attempt) with completedAt, and never lowers a completed record", async () => {
    const id = await moduleId("hard-hat-safety");
    // Completion needs a graded attempt that completes the module (docs/decisions/0107-server-graded-training.md).
    expect((await submitAttempt(worker, id, await answerKey(id))).statusCode).toBe(201);
    const done = await t.request({
      method: "PUT",
      url: url(worker, `/${id}`),
      payload: { progress: 100, status: "completed" },
      as: worker,
    });
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({ progress: 100, status: "completed" });
    expect(body.completedAt).toEqual(expect.any(String));

    const lower = await t.request({
      method: "PUT",
      url: url(worker, `/${id}`),
      payload: { progress: 40, status: "in_progress" },
      as: worker,
    });
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toMatchObject({ progress: 100, status: "completed", completedAt: body.completedAt });
    expect(new Date(lower.json().lastAccessedAt).getTime()).toBeGreaterThanOrEqual(new Date(body.lastAccessedAt).getTime());

    const again = await t.request({ method: "POST", url: url(worker), payload: { moduleId: id, progress: 10 }, as: worker });
    expect(again.json()).toMatchObject({ progress: 100, status: "completed", completedAt: body.completedAt });

    const rows = await t.db
      .selectFrom("workerTrainings")
      .select("id")
      .where("workerId", "=", worker.workerId)
      .where("moduleId", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    const history = await audit.auditHistory(t.db, "training", body.id);
    expect(history.map((h) => h.action)).toEqual(["started", "completed"]);
  });

  it("does not lose a completion under parallel updates", async () => {
    const id = await moduleId("scaffolding-safety");
    // An attempt that completes the module is on record (inserted directly, so no training record yet): 100 from the client stands.
    await t.db
      .insertInto("quizAttempts")
      .values({
        workerId: otherWorker.workerId as number,
        moduleId: id,
        answers: "[]",
        correctCount: 1,
        questionCount: 1,
        score: 100,
        passed: true,
      })
      .execute();
    const writes = [30, 100, 20, 60, 10, 90].map((progress, i) =>
      t.request({
        method: i % 2 ? "PUT" : "POST",
        url: i % 2 ? url(otherWorker, `/${id}`) : url(otherWorker),
        payload: { moduleId: id, progress },
        as: otherWorker,
      }),
    );
    const results = await Promise.all(writes);
    for (const r of results) expect([200, 201]).toContain(r.statusCode);
    const list = await t.request({ method: "GET", url: url(otherWorker), as: otherWorker });
    expect(list.json()).toEqual([
      expect.objectContaining({ moduleId: id, progress: 100, status: "completed", completedAt: expect.any(String) }),
    ]);
  });

  it("keeps the overall percentage consistent with the compliance SQL", async () => {
    const records = (await t.request({ method: "GET", url: url(worker), as: worker })).json();
    const moduleCount = (await modules(worker)).length;
    const fromDomain = overallTrainingPercentage(records, moduleCount);
    const row = await compliance
      .workerComplianceQuery(t.db)
      .where("w.id", "=", worker.workerId as number)
      .executeTakeFirstOrThrow();
    expect(Number(row.compliance)).toBe(fromDomain);
    expect(fromDomain).toBe(Math.round(100 / moduleCount));
  });

  it("lists every worker's completion for staff only", async () => {
    const res = await t.request({ method: "GET", url: "/trpc/training.workerSummaries", as: manager });
    expect(res.statusCode).toBe(200);
    const rows = res.json().result.data.json as { workerId: number; completedCount: number; compliance: number; totalModules: number }[];
    const mine = rows.find((r) => r.workerId === worker.workerId);
    expect(mine).toMatchObject({ completedCount: 1 });
    expect(mine?.totalModules).toBeGreaterThanOrEqual(8);
    expect((await t.request({ method: "GET", url: "/trpc/training.workerSummaries", as: worker })).statusCode).toBe(403);
  });
});

describe("knowledge checks graded on the server", () => {
  const url = (w: TestUser, suffix = "") => `/api/workers/${w.workerId}/trainings${suffix}`;
  const wrongOf = (key: number[]) => key.map((a) => (a === 0 ? 1 : 0));

  it("never sends the answer key: list, by id and by slug", async () => {
    const id = await moduleId("team-lift");
    const one = (await t.request({ method: "GET", url: `/api/training-modules/${id}`, as: worker })).json() as ModuleBody;
    const bySlug = (
      await t.request({
        method: "GET",
        url: `/trpc/training.moduleBySlug?input=${encodeURIComponent(JSON.stringify({ json: { slug: "fall-protection" } }))}`,
        as: worker,
      })
    ).json().result.data.json as ModuleBody;
    for (const m of [one, bySlug]) {
      expect(m.content.quiz.length).toBeGreaterThan(0);
      for (const q of m.content.quiz) expect(Object.keys(q as object).sort()).toEqual(["options", "question"]);
    }
  });

  it("refuses a tampered completion: 100 without a completing attempt is stored as 99, in progress", async () => {
    const w = await t.createUser({ role: "worker" });
    const id = await moduleId("team-lift");
    const res = await t.request({
      method: "POST",
      url: url(w),
      payload: { moduleId: id, workerId: w.workerId, progress: 100, status: "completed", completedAt: new Date().toISOString() },
      as: w,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ progress: 99, status: "in_progress", completedAt: null });
    const put = await t.request({ method: "PUT", url: url(w, `/${id}`), payload: { progress: 100, status: "completed" }, as: w });
    expect(put.json()).toMatchObject({ progress: 99, status: "in_progress" });
    // A failed attempt does not open the door either.
    const key = await answerKey(id);
    expect((await submitAttempt(w, id, wrongOf(key))).json().completes).toBe(false);
    expect((await t.request({ method: "PUT", url: url(w, `/${id}`), payload: { progress: 100 }, as: w })).json()).toMatchObject({
      progress: 99,
      status: "in_progress",
    });
  });

  it("grades a module attempt, stores answers, score and time, and sets the step progress; a perfect score completes", async () => {
    const w = await t.createUser({ role: "worker" });
    const id = await moduleId("hard-hat-safety");
    const key = await answerKey(id);
    const row = await t.db.selectFrom("trainingModules").select("content").where("id", "=", id).executeTakeFirstOrThrow();
    const sectionCount = moduleContentSchema.parse(row.content).sections.length;
    // All wrong but the first question.
    const answers = key.map((a, i) => (i === 0 ? a : a === 0 ? 1 : 0));
    const before = Date.now();
    const res = await submitAttempt(w, id, answers, { sectionsViewed: sectionCount });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const expectedScore = Math.round((1 / key.length) * 100);
    expect(body.attempt).toMatchObject({ score: expectedScore, correct: 1, total: key.length, passed: expectedScore >= 70 });
    expect(body.completes).toBe(false);
    expect(body.results).toEqual(key.map((a, i) => ({ chosen: answers[i], correctAnswer: a, isCorrect: i === 0 })));
    // (sections viewed + correct answers) / (sections + questions)
    expect(body.record).toMatchObject({
      status: "in_progress",
      progress: Math.round(((sectionCount + 1) / (sectionCount + key.length)) * 100),
    });
    const stored = await t.db
      .selectFrom("quizAttempts")
      .selectAll()
      .where("workerId", "=", w.workerId as number)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ moduleId: id, answers, correctCount: 1, questionCount: key.length, score: expectedScore });
    expect(stored[0]?.submittedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const perfect = await submitAttempt(w, id, key, { sectionsViewed: 0 });
    expect(perfect.json()).toMatchObject({
      attempt: { score: 100, passed: true },
      completes: true,
      record: { progress: 100, status: "completed" },
    });
    const history = await audit.auditHistory(t.db, "training", perfect.json().record.id);
    expect(history.map((h) => h.action)).toEqual(["started", "completed"]);
    expect(history[1]?.details).toMatchObject({ attemptId: perfect.json().attempt.id });
  });

  it("static pages: the 70% pass mark lets Mark as Complete record 100; below it stays at 99", async () => {
    const w = await t.createUser({ role: "worker" });
    const id = await moduleId("hazardous-materials");
    const key = await answerKey(id);
    expect(key).toHaveLength(4);
    // 2 of 4 = 50%: not passed; the attempt changes no progress on a static page.
    const half = await submitAttempt(
      w,
      id,
      key.map((a, i) => (i < 2 ? a : a === 0 ? 1 : 0)),
    );
    expect(half.json()).toMatchObject({ attempt: { score: 50, passed: false }, completes: false, record: null });
    expect((await t.request({ method: "PUT", url: url(w, `/${id}`), payload: { progress: 100 }, as: w })).json()).toMatchObject({
      progress: 99,
      status: "in_progress",
    });
    // 3 of 4 = 75%: passed.
    const pass = await submitAttempt(
      w,
      id,
      key.map((a, i) => (i < 3 ? a : a === 0 ? 1 : 0)),
    );
    expect(pass.json()).toMatchObject({ attempt: { score: 75, passed: true }, completes: true, record: null });
    expect((await t.request({ method: "PUT", url: url(w, `/${id}`), payload: { progress: 100 }, as: w })).json()).toMatchObject({
      progress: 100,
      status: "completed",
    });
  });

  it("rejects unanswered or impossible answers, and attempts for someone else", async () => {
    const id = await moduleId("spotter-safety");
    const key = await answerKey(id);
    const short = await submitAttempt(worker, id, key.slice(1));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Answer every question before submitting");
    const blank = await submitAttempt(
      worker,
      id,
      key.map((a, i) => (i === 0 ? null : a)),
    );
    expect(blank.statusCode).toBe(400);
    const outOfRange = await submitAttempt(
      worker,
      id,
      key.map(() => 9),
    );
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().message).toBe("Each answer must be one of the question's options");
    const notANumber = await t.request({
      method: "POST",
      url: url(worker, `/${id}/attempts`),
      payload: { answers: "all of them" },
      as: worker,
    });
    expect(notANumber.statusCode).toBe(400);
    for (const as of [otherWorker, manager, admin]) {
      expect((await t.request({ method: "POST", url: url(worker, `/${id}/attempts`), payload: { answers: key }, as })).statusCode).toBe(
        403,
      );
    }
    expect(
      (await t.request({ method: "POST", url: url(worker, "/99999/attempts"), payload: { answers: [0] }, as: worker })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: "POST", url: url(worker, `/${id}/attempts`), payload: { answers: key } })).statusCode).toBe(401);
    const stored = await t.db
      .selectFrom("quizAttempts")
      .select("id")
      .where("workerId", "=", worker.workerId as number)
      .where("moduleId", "=", id)
      .execute();
    expect(stored).toHaveLength(0);
  });
});
