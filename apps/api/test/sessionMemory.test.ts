import { sessions } from "@sitesafe/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionMemory } from "../src/readMemory/sessions.js";
import { MemoryStore } from "../src/readMemory/store.js";
import { buildServer } from "../src/server.js";
import { createTestApp, type TestApp, testConfig } from "./helpers.js";

// The per-process session memory (docs/decisions/performance.md, docs/decisions/0005-session-cache.md, 0007): a write
// through this server, or made elsewhere (another instance, a script), takes effect on the next
// request, because a remembered session is used only while the database's snapshot is unchanged.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sessionIdOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";

describe("session memory", () => {
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
    // Another instance on the same database, remembering sessions for a minute.
    const other = await buildServer({ config: { ...testConfig, sessionCacheMs: 60_000 }, dbHandle: t.dbHandle, logger: false });
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

  it("a wrong secret for a remembered session id is refused", async () => {
    const worker = await t.createUser({ role: "worker" });
    expect((await t.request({ method: "GET", url: "/api/user", as: worker })).statusCode).toBe(200);
    const forged = `${worker.cookie.split(".")[0]}.${"A".repeat(32)}`;
    const res = await t.request({ method: "GET", url: "/api/user", headers: { cookie: forged } });
    expect(res.statusCode).toBe(401);
  });
});

describe("SessionMemory", () => {
  const session = { id: "s1" } as sessions.SessionWithActor;

  it("forgets an entry after its lifetime", () => {
    const cache = new SessionMemory(1_000, new MemoryStore());
    cache.set("s1", session, "5:5:", 10_000);
    expect(cache.get("s1", "5:5:", 10_999)).toBe(session);
    expect(cache.get("s1", "5:5:", 11_000)).toBeUndefined();
  });

  it("uses an entry only under the data version it was read under: any write since means reading again", () => {
    const cache = new SessionMemory(60_000, new MemoryStore());
    cache.set("s1", session, "5:5:");
    expect(cache.get("s1", "5:5:")).toBe(session);
    expect(cache.get("s1", "5:6:")).toBeUndefined();
    expect(cache.get("s1", "5:5:")).toBeUndefined();
  });

  it("remembers nothing when turned off", () => {
    const cache = new SessionMemory(0, new MemoryStore());
    cache.set("s1", session, "5:5:");
    expect(cache.get("s1", "5:5:")).toBeUndefined();
  });
});
