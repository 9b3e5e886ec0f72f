import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/server.js";
import { createTestApp, ORIGIN, type TestApp, type TestUser, testConfig } from "./helpers.js";

/** POST|GET /api/invite-tokens, DELETE /api/invite-tokens/:id, and registration with a token. */
let t: TestApp;
let admin: TestUser;
let manager: TestUser;
let worker: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  manager = await t.createUser({ role: "manager" });
  worker = await t.createUser({ role: "worker" });
});
afterAll(() => t.close());

interface CreatedToken {
  id: number;
  role: "admin" | "manager";
  token: string;
  tokenPreview: string;
  status: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

async function createToken(role: "admin" | "manager", as: TestUser = admin, expiresAt?: string): Promise<CreatedToken> {
  const res = await t.request({ method: "POST", url: "/api/invite-tokens", payload: { role, ...(expiresAt ? { expiresAt } : {}) }, as });
  expect(res.statusCode).toBe(201);
  return res.json() as CreatedToken;
}

let seq = 0;
function registration(role: "admin" | "manager", inviteToken: string) {
  seq += 1;
  return {
    username: `invited_${role}_${seq}`,
    email: `invited_${role}_${seq}@example.com`,
    firstName: "Invited",
    lastName: `Person${seq}`,
    password: "secret12",
    role,
    inviteToken,
  };
}

const register = (payload: object) => t.request({ method: "POST", url: "/api/register", payload });

const auditActions = async (id: number) =>
  (
    await t.db
      .selectFrom("auditEvents")
      .select(["action", "actorUserId", "fromState", "toState"])
      .where("entity", "=", "inviteToken")
      .where("entityId", "=", id)
      .orderBy("id")
      .execute()
  ).map((e) => ({ ...e }));

describe("POST /api/invite-tokens", () => {
  it("creates a token for 7 days by default, returns the full token once and stores only its hash", async () => {
    const before = Date.now();
    const created = await createToken("manager");
    expect(created).toMatchObject({ role: "manager", status: "active", usedAt: null });
    expect(created.token.length).toBeGreaterThanOrEqual(24);
    expect(created.tokenPreview).toBe(`${created.token.slice(0, 8)}...`);
    const days = (Date.parse(created.expiresAt) - before) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = await t.db.selectFrom("inviteTokens").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await auditActions(created.id)).toEqual([{ action: "created", actorUserId: admin.id, fromState: null, toState: "active" }]);
  });

  it("takes a chosen expiry date", async () => {
    const expiresAt = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const created = await createToken("admin", admin, expiresAt);
    expect(created.role).toBe("admin");
    expect(created.expiresAt).toBe(expiresAt);
  });

  it.each([
    [{}, "Role is required"],
    [{ role: "" }, "Role is required"],
    [{ role: "worker" }, "Role must be either 'admin' or 'manager'"],
    [{ role: "superuser" }, "Role must be either 'admin' or 'manager'"],
    [{ role: "manager", expiresAt: "2020-01-01T00:00:00.000Z" }, "Expiry date cannot be in the past"],
    [{ role: "manager", expiresAt: "not a date" }, "Please enter a valid date"],
  ])("answers 400 with the product's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/invite-tokens", payload, as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("refuses an expiry more than 30 days ahead, a century included, with a clear 400", async () => {
    const day = 24 * 3600 * 1000;
    for (const expiresAt of [new Date(Date.now() + 31 * day).toISOString(), "2126-01-01T00:00:00.000Z"]) {
      for (const as of [admin, manager]) {
        const res = await t.request({ method: "POST", url: "/api/invite-tokens", payload: { role: "manager", expiresAt }, as });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          message: "Expiry date cannot be more than 30 days ahead",
          issues: [{ path: "expiresAt", message: "Expiry date cannot be more than 30 days ahead" }],
        });
      }
    }
    const edge = new Date(Date.now() + 30 * day - 60_000).toISOString();
    expect((await createToken("manager", manager, edge)).expiresAt).toBe(edge);
  });

  it("takes its limit from INVITE_TOKEN_MAX_DAYS (here 3 days; the default shrinks to fit)", async () => {
    const app = await buildServer({ config: { ...testConfig, inviteTokenMaxDays: 3 }, dbHandle: t.dbHandle, logger: false });
    try {
      const post = (payload: object) =>
        app.inject({
          method: "POST",
          url: "/api/invite-tokens",
          payload,
          headers: { origin: ORIGIN, host: "localhost:80", cookie: admin.cookie },
        });
      const far = await post({ role: "manager", expiresAt: new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString() });
      expect(far.statusCode).toBe(400);
      expect(far.json().message).toBe("Expiry date cannot be more than 3 days ahead");
      const before = Date.now();
      const fallback = await post({ role: "manager" });
      expect(fallback.statusCode).toBe(201);
      const days = (Date.parse(fallback.json().expiresAt) - before) / (24 * 3600 * 1000);
      expect(days).toBeGreaterThan(2.99);
      expect(days).toBeLessThan(3.01);
    } finally {
      await app.close();
    }
  });

  it("lets a manager issue manager tokens but not admin tokens", async () => {
    const created = await createToken("manager", manager);
    expect(created.role).toBe("manager");
    const res = await t.request({ method: "POST", url: "/api/invite-tokens", payload: { role: "admin" }, as: manager });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Only admins can issue admin invite tokens");
  });

  it("is 401 signed out and 403 for a worker", async () => {
    expect((await t.request({ method: "POST", url: "/api/invite-tokens", payload: { role: "manager" } })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/invite-tokens", payload: { role: "manager" }, as: worker })).statusCode).toBe(403);
  });
});

describe("GET /api/invite-tokens", () => {
  it("lists tokens with a preview and status, never the token or its hash", async () => {
    const created = await createToken("manager");
    for (const as of [admin, manager]) {
      const res = await t.request({ method: "GET", url: "/api/invite-tokens", as });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<Record<string, unknown>>;
      const row = list.find((r) => r.id === created.id);
      expect(row).toMatchObject({ id: created.id, role: "manager", tokenPreview: created.tokenPreview, status: "active", usedAt: null });
      expect(row).not.toHaveProperty("token");
      expect(row).not.toHaveProperty("tokenHash");
      expect(JSON.stringify(list)).not.toContain(created.token);
      expect(JSON.stringify(list)).not.toMatch(/tokenHash/);
    }
  });

  it("shows a manager only manager tokens; an admin sees both (docs/decisions/0004)", async () => {
    const adminToken = await createToken("admin");
    const managerToken = await createToken("manager");
    const ids = async (as: TestUser) =>
      (await t.request({ method: "GET", url: "/api/invite-tokens", as })).json() as Array<{ id: number; role: string }>;
    const managerSees = await ids(manager);
    expect(managerSees.map((r) => r.id)).toContain(managerToken.id);
    expect(managerSees.map((r) => r.id)).not.toContain(adminToken.id);
    expect(managerSees.every((r) => r.role === "manager")).toBe(true);
    expect((await ids(admin)).map((r) => r.id)).toEqual(expect.arrayContaining([adminToken.id, managerToken.id]));
  });

  it("shows used and expired tokens with those statuses", async () => {
    const used = await createToken("manager");
    expect((await register(registration("manager", used.token))).statusCode).toBe(201);
    const expired = await createToken("manager");
    await t.db
      .updateTable("inviteTokens")
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where("id", "=", expired.id)
      .execute();
    const list = (await t.request({ method: "GET", url: "/api/invite-tokens", as: admin })).json() as Array<{
      id: number;
      status: string;
      usedAt: string | null;
    }>;
    const usedRow = list.find((r) => r.id === used.id);
    expect(usedRow?.status).toBe("used");
    expect(usedRow?.usedAt).not.toBeNull();
    expect(list.find((r) => r.id === expired.id)?.status).toBe("expired");
  });

  it("is 401 signed out and 403 for a worker", async () => {
    expect((await t.request({ method: "GET", url: "/api/invite-tokens" })).statusCode).toBe(401);
    expect((await t.request({ method: "GET", url: "/api/invite-tokens", as: worker })).statusCode).toBe(403);
  });
});

describe("DELETE /api/invite-tokens/:id", () => {
  it("deletes a token in any status and audits it", async () => {
    const active = await createToken("manager");
    const used = await createToken("manager");
    expect((await register(registration("manager", used.token))).statusCode).toBe(201);
    for (const [token, as] of [
      [active, admin],
      [used, manager],
    ] as const) {
      const res = await t.request({ method: "DELETE", url: `/api/invite-tokens/${token.id}`, as });
      expect(res.statusCode).toBe(204);
      const row = await t.db.selectFrom("inviteTokens").select("id").where("id", "=", token.id).executeTakeFirst();
      expect(row).toBeUndefined();
      expect(await auditActions(token.id)).toContainEqual(expect.objectContaining({ action: "deleted", actorUserId: as.id }));
    }
  });

  it("a manager cannot delete an admin token: 404, as for a token that is not there, and it still works", async () => {
    const adminToken = await createToken("admin");
    const res = await t.request({ method: "DELETE", url: `/api/invite-tokens/${adminToken.id}`, as: manager });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Invite token not found" });
    expect(await auditActions(adminToken.id)).not.toContainEqual(expect.objectContaining({ action: "deleted" }));
    expect((await register(registration("admin", adminToken.token))).statusCode).toBe(201);
  });

  it("a deleted token can no longer be used", async () => {
    const token = await createToken("manager");
    expect((await t.request({ method: "DELETE", url: `/api/invite-tokens/${token.id}`, as: admin })).statusCode).toBe(204);
    const res = await register(registration("manager", token.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid invite token");
  });

  it("is 404 for a missing token, 401 signed out and 403 for a worker", async () => {
    const token = await createToken("manager");
    expect((await t.request({ method: "DELETE", url: "/api/invite-tokens/999999", as: admin })).statusCode).toBe(404);
    expect((await t.request({ method: "DELETE", url: `/api/invite-tokens/${token.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: "DELETE", url: `/api/invite-tokens/${token.id}`, as: worker })).statusCode).toBe(403);
    expect(await t.db.selectFrom("inviteTokens").select("id").where("id", "=", token.id).executeTakeFirst()).toBeDefined();
  });
});

describe("registration with an invite token", () => {
  it("registers a manager, marks the token used and audits the use", async () => {
    const token = await createToken("manager");
    const payload = registration("manager", token.token);
    const res = await register(payload);
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: payload.username, role: "manager" });
    expect(res.cookies.find((c) => c.name === "session")?.httpOnly).toBe(true);
    const row = await t.db.selectFrom("inviteTokens").select(["usedAt", "usedBy"]).where("id", "=", token.id).executeTakeFirstOrThrow();
    expect(row.usedBy).toBe(user.id);
    expect(row.usedAt).not.toBeNull();
    expect(await auditActions(token.id)).toContainEqual({ action: "used", actorUserId: user.id, fromState: "active", toState: "used" });
    // Managers who sign up get no worker profile.
    const profile = await t.db.selectFrom("workers").select("id").where("userId", "=", user.id).executeTakeFirst();
    expect(profile).toBeUndefined();
  });

  it("registers an admin with an admin token", async () => {
    const token = await createToken("admin");
    const res = await register(registration("admin", token.token));
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe("admin");
  });

  it("refuses a reused token with 409 and creates no user", async () => {
    const token = await createToken("manager");
    expect((await register(registration("manager", token.token))).statusCode).toBe(201);
    const second = registration("manager", token.token);
    const res = await register(second);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This invite token has already been used");
    expect(await t.db.selectFrom("users").select("id").where("username", "=", second.username).executeTakeFirst()).toBeUndefined();
  });

  it("refuses an expired token with 409", async () => {
    const token = await createToken("manager");
    await t.db
      .updateTable("inviteTokens")
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where("id", "=", token.id)
      .execute();
    const payload = registration("manager", token.token);
    const res = await register(payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This invite token has expired");
    expect(await t.db.selectFrom("users").select("id").where("username", "=", payload.username).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a token issued for another role with 400 and leaves it active", async () => {
    const token = await createToken("manager");
    const res = await register(registration("admin", token.token));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This invite token is for the manager role");
    const row = await t.db.selectFrom("inviteTokens").select("usedAt").where("id", "=", token.id).executeTakeFirstOrThrow();
    expect(row.usedAt).toBeNull();
  });

  it("a worker registration ignores any invite token and never consumes one", async () => {
    const token = await createToken("manager");
    const res = await register({ ...registration("manager", token.token), role: "worker", company: "Acme", hardhatNumber: "HH-7" });
    expect(res.statusCode).toBe(201);
    expect(res.json().role).toBe("worker");
    const row = await t.db.selectFrom("inviteTokens").select("usedAt").where("id", "=", token.id).executeTakeFirstOrThrow();
    expect(row.usedAt).toBeNull();
  });

  it("two concurrent registrations with one token: exactly one 201, one 409, one user", async () => {
    const token = await createToken("manager");
    const a = registration("manager", token.token);
    const b = registration("manager", token.token);
    const results = await Promise.all([register(a), register(b)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().message).toBe("This invite token has already been used");
    const created = await t.db.selectFrom("users").select("id").where("username", "in", [a.username, b.username]).execute();
    expect(created).toHaveLength(1);
    const row = await t.db.selectFrom("inviteTokens").select("usedBy").where("id", "=", token.id).executeTakeFirstOrThrow();
    expect(row.usedBy).toBe(created[0]?.id);
  });
});
