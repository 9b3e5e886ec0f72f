import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WRITE_INPUT_IN_QUERY } from "../../src/rest/register.js";
import { buildServer } from "../../src/server.js";
import { createTestApp, ORIGIN, type TestApp, type TestUser, testConfig } from "../helpers.js";

// Issue #30, H1: the same-origin check, the rate limit and `Cache-Control: no-store` tested the
// raw URL while Fastify's router decodes it, so `POST /%61pi/reset-password?userId=..&password=..`
// from another origin (text/plain, the input in the query string) changed an admin's chosen
// user's password. The request's kind is now decided from the route the router matched
// (src/requests.ts), an API route reached through another spelling is refused, and a write never
// takes its input from the query string (rest/register.ts).

let t: TestApp;
let admin: TestUser;
let victim: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ role: "admin" });
  victim = await t.createUser({ role: "worker", password: "Original123" });
});
afterAll(async () => {
  await t?.close();
});

/** A request as a page on another origin makes it: the admin's cookie, a foreign Origin, text/plain. */
const crossSite = (method: "POST" | "PUT" | "DELETE" | "GET", url: string) =>
  t.app.inject({
    method,
    url,
    headers: { host: "localhost:80", origin: "https://evil.example", cookie: admin.cookie, "content-type": "text/plain" },
    payload: method === "GET" ? undefined : "x",
  });

const signsIn = async (username: string, password: string) =>
  (await t.request({ method: "POST", url: "/api/login", payload: { username, password } })).statusCode === 200;

describe("an encoded path is the path the router serves (H1)", () => {
  it("a cross-site reset of a password through /%61pi/ changes nothing", async () => {
    for (const prefix of ["/%61pi", "/%61%70%69", "/%41pi", "/api"]) {
      const res = await crossSite("POST", `${prefix}/reset-password?userId=${victim.id}&password=Hijacked123`);
      expect(res.statusCode, prefix).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, prefix).toBeLessThan(500);
      expect(res.json(), prefix).toEqual({ message: expect.any(String) });
    }
    expect(await signsIn(victim.username, "Hijacked123")).toBe(false);
    expect(await signsIn(victim.username, "Original123")).toBe(true);
  });

  it("a cross-site manager creation through /%61pi/managers creates nobody", async () => {
    const before = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const res = await crossSite(
      "POST",
      "/%61pi/managers?firstName=Eve&lastName=Evil&email=eve@example.com&username=eve&password=Evil12345",
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
    const after = await t.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("tRPC reached through /%74rpc/ is refused as well", async () => {
    const res = await t.app.inject({ method: "GET", url: "/%74rpc/auth.me", headers: { host: "localhost:80", cookie: admin.cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found" });
  });

  it("every API answer says no-store, whatever the spelling (a decoded id, an unknown encoded path)", async () => {
    const encodedId = [...String(admin.id)].map((digit) => `%3${digit}`).join("");
    const byId = await t.app.inject({ method: "GET", url: `/api/users/${encodedId}`, headers: { cookie: admin.cookie } });
    expect(byId.statusCode).toBe(200);
    expect(byId.headers["cache-control"]).toBe("no-store");
    for (const url of ["/%61pi/user", "/%61pi/nothing-here", "/api//user"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.json(), url).toEqual({ message: "Not found" });
    }
  });
});

describe("a write takes its input from the body, never the query string (H1)", () => {
  it("a same-origin reset with the password in the query string is refused with 400 and changes nothing", async () => {
    const res = await t.request({
      method: "POST",
      url: `/api/reset-password?password=Querystring123`,
      as: admin,
      payload: { userId: victim.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: WRITE_INPUT_IN_QUERY });
    expect(await signsIn(victim.username, "Querystring123")).toBe(false);
  });

  it("PUT and DELETE with a query string are refused too; the same writes with a body work", async () => {
    const project = await t.createProject({ name: "Query Tower" });
    const put = await t.request({ method: "PUT", url: `/api/projects/${project}?name=Renamed`, as: admin, payload: {} });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual({ message: WRITE_INPUT_IN_QUERY });
    const del = await t.request({ method: "DELETE", url: `/api/projects/${project}?confirm=1`, as: admin });
    expect(del.statusCode).toBe(400);
    const row = await t.db.selectFrom("projects").select("name").where("id", "=", project).executeTakeFirstOrThrow();
    expect(row.name).toBe("Query Tower");
    const ok = await t.request({ method: "PUT", url: `/api/projects/${project}`, as: admin, payload: { name: "Renamed" } });
    expect(ok.statusCode).toBe(200);
  });

  it("reads still take their filters from the query string", async () => {
    const res = await t.request({ method: "GET", url: `/api/users/${victim.id}?unused=1`, as: admin });
    expect(res.statusCode).toBe(200);
  });
});

describe("the rate limit counts what the router serves (H1)", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await buildServer({ config: { ...testConfig, rateLimitPerMinute: 3 }, dbHandle: t.dbHandle, logger: false });
    await limited.ready();
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("an encoded spelling of /api/user never answers the user, and an encoded segment inside /api is limited like the plain one", async () => {
    const user = await t.createUser();
    const get = (url: string) =>
      limited.inject({ method: "GET", url, remoteAddress: "10.30.0.1", headers: { origin: ORIGIN, cookie: user.cookie } });
    for (let i = 0; i < 5; i++) expect((await get("/%61pi/user")).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await get(i % 2 ? "/api/%75ser" : "/api/user")).statusCode).toBe(200);
    expect((await get("/api/%75ser")).statusCode).toBe(429);
    expect((await get("/api/user")).statusCode).toBe(429);
  });
});

describe("error answers never carry internal texts, and every 413 has the product's shape (L3)", () => {
  it("tRPC input that breaks the parser (deep nesting, a superjson RegExp with bad flags) answers 400 'Invalid input'", async () => {
    const deep = `{"json":{"name":${"[".repeat(6000)}1${"]".repeat(6000)}}}`;
    const nested = await t.request({
      method: "POST",
      url: "/trpc/projects.create",
      as: admin,
      payload: deep,
      headers: { "content-type": "application/json" },
    });
    const regex = JSON.stringify({ json: { search: "/x/zz" }, meta: { values: { search: ["regexp"] } } });
    const flags = await t.request({ method: "GET", url: `/trpc/jha.list?input=${encodeURIComponent(regex)}`, as: admin });
    for (const res of [nested, flags]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error.json.message).toBe("Invalid input");
      expect(res.body).not.toMatch(/call stack|RegExp|flags/i);
    }
  });

  it("a schema's own message still reaches the client over tRPC", async () => {
    const res = await t.request({ method: "POST", url: "/trpc/projects.create", as: admin, payload: { json: { name: "" } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.json.message).not.toBe("Invalid input");
  });

  it("a body over 1 MB answers 413 { message } on tRPC as on REST", async () => {
    const payload = JSON.stringify({ json: { name: "x".repeat(1024 * 1024 + 10) } });
    for (const url of ["/trpc/projects.create", "/api/projects"]) {
      const res = await t.request({ method: "POST", url, as: admin, payload, headers: { "content-type": "application/json" } });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ message: "Request body is too large" });
    }
  });
});
