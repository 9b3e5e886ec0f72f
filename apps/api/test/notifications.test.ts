import { HOT_WORK_PRECAUTIONS } from "@sitesafe/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceFireWatch } from "../src/services/fireWatches.js";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/** The server's clock, moved by the tests: nothing here waits for a real fire-watch hour. */
let clock = new Date("2026-03-02T16:00:00.000Z");
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 16, minutes));

let t: TestApp;
let admin: TestUser;
let manager: TestUser;
/** Requests the permits, on project A. */
let welder: TestUser;
/** Named as fire watch on the permits, on project A. */
let watcher: TestUser;
/** Another worker on project A. */
let coworker: TestUser;
/** A worker of project B only. */
let outsider: TestUser;
let projectA: number;
let projectB: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
  manager = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager" });
  welder = await t.createUser({ role: "worker", firstName: "Wendy", lastName: "Welder" });
  watcher = await t.createUser({ role: "worker", firstName: "Sam", lastName: "Watch" });
  coworker = await t.createUser({ role: "worker", firstName: "Otto", lastName: "Other" });
  outsider = await t.createUser({ role: "worker", firstName: "Bea", lastName: "Builder" });
  projectA = await t.createProject({ name: "Harbor Tower" });
  projectB = await t.createProject({ name: "Elm Street School" });
  for (const w of [welder, watcher, coworker]) await t.assign(w.workerId as number, projectA);
  await t.assign(outsider.workerId as number, projectB);
});
afterAll(() => t.close());

interface Note {
  id: number;
  kind: string;
  entity: string;
  entityId: number;
  projectId: number | null;
  params: Record<string, unknown>;
  urgent: boolean;
  readAt: string | null;
  link: string;
}

async function notes(as: TestUser): Promise<Note[]> {
  const res = await t.request({ method: "GET", url: "/api/notifications", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function unread(as: TestUser): Promise<number> {
  const res = await t.request({ method: "GET", url: "/api/notifications/unread-count", as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().unread;
}
const about = (list: Note[], kind: string, entityId: number) => list.filter((n) => n.kind === kind && n.entityId === entityId);

async function requestPermit(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.request({
    method: "POST",
    url: "/api/hot-work-permits",
    as: welder,
    payload: {
      projectId: projectA,
      title: "Weld stair stringers",
      location: "Level 2, east stair",
      workDescription: "Welding new steel stringers to the landing beams.",
      startDate: "2026-03-02T08:00:00.000Z",
      endDate: "2026-03-02T16:00:00.000Z",
      precautions: [...HOT_WORK_PRECAUTIONS],
      equipmentUsed: ["Welding equipment"],
      fireWatchRequired: true,
      fireWatchBy: "sam  WATCH",
      requestedBy: welder.workerId,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const put = (url: string, as: TestUser, payload: object = {}) => t.request({ method: "PUT", url, as, payload });
const signOff = (id: number, as: TestUser, payload: object = { areaInspected: true, noSmoke: true, noHeat: true }) =>
  put(`/api/hot-work-permits/${id}/fire-watch/sign-off`, as, payload);
const permit = async (id: number, as: TestUser) => (await t.request({ method: "GET", url: `/api/hot-work-permits/${id}`, as })).json();

describe("a hot work permit", () => {
  let id: number;

  it("requested: every admin and manager is told, with a link; the requester and co-workers are not", async () => {
    id = await requestPermit();
    for (const staff of [admin, manager]) {
      const [note] = about(await notes(staff), "permit.requested", id);
      expect(note).toMatchObject({
        entity: "permit",
        projectId: projectA,
        params: { title: "Weld stair stringers", by: "Wendy Welder" },
        urgent: false,
        readAt: null,
        link: `/forms/hot-work-permits/${id}`,
      });
    }
    for (const worker of [welder, watcher, coworker, outsider]) expect(about(await notes(worker), "permit.requested", id)).toEqual([]);
  });

  it("approved: the requester and the named fire watch are told (matched by name on the project), nobody else", async () => {
    const res = await put(`/api/hot-work-permits/${id}/approve`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ requesterUserId: welder.id, fireWatchUserId: watcher.id, fireWatch: null });
    expect(about(await notes(welder), "permit.approved", id)).toMatchObject([
      { params: { title: "Weld stair stringers", by: "Max Manager" } },
    ]);
    expect(about(await notes(watcher), "permit.approved", id)).toHaveLength(1);
    for (const other of [coworker, outsider, manager, admin]) expect(about(await notes(other), "permit.approved", id)).toEqual([]);
  });

  it("closed: the fire watch starts for the site's 60 minutes, both are told, and its later steps are queued", async () => {
    clock = at(0);
    const res = await put(`/api/hot-work-permits/${id}/close`, welder, { closingNotes: "Hot work done" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fireWatch).toMatchObject({ startsAt: at(0).toISOString(), endsAt: at(60).toISOString(), state: "running" });
    expect(about(await notes(watcher), "fireWatch.started", id)).toHaveLength(1);
    // The requester closed it but is the requester: still reminded (only the actor of an event is left out, and closing is not the start reminder's event).
    expect(about(await notes(welder), "fireWatch.started", id)).toHaveLength(1);
    expect(about(await notes(coworker), "fireWatch.started", id)).toEqual([]);

    const { rows } = await sql<{ startAfter: Date }>`
      select start_after from pgboss.job where name = 'fire-watch-step' and data->>'permitId' = ${String(id)} order by start_after`.execute(
      t.db,
    );
    expect(rows.map((r) => new Date(r.startAfter).toISOString())).toEqual([at(30), at(60), at(75)].map((d) => d.toISOString()));
  });

  it("reminds halfway and at the end, once each, whoever runs the step", async () => {
    expect(await advanceFireWatch(t.db, undefined, id, at(10))).toEqual([]);
    expect(await advanceFireWatch(t.db, undefined, id, at(31))).toEqual(["halfway"]);
    expect(await advanceFireWatch(t.db, undefined, id, at(32))).toEqual([]);
    expect(about(await notes(watcher), "fireWatch.halfway", id)).toHaveLength(1);
    expect(await advanceFireWatch(t.db, undefined, id, at(60))).toEqual(["end"]);
    expect(about(await notes(welder), "fireWatch.ended", id)).toHaveLength(1);
  });

  it("cannot be signed off while running, nor without the three confirmations, nor by a co-worker", async () => {
    clock = at(59);
    expect((await signOff(id, watcher)).json().message).toBe("The fire watch is still running; sign it off when it ends");
    clock = at(61);
    const missing = await signOff(id, watcher, { areaInspected: true, noSmoke: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Confirm that there is no heat");
    const stranger = await signOff(id, coworker);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe("Only the fire watch, the requester or a manager can sign off the fire watch");
    expect((await signOff(id, outsider)).statusCode).toBe(403);
  });

  it("not signed off 15 minutes after its end: escalated to managers as urgent and listed as overdue", async () => {
    expect(await advanceFireWatch(t.db, undefined, id, at(74))).toEqual([]);
    expect(await advanceFireWatch(t.db, undefined, id, at(76))).toEqual(["escalate"]);
    for (const staff of [admin, manager]) expect(about(await notes(staff), "fireWatch.overdue", id)).toMatchObject([{ urgent: true }]);
    expect(about(await notes(watcher), "fireWatch.overdue", id)).toEqual([]);
    clock = at(76);
    const overdue = await t.request({ method: "GET", url: "/api/dashboard/overdue-fire-watches", as: manager });
    expect(overdue.json()).toMatchObject([
      { permitId: id, title: "Weld stair stringers", projectName: "Harbor Tower", fireWatchBy: "sam  WATCH" },
    ]);
    expect((await t.request({ method: "GET", url: "/api/dashboard/overdue-fire-watches", as: outsider })).json()).toEqual([]);
    expect((await permit(id, watcher)).fireWatch.state).toBe("overdue");
  });

  it("signed off by the fire watch: in the permit's history, off the overdue list, no further reminders", async () => {
    clock = at(80);
    const res = await signOff(id, watcher);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fireWatch).toMatchObject({ state: "signedOff", signedOffName: "Sam Watch", signedOffAt: at(80).toISOString() });
    const actions = res.json().history.map((h: { action: string }) => h.action);
    expect(actions).toEqual(expect.arrayContaining(["closed", "fireWatchStarted", "fireWatchOverdue", "fireWatchSignedOff"]));
    expect((await signOff(id, watcher)).json().message).toBe("This fire watch is already signed off");
    expect((await t.request({ method: "GET", url: "/api/dashboard/overdue-fire-watches", as: manager })).json()).toEqual([]);
    expect(await advanceFireWatch(t.db, undefined, id, at(200))).toEqual([]);
  });
});

describe("the site's fire-watch length", () => {
  it("is set by staff, never below 30 minutes, and used by the next watch", async () => {
    const low = await put(`/api/projects/${projectA}/fire-watch-minutes`, manager, { minutes: 20 });
    expect(low.statusCode).toBe(400);
    expect(low.json().message).toBe("The fire watch must last at least 30 minutes");
    expect((await put(`/api/projects/${projectA}/fire-watch-minutes`, welder, { minutes: 45 })).statusCode).toBe(403);
    const ok = await put(`/api/projects/${projectA}/fire-watch-minutes`, manager, { minutes: 45 });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = await requestPermit({ title: "Cut rebar" });
    expect((await put(`/api/hot-work-permits/${id}/approve`, admin)).statusCode).toBe(200);
    clock = at(100);
    const closed = await put(`/api/hot-work-permits/${id}/close`, manager);
    expect(closed.json().fireWatch).toMatchObject({ startsAt: at(100).toISOString(), endsAt: at(145).toISOString() });
    // A permit without a fire watch starts none.
    const plain = await requestPermit({ title: "Grind bolts", fireWatchRequired: false, fireWatchBy: null });
    await put(`/api/hot-work-permits/${plain}/approve`, admin);
    expect((await put(`/api/hot-work-permits/${plain}/close`, manager)).json().fireWatch).toBeNull();
  });
});

describe("who may read a notification", () => {
  it("a worker moved off the project no longer sees its notifications, and new ones are not sent", async () => {
    const id = await requestPermit({ title: "Torch-cut railing" });
    await put(`/api/hot-work-permits/${id}/approve`, manager);
    expect(about(await notes(watcher), "permit.approved", id)).toHaveLength(1);
    const before = await unread(watcher);
    await t.db
      .deleteFrom("projectWorkers")
      .where("workerId", "=", watcher.workerId as number)
      .where("projectId", "=", projectA)
      .execute();
    expect(about(await notes(watcher), "permit.approved", id)).toEqual([]);
    expect(await unread(watcher)).toBeLessThan(before);
    // Named again on a new permit, but no longer on the project: not matched, not told.
    const next = await requestPermit({ title: "Braze copper lines" });
    const approved = await put(`/api/hot-work-permits/${next}/approve`, manager);
    expect(approved.json().fireWatchUserId).toBeNull();
    expect(about(await notes(watcher), "permit.approved", next)).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from notifications where user_id = ${watcher.id} and entity_id = ${next}`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
    await t.assign(watcher.workerId as number, projectA);
  });

  it("marks read one at a time or all at once, only the reader's own", async () => {
    const list = await notes(manager);
    const first = list.find((n) => n.readAt === null) as Note;
    const count = await unread(manager);
    const res = await put(`/api/notifications/${first.id}/read`, manager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unread: count - 1 });
    const theirs = await put(`/api/notifications/${first.id}/read`, welder);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Notification not found");
    expect((await put("/api/notifications/read-all", manager)).json()).toEqual({ unread: 0 });
    expect((await notes(manager)).every((n) => n.readAt !== null)).toBe(true);
  });
});

describe("other events", () => {
  it("an incident filed tells the managers; a severe one is urgent", async () => {
    const file = async (severity: string) => {
      const res = await t.request({
        method: "POST",
        url: "/api/incident-reports",
        as: coworker,
        payload: {
          projectId: projectA,
          title: `Fall ${severity}`,
          description: "Slipped on the stair",
          severity,
          date: "2026-03-02",
          location: "Stair",
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const severe = await file("severe");
    const minor = await file("minor");
    expect(about(await notes(manager), "incident.filed", severe)).toMatchObject([
      { urgent: true, link: `/forms/incident-reports/${severe}` },
    ]);
    expect(about(await notes(admin), "incident.filed", minor)).toMatchObject([{ urgent: false }]);
    expect(about(await notes(welder), "incident.filed", severe)).toEqual([]);
  });

  it("a safety message tells the managers; resolving it with an answer tells its author", async () => {
    const res = await t.request({
      method: "POST",
      url: "/api/safety-comments",
      as: coworker,
      payload: { title: "Loose guardrail", content: "Level 3 guardrail moves", projectId: projectA },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect(about(await notes(manager), "safetyMessage.created", id)).toMatchObject([
      { link: "/safety-comments", params: { title: "Loose guardrail" } },
    ]);
    expect(about(await notes(welder), "safetyMessage.created", id)).toEqual([]);
    const resolved = await put(`/api/safety-comments/${id}`, manager, { status: "resolved", managerResponse: "Fixed this morning" });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(about(await notes(coworker), "safetyMessage.replied", id)).toHaveLength(1);
  });

  it("a JHA comment tells the submitter and earlier commenters; a private one only those who may read it", async () => {
    const form = await t.request({
      method: "POST",
      url: "/api/jha-forms",
      as: welder,
      payload: {
        projectId: projectA,
        title: "Roof work",
        jobDescription: "Replace flashing",
        hazards: [{ description: "Fall from edge", riskLevel: "high" }],
        controlMeasures: [{ description: "Harness and anchor", responsibility: "Foreman" }],
      },
    });
    expect(form.statusCode, form.body).toBe(201);
    const formId = form.json().id as number;
    const comment = (as: TestUser, visibility: string) =>
      t.request({ method: "POST", url: `/api/jha-forms/${formId}/comments`, as, payload: { content: "Check anchors", visibility } });
    expect((await comment(coworker, "public")).statusCode).toBe(201);
    expect(about(await notes(welder), "jha.commented", formId)).toMatchObject([{ params: { title: "Roof work", by: "Otto Other" } }]);
    expect((await comment(manager, "public")).statusCode).toBe(201);
    expect(about(await notes(coworker), "jha.commented", formId)).toHaveLength(1);
    expect(about(await notes(welder), "jha.commented", formId)).toHaveLength(2);
    expect((await comment(admin, "private")).statusCode).toBe(201);
    expect(about(await notes(welder), "jha.commented", formId)).toHaveLength(2);
    expect(about(await notes(manager), "jha.commented", formId)).toHaveLength(1);
  });
});
