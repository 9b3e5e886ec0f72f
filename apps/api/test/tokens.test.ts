import { Writable } from "node:stream";
import { createTestDb } from "@sitesafe/db/testing";
import { NO_EXPIRY_ADMIN_ONLY, READ_ONLY_TOKEN, SESSION_REQUIRED, TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_REVOKED } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/server.js";
import { hashServiceToken } from "../src/services/tokens.js";
import { createTestApp, type TestApp, type TestUser, testConfig } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 86_400_000;

async function create(as: TestUser, payload: object) {
  return t.request({ method: "POST", url: "/api/tokens", payload, as });
}

describe("creating, listing and revoking one's own tokens", () => {
  it("shows the secret once, stores only its hash, lists name, scope and dates without it", async () => {
    const worker = await t.createUser({ role: "worker" });
    const res = await create(worker, { name: "payroll sync", scope: "read" });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: number; token: string; name: string; scope: string; expiresAt: string; tokenPreview: string };
    expect(created.token).toMatch(/^sst_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "payroll sync", scope: "read", tokenPreview: `${created.token.slice(0, 8)}...` });
    // Default expiry: 90 days.
    const days = (new Date(created.expiresAt).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const row = await t.db.selectFrom("serviceTokens").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(hashServiceToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const list = await t.request({ method: "GET", url: "/api/tokens", as: worker });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(4));
    expect(list.body).not.toContain("tokenHash");
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, name: "payroll sync", scope: "read", lastUsedAt: null })]);

    const revoke = await t.request({ method: "DELETE", url: `/api/tokens/${created.id}`, as: worker });
    expect(revoke.statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/tokens", as: worker })).json()).toEqual([]);
    expect((await t.request({ method: "DELETE", url: `/api/tokens/${created.id}`, as: worker })).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom("auditEvents")
      .select(["action"])
      .where("entity", "=", "serviceToken")
      .where("entityId", "=", created.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["created", "revoked"]);
  });

  it("validates name, scope and expiry: at most a year, never-expiring for admins only", async () => {
    const manager = await t.createUser({ role: "manager" });
    const admin = await t.createUser({ role: "admin" });
    expect((await create(manager, { name: "" })).json()).toMatchObject({ message: "Name is required" });
    expect((await create(manager, { name: "x", scope: "admin" })).json()).toMatchObject({
      message: "Scope must be either 'read' or 'read-write'",
    });
    const tooLong = await create(manager, { name: "x", expiresInDays: 366 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: "Expiry can be at most 365 days", issues: [{ path: "expiresInDays" }] });
    const never = await create(manager, { name: "x", expiresInDays: null });
    expect(never.statusCode).toBe(403);
    expect(never.json()).toEqual({ message: NO_EXPIRY_ADMIN_ONLY });
    const year = await create(manager, { name: "x", expiresInDays: 365 });
    expect(year.statusCode).toBe(201);
    const adminNever = await create(admin, { name: "x", expiresInDays: null });
    expect(adminNever.statusCode).toBe(201);
    expect(adminNever.json()).toMatchObject({ expiresAt: null });
  });

  it("one person cannot revoke another's token through /api/tokens/:id (404, token still works)", async () => {
    const a = await t.createUser({ role: "worker" });
    const b = await t.createUser({ role: "worker" });
    const made = (await create(a, { name: "mine" })).json() as { id: number; token: string };
    expect((await t.request({ method: "DELETE", url: `/api/tokens/${made.id}`, as: b })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: "/api/user", bearer: made.token })).statusCode).toBe(200);
  });
});

describe("a bearer token acts as its owner", () => {
  it("authenticates REST and tRPC, records its last use, and needs no Origin for writes", async () => {
    const manager = await t.createUser({ role: "manager" });
    const secret = await t.tokenFor(manager);
    const me = await t.request({ method: "GET", url: "/api/user", bearer: secret });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: manager.id, role: "manager" });
    const trpc = await t.request({ method: "GET", url: "/trpc/auth.me", bearer: secret });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.body).toContain(manager.username);
    const write = await t.request({
      method: "POST",
      url: "/api/projects",
      bearer: secret,
      payload: { name: "Token Tower", location: "Springfield", status: "active", startDate: "2026-03-01" },
    });
    expect(write.statusCode, write.body).toBe(201);
    const used = await t.db
      .selectFrom("serviceTokens")
      .select("lastUsedAt")
      .where("tokenHash", "=", hashServiceToken(secret))
      .executeTakeFirstOrThrow();
    expect(used.lastUsedAt).not.toBeNull();
  });

  it("a cookie write still needs the Origin; a bearer header does not open that door for a cookie", async () => {
    const manager = await t.createUser({ role: "manager" });
    const body = { name: "Cookie Tower", location: "Springfield", status: "active", startDate: "2026-03-01" };
    const noOrigin = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      payload: body,
      headers: { host: "localhost:80", cookie: manager.cookie },
    });
    expect(noOrigin.statusCode).toBe(403);
    // A bogus bearer next to a valid cookie: the token alone decides, and it is invalid.
    const mixed = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      payload: body,
      headers: { host: "localhost:80", cookie: manager.cookie, authorization: "Bearer nope" },
    });
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json()).toEqual({ message: TOKEN_INVALID });
  });

  it("a read token reads but every write is 403 with a clear message, on REST and tRPC, and changes nothing", async () => {
    const admin = await t.createUser({ role: "admin" });
    const secret = await t.tokenFor(admin, { scope: "read" });
    expect((await t.request({ method: "GET", url: "/api/projects", bearer: secret })).statusCode).toBe(200);
    const before = await t.db
      .selectFrom("projects")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const rest = await t.request({
      method: "POST",
      url: "/api/projects",
      bearer: secret,
      payload: { name: "Nope", location: "X", status: "active", startDate: "2026-03-01" },
    });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ message: READ_ONLY_TOKEN });
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/projects.create",
      bearer: secret,
      payload: { json: { name: "Nope", location: "X", status: "active", startDate: "2026-03-01" } },
    });
    expect(trpc.statusCode).toBe(403);
    expect(trpc.body).toContain(READ_ONLY_TOKEN);
    expect(
      await t.db
        .selectFrom("projects")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it("unknown, malformed, revoked and expired tokens are 401 with their reason", async () => {
    const worker = await t.createUser({ role: "worker" });
    const expired = await t.tokenFor(worker, { expiresAt: new Date(Date.now() - 1000) });
    const live = (await create(worker, { name: "to revoke" })).json() as { id: number; token: string };
    await t.request({ method: "DELETE", url: `/api/tokens/${live.id}`, as: worker });
    const cases: [string, string][] = [
      ["sst_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", TOKEN_INVALID],
      ["not-a-token", TOKEN_INVALID],
      ["", TOKEN_INVALID],
      [live.token, TOKEN_REVOKED],
      [expired, TOKEN_EXPIRED],
    ];
    for (const [secret, message] of cases) {
      for (const url of ["/api/user", "/api/projects"]) {
        const res = await t.request({ method: "GET", url, bearer: secret });
        expect(res.statusCode, `${secret} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message });
      }
      const trpc = await t.request({ method: "GET", url: "/trpc/auth.me", bearer: secret });
      expect(trpc.statusCode).toBe(401);
    }
  });

  it("the owner's changes count on the next request: demotion, unassignment, deletion", async () => {
    const admin = await t.createUser({ role: "admin" });
    const worker = await t.createUser({ role: "worker" });
    if (worker.workerId === null) throw new Error("no profile");
    const project = await t.createProject();
    await t.assign(worker.workerId, project);
    const adminToken = await t.tokenFor(admin);
    const workerToken = await t.tokenFor(worker, { scope: "read" });

    // Warm every memory with the current answers first.
    expect((await t.request({ method: "GET", url: "/api/users", bearer: adminToken })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: `/api/projects/${project}`, bearer: workerToken })).statusCode).toBe(200);

    await t.db.updateTable("users").set({ role: "manager" }).where("id", "=", admin.id).execute();
    const demoted = await t.request({ method: "GET", url: "/api/users", bearer: adminToken });
    expect(demoted.statusCode).toBe(403);

    await t.db.deleteFrom("projectWorkers").where("workerId", "=", worker.workerId).execute();
    expect((await t.request({ method: "GET", url: `/api/projects/${project}`, bearer: workerToken })).statusCode).toBe(403);

    await t.db.deleteFrom("users").where("id", "=", worker.id).execute();
    const gone = await t.request({ method: "GET", url: "/api/user", bearer: workerToken });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: TOKEN_INVALID });
  });

  it("a never-expiring token stops when its owner is no longer an admin", async () => {
    const admin = await t.createUser({ role: "admin" });
    const forever = await t.tokenFor(admin, { expiresAt: null });
    expect((await t.request({ method: "GET", url: "/api/user", bearer: forever })).statusCode).toBe(200);
    await t.db.updateTable("users").set({ role: "manager" }).where("id", "=", admin.id).execute();
    const res = await t.request({ method: "GET", url: "/api/user", bearer: forever });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: TOKEN_EXPIRED });
  });

  it("cannot mint tokens, change the password or revoke tokens, itself included (a password session is required)", async () => {
    const worker = await t.createUser({ role: "worker" });
    const made = (await create(worker, { name: "script", scope: "read-write" })).json() as { id: number; token: string };
    const mint = await t.request({ method: "POST", url: "/api/tokens", bearer: made.token, payload: { name: "child" } });
    expect(mint.statusCode).toBe(403);
    expect(mint.json()).toEqual({ message: SESSION_REQUIRED });
    const pw = await t.request({
      method: "POST",
      url: "/api/change-password",
      bearer: made.token,
      payload: { currentPassword: worker.password, newPassword: "NewPassw0rd!" },
    });
    expect(pw.statusCode).toBe(403);
    // Revoking is managed from a password session too (issue #30): a leaked token must not revoke
    // the owner's other tokens, and the owner revokes a leaked one from their profile page.
    const revoke = await t.request({ method: "DELETE", url: `/api/tokens/${made.id}`, bearer: made.token });
    expect(revoke.statusCode).toBe(403);
    expect(revoke.json()).toEqual({ message: SESSION_REQUIRED });
    expect((await t.request({ method: "GET", url: "/api/user", bearer: made.token })).statusCode).toBe(200);
    expect((await t.request({ method: "DELETE", url: `/api/tokens/${made.id}`, as: worker })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/user", bearer: made.token })).json()).toEqual({ message: TOKEN_REVOKED });
  });

  it("audits every write as its owner via the token", async () => {
    const manager = await t.createUser({ role: "manager", firstName: "Maria", lastName: "Lopez" });
    const secret = await t.tokenFor(manager, { name: "bi-export" });
    const res = await t.request({
      method: "POST",
      url: "/api/projects",
      bearer: secret,
      payload: { name: "Audit Tower", location: "Springfield", status: "active", startDate: "2026-03-01" },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.db
      .selectFrom("auditEvents")
      .select(["actorUserId", "actorName", "entity", "action", "details"])
      .where("actorUserId", "=", manager.id)
      .orderBy("id")
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.actorName).toBe("Maria Lopez via token bi-export");
    expect(rows).toContainEqual(
      expect.objectContaining({ entity: "serviceToken", action: "write", details: { procedure: "projects.create" } }),
    );
  });
});

describe("admins see and revoke everyone's tokens", () => {
  it("lists and revokes another user's token; managers and workers are refused", async () => {
    const admin = await t.createUser({ role: "admin" });
    const manager = await t.createUser({ role: "manager" });
    const worker = await t.createUser({ role: "worker" });
    const made = (await create(worker, { name: "hr sync" })).json() as { id: number; token: string };
    const list = await t.request({ method: "GET", url: `/api/users/${worker.id}/tokens`, as: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: made.id, name: "hr sync", userId: worker.id })]);
    expect(list.body).not.toContain(made.token.slice(4));
    for (const as of [manager, worker]) {
      const refused = await t.request({ method: "GET", url: `/api/users/${worker.id}/tokens`, as });
      expect(refused.statusCode).toBe(403);
      expect((await t.request({ method: "DELETE", url: `/api/users/${worker.id}/tokens/${made.id}`, as })).statusCode).toBe(403);
    }
    expect((await t.request({ method: "GET", url: "/api/users/999999/tokens", as: admin })).statusCode).toBe(404);
    // The token must belong to the user in the path.
    expect((await t.request({ method: "DELETE", url: `/api/users/${manager.id}/tokens/${made.id}`, as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/users/${worker.id}/tokens/${made.id}`, as: admin })).statusCode).toBe(204);
    expect((await t.request({ method: "GET", url: "/api/user", bearer: made.token })).statusCode).toBe(401);
  });
});

describe("the secret never reaches the logs", () => {
  it("logs every request without the bearer secret or the cookie", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dbHandle = await createTestDb();
    const app = await buildServer({ config: testConfig, dbHandle, logger: { level: "info", stream } });
    try {
      const user = await dbHandle.db
        .insertInto("users")
        .values({ username: "logged", email: "logged@example.com", passwordHash: "x", role: "admin" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { hashServiceToken: hash, newServiceTokenSecret } = await import("../src/services/tokens.js");
      const secret = newServiceTokenSecret();
      await dbHandle.db
        .insertInto("serviceTokens")
        .values({ userId: user.id, name: "log", tokenHash: hash(secret), tokenPreview: "sst_", scope: "read", expiresAt: null })
        .execute();
      await app.inject({ method: "GET", url: "/api/user", headers: { authorization: `Bearer ${secret}` } });
      await app.inject({ method: "POST", url: "/api/projects", headers: { authorization: `Bearer ${secret}` }, payload: {} });
      await app.inject({ method: "GET", url: "/api/user", headers: { authorization: `Bearer ${secret}x` } });
      expect(lines.length).toBeGreaterThan(3);
      const all = lines.join("");
      expect(all).not.toContain(secret.slice(4));
      expect(all).toContain('"statusCode":403');
    } finally {
      await app.close();
      await dbHandle.close();
    }
  });
});
