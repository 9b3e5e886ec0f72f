import { sessions } from "@sitesafe/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SESSION_TTL_MS } from "../src/auth/sessions.js";
import { buildServer } from "../src/server.js";
import { createTestApp, type TestApp, testConfig } from "./helpers.js";

/** Session expiry, sliding renewal and clearing a dead cookie (auth/sessions.ts, context.ts). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** A fresh session of a new user whose expiry is set to `expiresInMs` from now. */
async function sessionExpiringIn(expiresInMs: number) {
  const user = await t.createUser();
  const session = await createSession(t.db, user.id);
  await t.db
    .updateTable("sessions")
    .set({ expiresAt: new Date(Date.now() + expiresInMs) })
    .where("id", "=", session.id)
    .execute();
  return { user, session, cookie: `session=${session.token}` };
}

const me = (cookie: string) => t.request({ method: "GET", url: "/api/user", headers: { cookie } });

/** The Set-Cookie for the session cookie, if the answer has one. */
function sessionCookie(res: Awaited<ReturnType<typeof me>>) {
  return res.cookies.find((c) => c.name === "session");
}

describe("sessions", () => {
  it("a session with more than half its 30 days left is used as is: no new cookie, no new expiry", async () => {
    const { session, cookie, user } = await sessionExpiringIn(20 * DAY);
    const before = await t.db.selectFrom("sessions").select("expiresAt").where("id", "=", session.id).executeTakeFirstOrThrow();
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
    expect(sessionCookie(res)).toBeUndefined();
    const after = await t.db.selectFrom("sessions").select("expiresAt").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
  });

  it("a session with less than half left slides: 30 days from now, in the database and in a renewed cookie", async () => {
    const { session, cookie } = await sessionExpiringIn(10 * DAY);
    const started = Date.now();
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    const renewed = sessionCookie(res);
    expect(renewed?.value).toBe(session.token);
    expect(renewed).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const cookieExpiry = renewed?.expires?.getTime() ?? 0;
    // Cookie dates have whole seconds.
    expect(cookieExpiry).toBeGreaterThanOrEqual(Math.floor((started + SESSION_TTL_MS) / 1000) * 1000);
    expect(cookieExpiry).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);
    const row = await t.db.selectFrom("sessions").select("expiresAt").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(started + SESSION_TTL_MS);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);
  });

  it("an expired session answers 401, is deleted, and its cookie is cleared", async () => {
    const { session, cookie } = await sessionExpiringIn(-1000);
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not signed in" });
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    const row = await t.db.selectFrom("sessions").select("id").where("id", "=", session.id).executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it.each([
    ["made up", "session=not-a-session"],
    ["a real id with a wrong secret", "WRONG"],
    ["signed out elsewhere", "DELETED"],
  ])("a cookie that is %s answers 401 and is cleared", async (_what, kind) => {
    let cookie = kind;
    if (kind === "WRONG" || kind === "DELETED") {
      const { session, cookie: good } = await sessionExpiringIn(20 * DAY);
      cookie = kind === "WRONG" ? `session=${session.id}.${"A".repeat(32)}` : good;
      if (kind === "DELETED") await t.db.deleteFrom("sessions").where("id", "=", session.id).execute();
    }
    const res = await me(cookie);
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)?.value).toBe("");
  });

  it("signing in over a dead cookie sets the new session, not a clearing", async () => {
    const user = await t.createUser({ password: "Right1pass" });
    const res = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: user.username, password: "Right1pass" },
      headers: { cookie: "session=stale.cookie" },
    });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.filter((c) => c.name === "session");
    expect(set).toHaveLength(1);
    expect(set[0]?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await me(`session=${set[0]?.value}`)).statusCode).toBe(200);
  });

  it("no cookie, no Set-Cookie", async () => {
    const res = await t.request({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";

// Every request reads its session, user, role and assignments from the database: a logout, a role
// change or an unassignment, made through any instance or straight in the database, takes effect
// on the very next request.
describe("session changes take effect on the next request", () => {
  it("a logout through this server ends the session on the very next request", async () => {
    const worker = await t.createUser({ role: "worker" });
    expect((await t.request({ method: "GET", url: "/api/user", as: worker })).statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/api/logout", as: worker })).statusCode).toBe(200);
    const after = await t.request({ method: "GET", url: "/api/user", as: worker });
    expect(after.statusCode).toBe(401);
  });

  it("removing a worker from a project through the API takes their access away at once", async () => {
    const admin = await t.createUser({ role: "admin" });
    const worker = await t.createUser({ role: "worker" });
    const projectId = await t.createProject();
    await t.assign(worker.workerId as number, projectId);
    expect((await t.request({ method: "GET", url: `/api/projects/${projectId}`, as: worker })).statusCode).toBe(200);
    const removed = await t.request({ method: "DELETE", url: `/api/projects/${projectId}/workers/${worker.workerId}`, as: admin });
    expect(removed.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: `/api/projects/${projectId}`, as: worker })).statusCode).toBe(403);
  });

  it("a session deleted or a role changed outside this server takes effect on the very next request", async () => {
    // Another instance on the same database.
    const other = await buildServer({ config: testConfig, dbHandle: t.dbHandle, logger: false });
    try {
      const worker = await t.createUser({ role: "worker" });
      const manager = await t.createUser({ role: "manager" });
      const get = (cookie: string, url = "/api/user") => other.inject({ method: "GET", url, headers: { cookie } });
      expect((await get(worker.cookie)).statusCode).toBe(200);
      expect((await get(manager.cookie, "/api/workers?limit=5")).statusCode).toBe(200);
      await sessions.deleteSession(t.db, sessionIdOf(worker.cookie));
      expect((await get(worker.cookie)).statusCode).toBe(401);
      await t.db.updateTable("users").set({ role: "worker" }).where("id", "=", manager.id).execute();
      expect((await get(manager.cookie, "/api/workers?limit=5")).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it("a wrong secret for a known session id is refused", async () => {
    const worker = await t.createUser({ role: "worker" });
    expect((await t.request({ method: "GET", url: "/api/user", as: worker })).statusCode).toBe(200);
    const forged = `${worker.cookie.split(".")[0]}.${"A".repeat(32)}`;
    const res = await t.request({ method: "GET", url: "/api/user", headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });
});
