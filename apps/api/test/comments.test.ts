import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/**
 * Safety messages through every REST route, for each role. A worker asking about another worker's
 * message gets 404 (as if it did not exist), never 403: their list never shows it.
 */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let manager2: TestUser;
let author: TestUser;
let otherWorker: TestUser;
let p1: number;
let p2: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
  manager = await t.createUser({ role: "manager", firstName: "Mona", lastName: "Manager" });
  manager2 = await t.createUser({ role: "manager", firstName: "Max", lastName: "Manager" });
  author = await t.createUser({ role: "worker", firstName: "Walt", lastName: "Worker" });
  otherWorker = await t.createUser({ role: "worker", firstName: "Olga", lastName: "Other" });
  p1 = await t.createProject({ name: "Harbor Tower", location: "Seattle" });
  p2 = await t.createProject({ name: "Mill Street Bridge", location: "Portland" });
  await t.assign(author.workerId!, p1);
  await t.assign(otherWorker.workerId!, p1);
  await t.assign(otherWorker.workerId!, p2);
});
afterAll(() => t.close());

const message = {
  title: "Loose scaffold plank",
  content: "A plank on level 3 of the scaffold is loose and moves when stepped on.",
  status: "open",
};

async function send(as: TestUser, payload: Record<string, unknown>) {
  return t.request({ method: "POST", url: "/api/safety-comments", payload, as });
}

async function auditOf(id: number) {
  return t.db
    .selectFrom("auditEvents")
    .select(["action", "fromState", "toState", "actorUserId", "details"])
    .where("entity", "=", "comment")
    .where("entityId", "=", id)
    .orderBy("id")
    .execute();
}

/** Inserts a message straight into the database, backdated, for list and state fixtures. */
async function seedComment(values: {
  userId: number;
  projectId: number | null;
  status?: "open" | "in_progress" | "resolved" | "closed";
  title?: string;
  minutesAgo?: number;
}) {
  const row = await t.db
    .insertInto("safetyComments")
    .values({
      userId: values.userId,
      projectId: values.projectId,
      title: values.title ?? "Seeded message",
      content: "Seeded message content, long enough.",
      status: values.status ?? "open",
      createdAt: new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe("POST /api/safety-comments", () => {
  it("is 401 signed out", async () => {
    expect((await t.request({ method: "POST", url: "/api/safety-comments", payload: message })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/safety-comments" })).statusCode).toBe(401);
  });

  it("lets a worker send a message about an assigned project; it is open, theirs, and audited", async () => {
    const res = await send(author, { ...message, projectId: p1, userId: otherWorker.id, status: "resolved" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      userId: author.id,
      projectId: p1,
      title: message.title,
      status: "open",
      resolvedAt: null,
      resolvedBy: null,
      managerResponse: null,
      user: { firstName: "Walt", lastName: "Worker" },
      project: { name: "Harbor Tower", location: "Seattle" },
      resolvedByUser: null,
    });
    expect(await auditOf(body.id)).toEqual([
      { action: "created", fromState: null, toState: "open", actorUserId: author.id, details: null },
    ]);
  });

  it("accepts a message about no project (null)", async () => {
    const res = await send(author, { ...message, projectId: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ projectId: null, project: null });
  });

  it("refuses a project the worker is not assigned to with 403", async () => {
    const res = await send(author, { ...message, projectId: p2 });
    expect(res.statusCode).toBe(403);
  });

  it("refuses a project that does not exist", async () => {
    // Not assigned either, so a worker learns nothing about which ids exist.
    expect((await send(author, { ...message, projectId: 999_999 })).statusCode).toBe(403);
  });

  it.each(["admin", "manager"] as const)("refuses a %s with 403: only workers send messages", async (role) => {
    const res = await send(role === "admin" ? admin : manager, { ...message, projectId: p1 });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [{ ...message, title: "Hey" }, "Title must be at least 5 characters"],
    [{ ...message, title: "x".repeat(101) }, "Title is too long"],
    [{ ...message, content: "short" }, "Comment must be at least 10 characters"],
    [{ ...message, content: "x".repeat(1001) }, "Comment too long, maximum 1000 characters"],
    [{ ...message, projectId: "abc" }, "Please select a valid project"],
  ])("answers 400 with the product's message (%#)", async (payload, expected) => {
    const res = await send(author, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(expected);
  });
});

describe("GET /api/safety-comments", () => {
  let ids: { mineOpen: number; mineResolved: number; othersP2: number; othersInProgress: number };
  beforeAll(async () => {
    await t.db.deleteFrom("safetyComments").execute();
    ids = {
      mineResolved: await seedComment({ userId: author.id, projectId: p1, status: "resolved", minutesAgo: 40 }),
      othersInProgress: await seedComment({ userId: otherWorker.id, projectId: p1, status: "in_progress", minutesAgo: 30 }),
      othersP2: await seedComment({ userId: otherWorker.id, projectId: p2, minutesAgo: 20 }),
      mineOpen: await seedComment({ userId: author.id, projectId: p1, minutesAgo: 10 }),
    };
  });

  const idsOf = (res: { json(): { id: number }[] }) => res.json().map((c) => c.id);

  it("shows a worker only their own messages, newest first", async () => {
    const res = await t.request({ method: "GET", url: "/api/safety-comments", as: author });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([ids.mineOpen, ids.mineResolved]);
    expect(idsOf(await t.request({ method: "GET", url: "/api/safety-comments", as: otherWorker }))).toEqual([
      ids.othersP2,
      ids.othersInProgress,
    ]);
  });

  it("shows staff every message, with author and project joined in", async () => {
    for (const as of [admin, manager]) {
      const res = await t.request({ method: "GET", url: "/api/safety-comments", as });
      expect(idsOf(res)).toEqual([ids.mineOpen, ids.othersP2, ids.othersInProgress, ids.mineResolved]);
      expect(res.json()[1]).toMatchObject({
        user: { firstName: "Olga", lastName: "Other" },
        project: { name: "Mill Street Bridge", location: "Portland" },
      });
    }
  });

  it("filters by tab (open = open + in_progress), project and page", async () => {
    const get = async (query: string, as = manager) => idsOf(await t.request({ method: "GET", url: `/api/safety-comments?${query}`, as }));
    expect(await get("status=open")).toEqual([ids.mineOpen, ids.othersP2, ids.othersInProgress]);
    expect(await get("status=resolved")).toEqual([ids.mineResolved]);
    expect(await get("status=all")).toHaveLength(4);
    expect(await get(`projectId=${p2}`)).toEqual([ids.othersP2]);
    expect(await get(`status=open&projectId=${p1}`)).toEqual([ids.mineOpen, ids.othersInProgress]);
    expect(await get("limit=2&offset=1")).toEqual([ids.othersP2, ids.othersInProgress]);
    // A worker's filter never widens their view.
    expect(await get(`projectId=${p2}`, author)).toEqual([]);
  });

  it("answers 400 for a bad filter", async () => {
    expect((await t.request({ method: "GET", url: "/api/safety-comments?status=pending", as: manager })).statusCode).toBe(400);
  });
});

describe("PUT and DELETE /api/safety-comments/:id", () => {
  let id: number;
  const put = (as: TestUser, payload: Record<string, unknown>, commentId = id) =>
    t.request({ method: "PUT", url: `/api/safety-comments/${commentId}`, payload, as });

  beforeAll(async () => {
    id = (await send(author, { ...message, projectId: p1 })).json().id;
  });

  it("lets the author edit title, content and project while open", async () => {
    const res = await put(author, { title: "Loose scaffold plank (level 3)", content: message.content, status: "open", projectId: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Loose scaffold plank (level 3)", projectId: null, status: "open" });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["created", "edited"]);
    expect((await put(author, { title: message.title, content: message.content, projectId: p1 })).statusCode).toBe(200);
  });

  it("takes the author's edit with the product's payload while the message is in progress, status included; the status stays", async () => {
    const own = (await send(author, { ...message, projectId: p1 })).json().id as number;
    // The author's edit of an open message that carries "in_progress" is still only an edit.
    const early = await put(
      author,
      { title: "Wet floor by the hoist", content: message.content, status: "in_progress", projectId: p1 },
      own,
    );
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({ title: "Wet floor by the hoist", status: "open" });
    expect((await put(manager, { status: "in_progress" }, own)).statusCode).toBe(200);
    const res = await put(
      author,
      { title: "Wet floor by the hoist, level 2", content: `${message.content} Still wet.`, status: "in_progress", projectId: p1 },
      own,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Wet floor by the hoist, level 2",
      content: `${message.content} Still wet.`,
      status: "in_progress",
      projectId: p1,
    });
    expect((await auditOf(own)).map((a) => [a.action, a.actorUserId])).toEqual([
      ["created", author.id],
      ["edited", author.id],
      ["in_progress", manager.id],
      ["edited", author.id],
    ]);
    // Staff sending the same body mean the status: an in-progress message answers 409, not an edit.
    expect(
      (await put(manager, { title: "Staff rewrite", content: message.content, status: "in_progress", projectId: p1 }, own)).statusCode,
    ).toBe(409);
  });

  it("validates edits with the product's messages", async () => {
    const res = await put(author, { title: "abc", content: message.content, projectId: p1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Title must be at least 5 characters");
  });

  it("refuses an edit moving the message to an unassigned project with 403", async () => {
    expect((await put(author, { ...message, projectId: p2 })).statusCode).toBe(403);
  });

  it("answers 404 to another worker for every change, and 403 to staff editing a worker's words", async () => {
    expect((await put(otherWorker, { ...message, projectId: p1 })).statusCode).toBe(404);
    expect((await put(otherWorker, { status: "in_progress" })).statusCode).toBe(404);
    expect((await put(otherWorker, { status: "resolved" })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/safety-comments/${id}`, as: otherWorker })).statusCode).toBe(404);
    expect((await put(manager, { ...message, projectId: p1 })).statusCode).toBe(403);
    expect((await put(admin, { ...message, projectId: p1 })).statusCode).toBe(403);
  });

  it("answers 404 for a message that does not exist", async () => {
    expect((await put(manager, { status: "in_progress" }, 999_999)).statusCode).toBe(404);
  });

  it("refuses the author's own status changes with 403", async () => {
    expect((await put(author, { status: "in_progress" })).statusCode).toBe(403);
    expect((await put(author, { status: "resolved", managerResponse: "I fixed it myself" })).statusCode).toBe(403);
  });

  it("lets a manager mark an open message in progress, once", async () => {
    const res = await put(manager, { status: "in_progress" });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("in_progress");
    const again = await put(manager, { status: "in_progress" });
    expect(again.statusCode).toBe(409);
    const audits = await auditOf(id);
    expect(audits.at(-1)).toMatchObject({ action: "in_progress", fromState: "open", toState: "in_progress", actorUserId: manager.id });
  });

  it("still lets the author edit an in-progress message", async () => {
    expect((await put(author, { ...message, projectId: p1 })).statusCode).toBe(200);
  });

  it("lets a manager resolve with a response, recording who and when", async () => {
    const before = Date.now();
    const res = await put(manager, { status: "resolved", managerResponse: "Plank replaced and scaffold re-inspected." });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: "resolved",
      resolvedBy: manager.id,
      managerResponse: "Plank replaced and scaffold re-inspected.",
      resolvedByUser: { firstName: "Mona", lastName: "Manager" },
    });
    expect(new Date(body.resolvedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await auditOf(id)).at(-1)).toMatchObject({
      action: "resolved",
      fromState: "in_progress",
      toState: "resolved",
      actorUserId: manager.id,
    });
  });

  it("shows the author the response", async () => {
    const list = (await t.request({ method: "GET", url: "/api/safety-comments", as: author })).json();
    expect(list.find((c: { id: number }) => c.id === id)).toMatchObject({
      managerResponse: "Plank replaced and scaffold re-inspected.",
      resolvedByUser: { firstName: "Mona" },
    });
  });

  it("refuses every change to a resolved message with 409: edit, delete by the author, resolve, mark in progress", async () => {
    const edit = await put(author, { ...message, projectId: p1 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe("Cannot edit a resolved message");
    expect((await t.request({ method: "DELETE", url: `/api/safety-comments/${id}`, as: author })).statusCode).toBe(409);
    expect((await put(manager, { status: "resolved" })).statusCode).toBe(409);
    expect((await put(admin, { status: "in_progress" })).statusCode).toBe(409);
  });

  it("refuses a closed message too", async () => {
    const closed = await seedComment({ userId: author.id, projectId: p1, status: "closed" });
    expect((await put(author, { ...message, projectId: p1 }, closed)).statusCode).toBe(409);
    expect((await put(manager, { status: "resolved" }, closed)).statusCode).toBe(409);
  });

  it("lets an admin resolve an open message directly, without a response", async () => {
    const open = await seedComment({ userId: otherWorker.id, projectId: p2 });
    const res = await put(admin, { status: "resolved" }, open);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "resolved", managerResponse: null, resolvedBy: admin.id });
    expect((await auditOf(open)).at(-1)).toMatchObject({ fromState: "open", toState: "resolved" });
  });

  it("lets only one of two managers resolving at once win", async () => {
    const race = await seedComment({ userId: author.id, projectId: p1 });
    const results = await Promise.all([
      put(manager, { status: "resolved", managerResponse: "First" }, race),
      put(manager2, { status: "resolved", managerResponse: "Second" }, race),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(race)).filter((a) => a.action === "resolved")).toHaveLength(1);
  });

  it("deletes: managers never (403), the author while open (204, then 404), admins any", async () => {
    const open = await seedComment({ userId: author.id, projectId: p1 });
    expect((await t.request({ method: "DELETE", url: `/api/safety-comments/${open}`, as: manager })).statusCode).toBe(403);
    const del = await t.request({ method: "DELETE", url: `/api/safety-comments/${open}`, as: author });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect((await t.request({ method: "DELETE", url: `/api/safety-comments/${open}`, as: author })).statusCode).toBe(404);
    expect((await auditOf(open)).at(-1)).toMatchObject({ action: "deleted", fromState: "open", toState: null, actorUserId: author.id });

    const resolved = await t.request({ method: "DELETE", url: `/api/safety-comments/${id}`, as: admin });
    expect(resolved.statusCode).toBe(204);
    expect(await t.db.selectFrom("safetyComments").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect((await auditOf(id)).at(-1)).toMatchObject({ action: "deleted", fromState: "resolved", actorUserId: admin.id });
  });
});

describe("tRPC comments procedures", () => {
  const trpcGet = (path: string, as: TestUser) => t.request({ method: "GET", url: `/trpc/${path}`, as });

  it("offers staff every project and a worker their assigned ones", async () => {
    const names = async (as: TestUser) =>
      (await trpcGet("comments.projectOptions", as)).json().result.data.json.map((p: { name: string }) => p.name);
    expect(await names(manager)).toEqual(["Harbor Tower", "Mill Street Bridge"]);
    expect(await names(author)).toEqual(["Harbor Tower"]);
    expect(await names(otherWorker)).toEqual(["Harbor Tower", "Mill Street Bridge"]);
  });

  it("reads one message for its author and staff, 404 for another worker", async () => {
    const id = await seedComment({ userId: author.id, projectId: p1 });
    const input = encodeURIComponent(JSON.stringify({ json: { id } }));
    expect((await trpcGet(`comments.byId?input=${input}`, author)).statusCode).toBe(200);
    expect((await trpcGet(`comments.byId?input=${input}`, manager)).statusCode).toBe(200);
    expect((await trpcGet(`comments.byId?input=${input}`, otherWorker)).statusCode).toBe(404);
  });
});
