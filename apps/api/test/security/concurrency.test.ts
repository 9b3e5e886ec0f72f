import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers.js";
import { createFixture, uid, workerBody } from "./fixture.js";

/**
 * Security suite, part 4 (docs/security.md): races. Each scenario fires its requests at once (Promise.all over
 * fastify.inject) and checks the invariant the database must keep whatever the interleaving:
 * single use, one transition, one row, no lost completion, and never a 500.
 * Run on PGlite (default) and on PostgreSQL (`DATABASE_URL=... npx vitest run test/security`),
 * where the requests really overlap on separate connections.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

async function auditRows(entity: string, entityId: number, actions?: string[]) {
  let q = t.db
    .selectFrom("auditEvents")
    .select(["action", "fromState", "toState"])
    .where("entity", "=", entity)
    .where("entityId", "=", entityId);
  if (actions) q = q.where("action", "in", actions);
  return q.execute();
}

describe("single-use invite token", () => {
  it("20 parallel registrations with one token: exactly one user, one 201, nineteen 409", async () => {
    const f = await createFixture(t);
    const usersBefore = await t.db.selectFrom("users").select("id").execute();
    const names = Array.from({ length: 20 }, () => `race_${uid()}`);
    const answers = await Promise.all(
      names.map((username) =>
        t.request({
          method: "POST",
          url: "/api/register",
          payload: {
            username,
            email: `${username}@example.com`,
            firstName: "Race",
            lastName: "Condition",
            password: "secret12",
            role: "manager",
            inviteToken: f.inviteToken,
          },
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 201), `codes: ${codes}`).toBe(1);
    expect(count(codes, 409), `codes: ${codes}`).toBe(19);
    for (const a of answers.filter((r) => r.statusCode === 409)) expect(a.json().message).toBe("This invite token has already been used");
    const created = await t.db.selectFrom("users").select(["id", "role"]).where("username", "in", names).execute();
    expect(created).toHaveLength(1);
    expect(created[0]?.role).toBe("manager");
    expect((await t.db.selectFrom("users").select("id").execute()).length).toBe(usersBefore.length + 1);
    const token = await t.db
      .selectFrom("inviteTokens")
      .select(["usedBy", "usedAt"])
      .where("id", "=", f.inviteTokenId)
      .executeTakeFirstOrThrow();
    expect(token.usedBy).toBe(created[0]?.id);
    expect(await auditRows("inviteToken", f.inviteTokenId, ["used"])).toHaveLength(1);
  });

  it("20 parallel registrations of the same username: one account, the rest 409", async () => {
    const username = `same_${uid()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request({
          method: "POST",
          url: "/api/register",
          payload: {
            username,
            email: `${username}_${i}@example.com`,
            firstName: "S",
            lastName: "N",
            password: "secret12",
            role: "worker",
            company: "Acme",
            hardhatNumber: `HH${i}`,
          },
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 201), `codes: ${codes}`).toBe(1);
    expect(count(codes, 409), `codes: ${codes}`).toBe(19);
    const rows = await t.db.selectFrom("users").select("id").where("username", "=", username).execute();
    expect(rows).toHaveLength(1);
    const profiles = await t.db
      .selectFrom("workers")
      .select("id")
      .where("userId", "=", rows[0]?.id ?? 0)
      .execute();
    expect(profiles).toHaveLength(1);
  });

  it("10 parallel worker creations with one username: one worker and one account, no orphan profile", async () => {
    const f = await createFixture(t);
    const base = workerBody();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request({
          method: "POST",
          url: "/api/workers",
          payload: { ...base, email: `dup_${i}_${uid()}@example.com` },
          as: i % 2 ? f.admin : f.manager,
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 201), `codes: ${codes}`).toBe(1);
    expect(count(codes, 409), `codes: ${codes}`).toBe(9);
    const users = await t.db.selectFrom("users").select("id").where("username", "=", base.username).execute();
    expect(users).toHaveLength(1);
    const orphans = await t.db.selectFrom("workers").select("id").where("email", "like", "dup_%").execute();
    expect(orphans).toHaveLength(1);
  });
});

describe("hot work permit transitions", () => {
  it("parallel approve and reject of one pending permit: exactly one transition and one audit row", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? t.request({
              method: "PUT",
              url: `/api/hot-work-permits/${f.permitId}/approve`,
              payload: {},
              as: i % 4 === 1 ? f.manager : f.admin,
            })
          : t.request({
              method: "PUT",
              url: `/api/hot-work-permits/${f.permitId}/reject`,
              payload: { rejectionReason: `Reason ${i}` },
              as: i % 4 === 0 ? f.manager : f.admin,
            }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 200), `codes: ${codes}`).toBe(1);
    expect(count(codes, 409), `codes: ${codes}`).toBe(19);
    const permit = await t.db.selectFrom("hotWorkPermits").selectAll().where("id", "=", f.permitId).executeTakeFirstOrThrow();
    const transitions = await auditRows("permit", f.permitId, ["approved", "rejected"]);
    expect(transitions).toHaveLength(1);
    expect(transitions[0]).toMatchObject({ fromState: "pending", toState: permit.status });
    if (permit.status === "approved") {
      expect(permit.approvedBy).not.toBeNull();
      expect(permit.rejectionReason).toBeNull();
    } else {
      expect(permit.status).toBe("rejected");
      expect(permit.approvedBy).toBeNull();
      expect(permit.rejectionReason).toMatch(/^Reason \d+$/);
    }
  });

  it("parallel close of one approved permit by its requester and staff: closed once", async () => {
    const f = await createFixture(t);
    const actors = [f.w1, f.manager, f.admin, f.w1, f.manager, f.admin, f.w1, f.manager];
    const answers = await Promise.all(
      actors.map((as, i) =>
        t.request({ method: "PUT", url: `/api/hot-work-permits/${f.approvedPermitId}/close`, payload: { closingNotes: `notes ${i}` }, as }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 200), `codes: ${codes}`).toBe(1);
    expect(await auditRows("permit", f.approvedPermitId, ["closed"])).toHaveLength(1);
  });

  it("a worker's edit racing an approval: the permit ends approved with either the old or the new form, never an edited approved permit by the worker after approval", async () => {
    const f = await createFixture(t);
    const [edit, approve] = await Promise.all([
      t.request({
        method: "PUT",
        url: `/api/hot-work-permits/${f.permitId}`,
        as: f.w1,
        payload: {
          projectId: f.projectP,
          title: "Edited during approval",
          location: "Level 9",
          workDescription: "Edited while the manager approves",
          startDate: new Date("2026-03-01T08:00:00Z").toISOString(),
          endDate: new Date("2026-03-01T09:00:00Z").toISOString(),
          requestedBy: f.w1.workerId,
          precautions: ["Fire extinguishers are available and in working order at the work area"],
          equipmentUsed: ["Grinders"],
          fireWatchRequired: false,
        },
      }),
      t.request({ method: "PUT", url: `/api/hot-work-permits/${f.permitId}/approve`, payload: {}, as: f.manager }),
    ]);
    expect(approve.statusCode).toBe(200);
    expect([200, 409]).toContain(edit.statusCode);
    const history = await t.db
      .selectFrom("auditEvents")
      .select(["action", "id"])
      .where("entity", "=", "permit")
      .where("entityId", "=", f.permitId)
      .orderBy("id")
      .execute();
    const approvedAt = history.findIndex((h) => h.action === "approved");
    const editedAt = history.findIndex((h) => h.action === "updated");
    if (edit.statusCode === 200) expect(editedAt, "the worker's edit must land before the approval").toBeLessThan(approvedAt);
    else expect(editedAt).toBe(-1);
  });
});

describe("safety messages", () => {
  it("two managers resolving and marking one message at once: one resolution, one audit row each way at most", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request({
          method: "PUT",
          url: `/api/safety-comments/${f.commentId}`,
          payload: i % 3 === 0 ? { status: "in_progress" } : { status: "resolved", managerResponse: `Answer ${i}` },
          as: i % 2 ? f.admin : f.manager,
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    const row = await t.db.selectFrom("safetyComments").selectAll().where("id", "=", f.commentId).executeTakeFirstOrThrow();
    expect(row.status).toBe("resolved");
    expect(await auditRows("comment", f.commentId, ["resolved"])).toHaveLength(1);
    expect((await auditRows("comment", f.commentId, ["in_progress"])).length).toBeLessThanOrEqual(1);
    expect(count(codes, 200)).toBe((await auditRows("comment", f.commentId, ["resolved", "in_progress"])).length);
  });
});

describe("project assignment", () => {
  it("20 parallel assignments of one worker to one project: one row, one 201, the rest 409, no 500", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request({
          method: "POST",
          url: `/api/projects/${f.projectP}/workers`,
          payload: { workerId: f.w2.workerId },
          as: i % 2 ? f.admin : f.manager,
        }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes}`,
    ).toBe(true);
    expect(count(codes, 201), `codes: ${codes}`).toBe(1);
    expect(count(codes, 409), `codes: ${codes}`).toBe(19);
    const rows = await t.db
      .selectFrom("projectWorkers")
      .select("id")
      .where("projectId", "=", f.projectP)
      .where("workerId", "=", f.w2.workerId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("assigning while the worker's project list is being replaced: no 500, no duplicate rows", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () =>
        t.request({ method: "POST", url: `/api/projects/${f.projectQ}/workers`, payload: { workerId: f.w1.workerId }, as: f.manager }),
      ),
      ...Array.from({ length: 5 }, () =>
        t.request({ method: "PUT", url: `/api/workers/${f.w1.workerId}`, payload: { projectIds: [f.projectP, f.projectQ] }, as: f.admin }),
      ),
    ]);
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 500),
      `codes: ${codes.join(",")} ${answers.map((a) => a.body.slice(0, 80)).join(" | ")}`,
    ).toBe(true);
    const rows = await t.db.selectFrom("projectWorkers").select(["projectId"]).where("workerId", "=", f.w1.workerId).execute();
    expect(new Set(rows.map((r) => r.projectId)).size).toBe(rows.length);
  });
});

describe("training and video progress", () => {
  const passedAttempt = (workerId: number, moduleId: number) =>
    t.db
      .insertInto("quizAttempts")
      .values({ workerId, moduleId, answers: "[0]", correctCount: 1, questionCount: 1, score: 100, passed: true })
      .execute();

  it("parallel progress updates of one record: a completion is never lost, progress never goes down, one 'completed' audit event", async () => {
    const f = await createFixture(t);
    // Completion stands only with a completing graded attempt on record (docs/decisions/0107-server-graded-training.md).
    await passedAttempt(f.w1.workerId, f.moduleId);
    const values = [10, 35, 100, 20, 55, 90, 15, 70, 5, 45, 60, 30, 85, 25, 95, 50, 65, 40, 75, 80];
    const answers = await Promise.all(
      values.map((progress) =>
        t.request({ method: "PUT", url: `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}`, payload: { progress }, as: f.w1 }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c === 200),
      `codes: ${codes}`,
    ).toBe(true);
    const rec = await t.db
      .selectFrom("workerTrainings")
      .selectAll()
      .where("workerId", "=", f.w1.workerId)
      .where("moduleId", "=", f.moduleId)
      .executeTakeFirstOrThrow();
    expect(rec.status).toBe("completed");
    expect(rec.progress).toBe(100);
    expect(rec.completedAt).not.toBeNull();
    expect(await auditRows("training", f.trainingRecordId, ["completed"])).toHaveLength(1);
    // A later lower value does not undo the completion.
    const later = await t.request({
      method: "PUT",
      url: `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}`,
      payload: { progress: 10 },
      as: f.w1,
    });
    expect(later.statusCode).toBe(200);
    const again = await t.db
      .selectFrom("workerTrainings")
      .select(["status", "progress", "completedAt"])
      .where("id", "=", rec.id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ status: "completed", progress: 100, completedAt: rec.completedAt });
  });

  it("parallel first writes of a new record (POST and PUT mixed): one row, completed if any sent 100", async () => {
    const f = await createFixture(t);
    await passedAttempt(f.w1.workerId, f.freshModuleId);
    const values = [1, 40, 100, 60, 1, 80, 20, 100, 10, 50];
    const answers = await Promise.all(
      values.map((progress, i) =>
        i % 2
          ? t.request({
              method: "POST",
              url: `/api/workers/${f.w1.workerId}/trainings`,
              payload: { moduleId: f.freshModuleId, progress },
              as: f.w1,
            })
          : t.request({
              method: "PUT",
              url: `/api/workers/${f.w1.workerId}/trainings/${f.freshModuleId}`,
              payload: { progress },
              as: f.w1,
            }),
      ),
    );
    const codes = statuses(answers);
    expect(
      codes.every((c) => c < 300),
      `codes: ${codes} ${answers.map((a) => a.body.slice(0, 80)).join(" | ")}`,
    ).toBe(true);
    const rows = await t.db
      .selectFrom("workerTrainings")
      .selectAll()
      .where("workerId", "=", f.w1.workerId)
      .where("moduleId", "=", f.freshModuleId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", progress: 100 });
  });

  it("parallel video progress: one row, completed if any reached 95, never back to partially watched", async () => {
    const f = await createFixture(t);
    const values = [10, 96, 30, 50, 20, 70, 5, 100, 60, 40];
    const answers = await Promise.all(
      values.map((watchedPercentage) =>
        t.request({
          method: "PUT",
          url: `/api/workers/${f.w1.workerId}/videos/${f.freshVideoId}`,
          payload: { watchedPercentage },
          as: f.w1,
        }),
      ),
    );
    expect(statuses(answers).every((c) => c < 300)).toBe(true);
    const rows = await t.db
      .selectFrom("workerVideos")
      .selectAll()
      .where("workerId", "=", f.w1.workerId)
      .where("videoId", "=", f.freshVideoId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", watchedPercentage: 100 });
  });
});

describe("deletes racing other writes", () => {
  it("parallel deletes of one incident: one 204, the rest 404, one audit row", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request({ method: "DELETE", url: `/api/incident-reports/${f.incidentId}`, as: i % 2 ? f.admin : f.w1 }),
      ),
    );
    const codes = statuses(answers);
    expect(count(codes, 204), `codes: ${codes}`).toBe(1);
    expect(count(codes, 404), `codes: ${codes}`).toBe(9);
    expect(await auditRows("incident", f.incidentId, ["deleted"])).toHaveLength(1);
  });

  it("deleting a project while its records are being written: no 500", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all([
      t.request({ method: "DELETE", url: `/api/projects/${f.projectP}`, as: f.admin }),
      t.request({
        method: "POST",
        url: "/api/incident-reports",
        payload: { title: "Late report", projectId: f.projectP, date: "2026-01-12", severity: "minor" },
        as: f.w1,
      }),
      t.request({ method: "POST", url: `/api/projects/${f.projectP}/workers`, payload: { workerId: f.w2.workerId }, as: f.manager }),
      t.request({ method: "PUT", url: `/api/hot-work-permits/${f.permitId}/approve`, payload: {}, as: f.manager }),
      t.request({
        method: "POST",
        url: "/api/safety-comments",
        payload: { title: "Late message", content: "Sent while the project goes away", projectId: f.projectP },
        as: f.w1,
      }),
      t.request({ method: "PUT", url: `/api/projects/${f.projectP}`, payload: { name: "Renamed while deleted" }, as: f.manager }),
    ]);
    for (const a of answers) expect(a.statusCode, a.body.slice(0, 200)).toBeLessThan(500);
    expect(answers[0]?.statusCode).toBe(204);
    const left = await t.db.selectFrom("projectWorkers").select("id").where("projectId", "=", f.projectP).execute();
    expect(left).toEqual([]);
  });

  it("deleting a user while they send requests: their later requests are 401, never 500", async () => {
    const f = await createFixture(t);
    const answers = await Promise.all([
      t.request({ method: "DELETE", url: `/api/users/${f.w1.id}`, as: f.admin }),
      t.request({
        method: "POST",
        url: "/api/incident-reports",
        payload: { title: "Racing", projectId: f.projectP, date: "2026-01-12" },
        as: f.w1,
      }),
      t.request({ method: "PUT", url: `/api/workers/${f.w1.workerId}/trainings/${f.moduleId}`, payload: { progress: 80 }, as: f.w1 }),
      t.request({
        method: "POST",
        url: "/api/safety-comments",
        payload: { title: "Racing msg", content: "Sent while being deleted", projectId: f.projectP },
        as: f.w1,
      }),
    ]);
    for (const a of answers) expect(a.statusCode, a.body.slice(0, 200)).toBeLessThan(500);
    expect(answers[0]?.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/user", as: f.w1 })).statusCode).toBe(401);
  });
});
