import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Delivery } from "../src/jobs/queue.js";
import { jobQueueOf } from "../src/server.js";
import { END_SWEEP_LOOKBACK_HOURS, startDueFireWatches } from "../src/services/fireWatches.js";
import { NOTIFICATION_RETENTION_DAYS, pruneNotifications } from "../src/services/notifications.js";
import { PUSH_QUEUE, pushPayloadOf } from "../src/services/push.js";
import { digestWeek, sendTrainingDigest } from "../src/services/trainingNotices.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * The notices that are not a click's direct answer: a required video published, a training module
 * added, the weekly digest, and the fire watch that starts when a permit's end time passes. Time
 * is injected (the server's clock and the jobs' `now`): nothing here waits.
 */
let clock = new Date("2026-03-02T12:00:00.000Z");
const utc = (iso: string) => new Date(iso);

let t: TestApp;
let delivery: Delivery;
let admin: TestUser;
let manager: TestUser;
/** Requests the permits, on project A; has everything outstanding. */
let welder: TestUser;
/** Named as fire watch, on project A; reads Spanish; subscribed to push. */
let watcher: TestUser;
/** A worker who has finished every module and video. */
let diligent: TestUser;
let projectA: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, pushAllowLocalHttp: true });
  delivery = { jobs: jobQueueOf(t.app), email: false };
  admin = await t.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
  manager = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager" });
  welder = await t.createUser({ role: "worker", firstName: "Wendy", lastName: "Welder" });
  watcher = await t.createUser({ role: "worker", firstName: "Sam", lastName: "Watch" });
  diligent = await t.createUser({ role: "worker", firstName: "Dana", lastName: "Done" });
  await t.db.updateTable("users").set({ language: "es" }).where("id", "=", watcher.id).execute();
  projectA = await t.createProject({ name: "Harbor Tower" });
  for (const w of [welder, watcher]) await t.assign(w.workerId as number, projectA);
  const sub = await t.request({
    method: "PUT",
    url: "/api/push/subscription",
    as: watcher,
    payload: { endpoint: "https://fcm.googleapis.com/fcm/send/sam", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } },
  });
  expect(sub.statusCode, sub.body).toBe(200);
}, 120_000);
afterAll(() => t?.close());

interface Note {
  id: number;
  kind: string;
  entity: string;
  entityId: number;
  projectId: number | null;
  params: Record<string, unknown>;
  urgent: boolean;
  link: string;
}
async function notes(as: TestUser, kind?: string): Promise<Note[]> {
  const res = await t.request({ method: "GET", url: "/api/notifications?limit=100", as });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Note[]).filter((n) => kind === undefined || n.kind === kind);
}
async function pushJobsFor(user: TestUser): Promise<number> {
  const rows = await sql<{ n: string }>`
    select count(*) as n from pgboss.job j join push_subscriptions s on s.id = (j.data->>'subscriptionId')::int
    where j.name = ${PUSH_QUEUE.name} and s.user_id = ${user.id}`.execute(t.db);
  return Number(rows.rows[0]?.n ?? 0);
}

describe("a required safety video published", () => {
  it("tells every worker, in the same pipeline (bell and push), but not the manager who published it", async () => {
    const before = await pushJobsFor(watcher);
    const res = await t.request({
      method: "POST",
      url: "/api/safety-videos",
      as: manager,
      payload: {
        title: "Silica dust",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        duration: 240,
        publishedAt: "2026-03-02T11:00:00.000Z",
        requiredWatchByDate: "2026-03-09T00:00:00.000Z",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    for (const worker of [welder, watcher, diligent]) {
      expect(await notes(worker, "video.required")).toMatchObject([
        { entity: "video", entityId: id, projectId: null, params: { title: "Silica dust", by: "Max Manager" }, link: "/videos" },
      ]);
    }
    for (const staff of [manager, admin]) expect(await notes(staff, "video.required")).toEqual([]);
    expect(await pushJobsFor(watcher)).toBe(before + 1);
    // The push reads in the worker's language (Spanish).
    const [note] = await notes(watcher, "video.required");
    const payload = pushPayloadOf({ ...(note as Note), params: (note as Note).params as Record<string, string>, language: "es" });
    expect(payload).toMatchObject({
      body: "Nuevo video de seguridad obligatorio “Silica dust”: mírelo, por favor",
      url: "/videos",
      lang: "es",
    });
  });

  it("a video published later tells nobody now (the weekly digest lists it once it is out)", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/safety-videos",
      as: manager,
      payload: {
        title: "Ladders next month",
        url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        publishedAt: "2026-04-01T00:00:00.000Z",
        requiredWatchByDate: "2026-04-08T00:00:00.000Z",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await notes(welder, "video.required")).map((n) => n.entityId)).not.toContain(res.json().id);
  });
});

describe("a training module assigned", () => {
  it("a new module is required of every worker: each is told, with a link to it; a worker may not add one", async () => {
    const body = {
      title: "Trench safety",
      description: "Cave-ins and protective systems",
      type: "site_safety",
      duration: 30,
      content: {
        sections: [{ title: "Cave-ins", content: "Slope, shore or shield every trench over 5 feet" }],
        quiz: [{ question: "Deeper than 5 feet needs?", options: ["Protection", "Nothing"], answer: 0 }],
      },
    };
    const refused = await t.request({ method: "POST", url: "/api/training-modules", as: welder, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(await notes(watcher, "training.assigned")).toEqual([]);
    const res = await t.request({ method: "POST", url: "/api/training-modules", as: manager, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    for (const worker of [welder, watcher, diligent]) {
      expect(await notes(worker, "training.assigned")).toMatchObject([
        { entity: "trainingModule", entityId: id, params: { title: "Trench safety" }, link: `/training/required/${id}` },
      ]);
    }
    expect(await notes(manager, "training.assigned")).toEqual([]);
  });
});

describe("the weekly digest", () => {
  it("tells each worker what is still to finish, skips the one with nothing outstanding, and is sent once a week", async () => {
    // Dana finishes every module and every required video published by now.
    const now = utc("2026-03-09T06:00:00.000Z");
    const modules = await t.db.selectFrom("trainingModules").select("id").execute();
    for (const m of modules) {
      await t.db
        .insertInto("workerTrainings")
        .values({ workerId: diligent.workerId as number, moduleId: m.id, status: "completed", progress: 100, completedAt: now })
        .execute();
    }
    const videos = await t.db.selectFrom("safetyVideos").where("publishedAt", "<=", now).select("id").execute();
    for (const v of videos) {
      await t.db
        .insertInto("workerVideos")
        .values({ workerId: diligent.workerId as number, videoId: v.id, status: "completed", watchedPercentage: 100 })
        .execute();
    }
    // Wendy switched the digest's push off: she gets it in the bell only.
    const off = await t.request({
      method: "PUT",
      url: "/api/notification-preferences",
      as: welder,
      payload: { kind: "training.digest", push: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const pushBefore = await pushJobsFor(watcher);

    const told = await sendTrainingDigest(t.db, delivery, now);
    expect(told.sort()).toEqual([welder.id, watcher.id].sort());
    const [digest] = await notes(welder, "training.digest");
    expect(digest).toMatchObject({
      entity: "trainingDigest",
      entityId: digestWeek(now),
      params: { modules: modules.length, videos: 1 },
      link: "/training/required",
    });
    expect(await notes(diligent, "training.digest")).toEqual([]);
    expect(await notes(manager, "training.digest")).toEqual([]);
    expect(await pushJobsFor(watcher)).toBe(pushBefore + 1);
    const spanish = pushPayloadOf({ ...(digest as Note), params: { modules: 3, videos: 1 }, language: "es" });
    expect(spanish.body).toBe("Pendiente: 3 módulo(s) de capacitación y 1 video(s) de seguridad obligatorio(s)");

    // The same week again (a retried or doubled job): nobody is told twice.
    expect(await sendTrainingDigest(t.db, delivery, utc("2026-03-09T06:05:00.000Z"))).toEqual([]);
    expect(await notes(welder, "training.digest")).toHaveLength(1);
    // Next Monday: told again.
    expect((await sendTrainingDigest(t.db, delivery, utc("2026-03-16T06:00:00.000Z"))).sort()).toEqual([welder.id, watcher.id].sort());
    expect(await notes(welder, "training.digest")).toHaveLength(2);
  });
});

describe("the fire watch starts when the permit's end time passes", () => {
  const put = (url: string, as: TestUser, payload: object = {}) => t.request({ method: "PUT", url, as, payload });
  async function approvedPermit(title: string, endDate: string, overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await t.request({
      method: "POST",
      url: "/api/hot-work-permits",
      as: welder,
      payload: {
        projectId: projectA,
        title,
        location: "Level 2",
        workDescription: "Welding new steel stringers to the landing beams.",
        startDate: "2026-03-02T08:00:00.000Z",
        endDate,
        precautions: [...HOT_WORK_PRECAUTIONS],
        equipmentUsed: ["Welding equipment"],
        fireWatchRequired: true,
        fireWatchBy: "Sam Watch",
        requestedBy: welder.workerId,
        ...overrides,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    expect((await put(`/api/hot-work-permits/${id}/approve`, manager)).statusCode).toBe(200);
    return id;
  }
  const watchOf = (id: number) => t.db.selectFrom("fireWatches").where("permitId", "=", id).selectAll().execute();
  const stepJobs = async (id: number) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from pgboss.job where name = 'fire-watch-step' and data->>'permitId' = ${String(id)}`.execute(t.db)
      ).rows[0]?.n,
    );

  it("not before the end; once after it, timed from the end, with the start reminder and the later steps queued", async () => {
    clock = utc("2026-03-02T12:00:00.000Z");
    const id = await approvedPermit("Weld stair stringers", "2026-03-02T16:00:00.000Z");
    expect(await startDueFireWatches(t.db, delivery, utc("2026-03-02T15:59:00.000Z"))).not.toContain(id);
    expect(await watchOf(id)).toEqual([]);

    expect(await startDueFireWatches(t.db, delivery, utc("2026-03-02T16:01:00.000Z"))).toContain(id);
    expect(await watchOf(id)).toMatchObject([
      { startsAt: utc("2026-03-02T16:00:00.000Z"), endsAt: utc("2026-03-02T17:00:00.000Z"), startedByEndTime: true },
    ]);
    expect(await stepJobs(id)).toBe(3);
    for (const person of [welder, watcher]) {
      expect((await notes(person, "fireWatch.started")).filter((n) => n.entityId === id)).toHaveLength(1);
    }
    // Again, and a close after it: the one watch stays, nobody is told twice.
    expect(await startDueFireWatches(t.db, delivery, utc("2026-03-02T16:02:00.000Z"))).not.toContain(id);
    clock = utc("2026-03-02T16:10:00.000Z");
    const closed = await put(`/api/hot-work-permits/${id}/close`, welder, { closingNotes: "Done" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await watchOf(id)).toHaveLength(1);
    expect((await watchOf(id))[0]?.startsAt).toEqual(utc("2026-03-02T16:00:00.000Z"));
    expect((await notes(watcher, "fireWatch.started")).filter((n) => n.entityId === id)).toHaveLength(1);
    const started = await t.db
      .selectFrom("auditEvents")
      .where("entity", "=", "permit")
      .where("entityId", "=", id)
      .where("action", "=", "fireWatchStarted")
      .select("details")
      .execute();
    expect(started).toHaveLength(1);
    expect(started[0]?.details).toMatchObject({ byEndTime: true, minutes: 60 });
  });

  it("two instances sweeping at once start one watch", async () => {
    clock = utc("2026-03-03T12:00:00.000Z");
    const id = await approvedPermit("Cut roof vents", "2026-03-03T16:00:00.000Z");
    const at = utc("2026-03-03T16:00:30.000Z");
    const [a, b] = await Promise.all([startDueFireWatches(t.db, delivery, at), startDueFireWatches(t.db, delivery, at)]);
    expect([...a, ...b].filter((p) => p === id)).toHaveLength(1);
    expect(await watchOf(id)).toHaveLength(1);
    expect(await stepJobs(id)).toBe(3);
    expect((await notes(watcher, "fireWatch.started")).filter((n) => n.entityId === id)).toHaveLength(1);
  });

  it("leaves alone permits closed before the end, not approved, with no watch required, or ended over a day ago", async () => {
    clock = utc("2026-03-04T12:00:00.000Z");
    const closedEarly = await approvedPermit("Closed early", "2026-03-04T16:00:00.000Z");
    clock = utc("2026-03-04T15:00:00.000Z");
    expect((await put(`/api/hot-work-permits/${closedEarly}/close`, welder, { closingNotes: "Done early" })).statusCode).toBe(200);
    const closedWatch = await watchOf(closedEarly);
    expect(closedWatch).toMatchObject([{ startsAt: utc("2026-03-04T15:00:00.000Z"), startedByEndTime: false }]);

    const pending = await t.request({
      method: "POST",
      url: "/api/hot-work-permits",
      as: welder,
      payload: {
        projectId: projectA,
        title: "Still pending",
        location: "Roof",
        workDescription: "Welding new steel stringers to the landing beams.",
        startDate: "2026-03-04T08:00:00.000Z",
        endDate: "2026-03-04T16:00:00.000Z",
        precautions: [...HOT_WORK_PRECAUTIONS],
        equipmentUsed: ["Welding equipment"],
        fireWatchRequired: true,
        fireWatchBy: "Sam Watch",
        requestedBy: welder.workerId,
      },
    });
    expect(pending.statusCode).toBe(201);
    const noWatch = await approvedPermit("No watch needed", "2026-03-04T16:00:00.000Z", { fireWatchRequired: false, fireWatchBy: null });
    clock = utc("2026-03-01T00:00:00.000Z");
    const old = await approvedPermit("Long ago", "2026-03-01T10:00:00.000Z", { startDate: "2026-03-01T08:00:00.000Z" });

    const started = await startDueFireWatches(t.db, delivery, utc("2026-03-04T16:05:00.000Z"));
    for (const id of [closedEarly, pending.json().id, noWatch, old]) expect(started).not.toContain(id);
    expect(await watchOf(closedEarly)).toEqual(closedWatch);
    expect(await watchOf(pending.json().id)).toEqual([]);
    expect(await watchOf(noWatch)).toEqual([]);
    expect(await watchOf(old)).toEqual([]);
    expect(END_SWEEP_LOOKBACK_HOURS).toBe(24);
  });
});

describe("old notifications are deleted", () => {
  it("deletes what is older than 180 days, read or not, for everyone, and keeps the rest and the records", async () => {
    const now = utc("2026-09-01T03:20:00.000Z");
    const day = 24 * 3600_000;
    const insert = (userId: number, ageDays: number, readAt: Date | null) =>
      t.db
        .insertInto("notifications")
        .values({
          userId,
          kind: "video.required",
          entity: "video",
          entityId: 1,
          projectId: null,
          params: JSON.stringify({ title: `aged ${ageDays}` }),
          createdAt: new Date(now.getTime() - ageDays * day),
          readAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const old = [await insert(welder.id, 181, null), await insert(watcher.id, 400, now), await insert(admin.id, 180.01, now)];
    const kept = [await insert(welder.id, 179.99, null), await insert(watcher.id, 1, null)];
    const records = await t.db
      .selectFrom("safetyVideos")
      .select((v) => v.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const deleted = await pruneNotifications(t.db, now);
    expect(deleted).toBeGreaterThanOrEqual(old.length);
    const left = await t.db
      .selectFrom("notifications")
      .select("id")
      .where(
        "id",
        "in",
        [...old, ...kept].map((r) => r.id),
      )
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual(kept.map((r) => r.id).sort());
    // Nothing left is older than the bound, and the videos the notices pointed to are untouched.
    const oldest = await t.db
      .selectFrom("notifications")
      .select((n) => n.fn.min("createdAt").as("at"))
      .executeTakeFirstOrThrow();
    expect(new Date(oldest.at as Date).getTime()).toBeGreaterThanOrEqual(now.getTime() - NOTIFICATION_RETENTION_DAYS * day);
    const after = await t.db
      .selectFrom("safetyVideos")
      .select((v) => v.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(records.n));
    // A second run has nothing left to delete.
    expect(await pruneNotifications(t.db, now)).toBe(0);
  });
});
