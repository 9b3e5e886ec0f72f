import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const worker = {
  username: "jdoe",
  email: "jdoe@example.com",
  firstName: "Jane",
  lastName: "Doe",
  password: "secret1",
  role: "worker",
  company: "Acme",
  hardhatNumber: "HH-1",
};

describe("session and account", () => {
  it("GET /api/user is 401 when signed out", async () => {
    const res = await t.request({ method: "GET", url: "/api/user" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Not signed in" });
  });

  it("registers a worker with a profile, signs them in, and returns the user without secrets", async () => {
    const res = await t.request({ method: "POST", url: "/api/register", payload: worker });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ username: "jdoe", email: "jdoe@example.com", role: "worker", firstName: "Jane" });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === "session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    const me = await t.request({ method: "GET", url: "/api/user", headers: { cookie: `session=${cookie?.value}` } });
    expect(me.json().username).toBe("jdoe");
    const profile = await t.request({ method: "GET", url: "/api/worker-profile", headers: { cookie: `session=${cookie?.value}` } });
    expect(profile.json()).toMatchObject({ company: "Acme", hardhatNumber: "HH-1", email: "jdoe@example.com" });
  });

  it("refuses a duplicate username with 409 and creates nothing", async () => {
    const res = await t.request({ method: "POST", url: "/api/register", payload: { ...worker, email: "other@example.com" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Username already exists");
    const count = await t.db.selectFrom("users").select(t.db.fn.countAll<number>().as("n")).where("email", "=", "other@example.com").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it.each([
    [{ ...worker, username: "ab" }, "Username must be at least 3 characters"],
    [{ ...worker, username: "new1", email: "nope" }, "Email is invalid"],
    [{ ...worker, username: "new1", email: "" }, "Email is required"],
    [{ ...worker, username: "new1", password: "12345" }, "Password must be at least 6 characters"],
    [{ ...worker, username: "new1", company: "" }, "Company name is required"],
    [{ ...worker, username: "new1", hardhatNumber: "" }, "Hard hat number is required"],
    [{ ...worker, username: "new1", role: "manager" }, "Invite token is required for admin and manager roles"],
  ])("registration answers 400 with the spec's message (%#)", async (payload, message) => {
    const res = await t.request({ method: "POST", url: "/api/register", payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("logs in with the right password and refuses a wrong one with the same message as an unknown user", async () => {
    const ok = await t.request({ method: "POST", url: "/api/login", payload: { username: "JDOE", password: "secret1" } });
    expect(ok.statusCode).toBe(200);
    const wrong = await t.request({ method: "POST", url: "/api/login", payload: { username: "jdoe", password: "wrong-password" } });
    const unknown = await t.request({ method: "POST", url: "/api/login", payload: { username: "nobody", password: "wrong-password" } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: "Invalid username or password" });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses state-changing requests from another origin", async () => {
    const res = await t.request({ method: "POST", url: "/api/login", payload: { username: "jdoe", password: "secret1" }, headers: { origin: "https://evil.example" } });
    expect(res.statusCode).toBe(403);
  });

  it("logout ends the session on the server", async () => {
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: "jdoe", password: "secret1" } });
    const cookie = `session=${login.cookies.find((c) => c.name === "session")?.value}`;
    const out = await t.request({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await t.request({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe("health", () => {
  it("answers ok with the database", async () => {
    const res = await t.request({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("answers JSON 404 for unknown API paths", async () => {
    const res = await t.request({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });
});
