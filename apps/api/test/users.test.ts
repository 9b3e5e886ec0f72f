import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "./helpers.js";

/** Users: GET /api/users, GET|DELETE /api/users/:id, POST /api/reset-password (admin only),
 * GET /api/workers/byUserId/:userId and GET /api/worker-profile. */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin", firstName: "Ada", lastName: "Admin" });
  manager = await t.createUser({ role: "manager", firstName: "Mona", lastName: "Manager" });
  worker = await t.createUser({ role: "worker", firstName: "Walt", lastName: "Worker" });
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = "10.9.0.1") =>
  t.request({ method: "POST", url: "/api/login", payload: { username, password }, remoteAddress });

const count = async (table: "users" | "workers" | "projectWorkers" | "sessions", column: "id" | "userId" | "workerId", id: number) => {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column as never, "=", id as never)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe("GET /api/users", () => {
  it("lists users for an admin without passwords or hashes", async () => {
    const res = await t.request({ method: "GET", url: "/api/users", as: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    expect(list.map((u) => u.id)).toEqual(expect.arrayContaining([admin.id, manager.id, worker.id]));
    const row = list.find((u) => u.id === worker.id);
    expect(Object.keys(row ?? {}).sort()).toEqual(["createdAt", "email", "firstName", "id", "language", "lastName", "role", "username"]);
    expect(row).toMatchObject({ username: worker.username, email: worker.email, role: "worker", firstName: "Walt", lastName: "Worker" });
    expect(Number.isNaN(Date.parse(String(row?.createdAt)))).toBe(false);
    expect(JSON.stringify(list)).not.toMatch(/password|hash/i);
  });

  it("searches case-insensitively on username, email, names and role", async () => {
    for (const search of ["WALT", "worker", worker.email.toUpperCase(), worker.username]) {
      const res = await t.request({ method: "GET", url: `/api/users?search=${encodeURIComponent(search)}`, as: admin });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Array<{ id: number }>).map((u) => u.id)).toContain(worker.id);
    }
    const none = await t.request({ method: "GET", url: "/api/users?search=%25_nothing_", as: admin });
    expect(none.json()).toEqual([]);
  });

  it("is 401 signed out and 403 for managers and workers", async () => {
    expect((await t.request({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/users", as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: "/api/users", as: worker })).statusCode).toBe(403);
  });
});

describe("GET /api/users/:id", () => {
  it("answers one user for an admin", async () => {
    const res = await t.request({ method: "GET", url: `/api/users/${worker.id}`, as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: worker.id, username: worker.username, role: "worker" });
    expect(JSON.stringify(res.json())).not.toMatch(/password|hash/i);
  });

  it("is 404 for a missing user and 400 for a bad id", async () => {
    const missing = await t.request({ method: "GET", url: "/api/users/999999", as: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("User not found");
    expect((await t.request({ method: "GET", url: "/api/users/abc", as: admin })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/users/-1", as: admin })).statusCode).toBe(400);
  });

  it("is 401 signed out and 403 for managers and workers, even for their own id", async () => {
    expect((await t.request({ method: "GET", url: `/api/users/${worker.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: `/api/users/${worker.id}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/users/${worker.id}`, as: worker })).statusCode).toBe(403);
  });
});

describe("POST /api/reset-password", () => {
  it.each([
    ["short1A", "Password must be at least 8 characters long"],
    ["ALLUPPER123", "Password must contain at least one lowercase letter"],
    ["alllower123", "Password must contain at least one uppercase letter"],
    ["NoDigitsHere", "Password must contain at least one number"],
  ])("answers 400 for %s with the product's message", async (password, message) => {
    const res = await t.request({ method: "POST", url: "/api/reset-password", payload: { userId: worker.id, password }, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("is 401 signed out, 403 for managers and workers, 404 for a missing user", async () => {
    const payload = { userId: worker.id, password: "NewPass123" };
    expect((await t.request({ method: "POST", url: "/api/reset-password", payload })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/reset-password", payload, as: manager })).statusCode).toBe(403);
    expect(
      (await t.request({ method: "POST", url: "/api/reset-password", payload: { userId: worker.id, password: "NewPass123" }, as: worker }))
        .statusCode,
    ).toBe(403);
    const missing = await t.request({
      method: "POST",
      url: "/api/reset-password",
      payload: { userId: 999999, password: "NewPass123" },
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("sets the new password, ends the user's sessions and writes an audit event", async () => {
    const target = await t.createUser({ role: "worker", password: "OldPass123" });
    const res = await t.request({
      method: "POST",
      url: "/api/reset-password",
      payload: { userId: target.id, password: "Fresh1Pass" },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/user", as: target })).statusCode).toBe(401);
    expect((await login(target.username, "OldPass123")).statusCode).toBe(401);
    expect((await login(target.username, "Fresh1Pass")).statusCode).toBe(200);
    // The admin keeps working.
    expect((await t.request({ method: "GET", url: "/api/user", as: admin })).statusCode).toBe(200);
    const events = await t.db
      .selectFrom("auditEvents")
      .select(["action", "actorUserId"])
      .where("entity", "=", "user")
      .where("entityId", "=", target.id)
      .execute();
    expect(events).toContainEqual({ action: "password_reset", actorUserId: admin.id });
  });

  it("an admin resetting their own password keeps the current session only", async () => {
    const self = await t.createUser({ role: "admin", password: "OldPass123" });
    const second = await login(self.username, "OldPass123");
    const secondCookie = `session=${second.cookies.find((c) => c.name === "session")?.value}`;
    const res = await t.request({
      method: "POST",
      url: "/api/reset-password",
      payload: { userId: self.id, password: "Fresh1Pass" },
      as: self,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/user", as: self })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: "/api/user", headers: { cookie: secondCookie } })).statusCode).toBe(401);
  });
});

describe("DELETE /api/users/:id", () => {
  it("is 401 signed out and 403 for managers and workers", async () => {
    const target = await t.createUser();
    expect((await t.request({ method: "DELETE", url: `/api/users/${target.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/users/${target.id}`, as: manager })).statusCode).toBe(403);
    expect((await t.request({ method: "DELETE", url: `/api/users/${target.id}`, as: worker })).statusCode).toBe(403);
    expect(await count("users", "id", target.id)).toBe(1);
  });

  it("refuses to let an admin delete themselves", async () => {
    const res = await t.request({ method: "DELETE", url: `/api/users/${admin.id}`, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("You cannot delete your own account");
    expect(await count("users", "id", admin.id)).toBe(1);
  });

  it("is 404 for a missing user", async () => {
    const res = await t.request({ method: "DELETE", url: "/api/users/999999", as: admin });
    expect(res.statusCode).toBe(404);
  });

  it("deletes the user with their worker profile, assignments and sessions, and audits it", async () => {
    const target = await t.createUser({ role: "worker" });
    const projectId = await t.createProject();
    await t.assign(target.workerId as number, projectId);
    expect(await count("projectWorkers", "workerId", target.workerId as number)).toBe(1);

    const res = await t.request({ method: "DELETE", url: `/api/users/${target.id}`, as: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await count("users", "id", target.id)).toBe(0);
    expect(await count("workers", "userId", target.id)).toBe(0);
    expect(await count("projectWorkers", "workerId", target.workerId as number)).toBe(0);
    expect(await count("sessions", "userId", target.id)).toBe(0);
    expect((await t.request({ method: "GET", url: "/api/user", as: target })).statusCode).toBe(401);
    // The project itself stays.
    const project = await t.db.selectFrom("projects").select("id").where("id", "=", projectId).executeTakeFirst();
    expect(project).toBeDefined();
    const events = await t.db
      .selectFrom("auditEvents")
      .select(["action", "actorUserId"])
      .where("entity", "=", "user")
      .where("entityId", "=", target.id)
      .execute();
    expect(events).toContainEqual({ action: "deleted", actorUserId: admin.id });
    expect((await t.request({ method: "DELETE", url: `/api/users/${target.id}`, as: admin })).statusCode).toBe(404);
  });
});

describe("GET /api/workers/byUserId/:userId", () => {
  it("answers the worker profile to staff", async () => {
    for (const as of [admin, manager]) {
      const res = await t.request({ method: "GET", url: `/api/workers/byUserId/${worker.id}`, as });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: worker.workerId,
        userId: worker.id,
        role: "Carpenter",
        company: "Acme Builders",
        email: worker.email,
        phone: "5551234567",
      });
      expect(res.json().hardhatNumber).toMatch(/^HH-/);
    }
  });

  it("lets a worker read their own profile, not another's (403)", async () => {
    const own = await t.request({ method: "GET", url: `/api/workers/byUserId/${worker.id}`, as: worker });
    expect(own.statusCode).toBe(200);
    const someoneElse = await t.createUser({ role: "worker" });
    expect((await t.request({ method: "GET", url: `/api/workers/byUserId/${someoneElse.id}`, as: worker })).statusCode).toBe(403);
    // A worker cannot tell a missing profile from a hidden one.
    expect((await t.request({ method: "GET", url: `/api/workers/byUserId/${admin.id}`, as: worker })).statusCode).toBe(403);
  });

  it("is 404 for a user without a worker profile, 401 signed out, 400 for a bad id", async () => {
    const res = await t.request({ method: "GET", url: `/api/workers/byUserId/${admin.id}`, as: admin });
    expect(res.statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/workers/byUserId/${worker.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/workers/byUserId/x", as: admin })).statusCode).toBe(400);
  });
});

describe("GET /api/worker-profile", () => {
  it("answers the worker's own profile", async () => {
    const res = await t.request({ method: "GET", url: "/api/worker-profile", as: worker });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: worker.workerId, userId: worker.id, email: worker.email, company: "Acme Builders" });
  });

  it("answers null for a user without one and 401 signed out", async () => {
    const res = await t.request({ method: "GET", url: "/api/worker-profile", as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await t.request({ method: "GET", url: "/api/worker-profile" })).statusCode).toBe(401);
  });
});
