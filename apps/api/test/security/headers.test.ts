import { Writable } from "node:stream";
import { createTestDb } from "@sitesafe/db/testing";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, buildServer, TRPC_MAX_BATCH } from "../../src/server.js";
import { createTestApp, ORIGIN, type TestApp, testConfig } from "../helpers.js";
import { createFixture, FIXTURE_PASSWORD, type Fixture, multipartBody } from "./fixture.js";

/**
 * Security suite, part 5 (docs/security.md): HTTP hardening. Security headers on every kind of answer, the body and batch
 * limits, error bodies that never leak internals, the Origin check on state-changing requests,
 * session cookie attributes, and logs that carry a request id and the security events (and never
 * a password or session token).
 */

let t: TestApp;
let f: Fixture;
/** A second server on the same database whose pino logger writes into `logLines`. */
let logged: FastifyInstance;
const logLines: string[] = [];
/** A server that trusts X-Forwarded-Proto, to see the HTTPS behaviour. */
let behindTls: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  f = await createFixture(t);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  logged = await buildServer({ config: testConfig, dbHandle: t.dbHandle, logger: { level: "info", stream } });
  await logged.ready();
  behindTls = await buildServer({ config: { ...testConfig, trustProxy: 1 }, dbHandle: t.dbHandle, logger: false });
  await behindTls.ready();
});
afterAll(async () => {
  await logged?.close();
  await behindTls?.close();
  await t?.close();
});

const headersOf = (res: LightMyRequestResponse) => res.headers as Record<string, string | undefined>;

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = headersOf(res)["content-security-policy"] ?? "";
  return new Map(
    header
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers", () => {
  const samples = () => [
    { what: "public health", run: () => t.request({ method: "GET", url: "/api/health" }) },
    { what: "401", run: () => t.request({ method: "GET", url: "/api/user" }) },
    { what: "signed-in list", run: () => t.request({ method: "GET", url: "/api/projects", as: f.admin }) },
    { what: "403", run: () => t.request({ method: "GET", url: "/api/users", as: f.w1 }) },
    { what: "404 API", run: () => t.request({ method: "GET", url: "/api/nothing-here", as: f.admin }) },
    {
      what: "400 bad JSON",
      run: () => t.request({ method: "POST", url: "/api/login", payload: "{", headers: { "content-type": "application/json" } }),
    },
    { what: "tRPC query", run: () => t.request({ method: "GET", url: "/trpc/auth.session" }) },
    {
      what: "safety plan download",
      run: () => t.request({ method: "GET", url: `/api/projects/${f.projectP}/safety-plan/download`, as: f.w1 }),
    },
  ];

  it("every answer carries CSP (YouTube and Vimeo frames only, no framing of us), nosniff, DENY, no-referrer", async () => {
    for (const { what, run } of samples()) {
      const res = await run();
      const h = headersOf(res);
      const policy = csp(res);
      expect(policy.get("default-src"), what).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
      expect(policy.get("object-src"), what).toEqual(["'none'"]);
      expect(policy.get("base-uri"), what).toEqual(["'none'"]);
      expect(policy.get("form-action"), what).toEqual(["'self'"]);
      const scripts = policy.get("script-src") ?? [];
      expect(scripts, what).toContain("'self'");
      expect(
        scripts.filter((s) => s.includes("unsafe") || s === "*" || s === "data:" || s.startsWith("http:")),
        what,
      ).toEqual([]);
      // Outside scripts: the YouTube and Vimeo player APIs only (docs/field-grade-screens.md).
      expect(scripts.filter((s) => s !== "'self'").sort(), what).toEqual(["https://player.vimeo.com", "https://www.youtube.com"]);
      const frames = policy.get("frame-src") ?? [];
      expect(frames, what).toEqual(
        expect.arrayContaining(["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"]),
      );
      expect(
        frames.every((src) => /^https:\/\/(www\.youtube\.com|www\.youtube-nocookie\.com|player\.vimeo\.com)$/.test(src)),
        `${what}: frame-src ${frames}`,
      ).toBe(true);
      expect(h["x-content-type-options"], what).toBe("nosniff");
      expect(h["x-frame-options"], what).toBe("DENY");
      expect(h["referrer-policy"], what).toBe("no-referrer");
      expect(h["cross-origin-opener-policy"], what).toBe("same-origin");
      expect(h["cross-origin-resource-policy"], what).toBe("same-origin");
      expect(h["x-powered-by"], what).toBeUndefined();
      expect(h["access-control-allow-origin"], what).toBeUndefined();
    }
  });

  it("API answers are not cached (no-store); the plan download keeps its own private no-store", async () => {
    for (const { what, run } of samples()) {
      const res = await run();
      expect(headersOf(res)["cache-control"] ?? "", what).toMatch(/no-store/);
    }
  });

  it("every JSON answer (REST and tRPC) states its charset", async () => {
    for (const { what, run } of samples()) {
      const res = await run();
      const type = headersOf(res)["content-type"] ?? "";
      if (type.startsWith("application/json")) expect(type, what).toBe("application/json; charset=utf-8");
    }
  });

  it("HSTS is sent over HTTPS (behind a trusted proxy) and not over plain HTTP", async () => {
    const https = await behindTls.inject({ method: "GET", url: "/api/health", headers: { "x-forwarded-proto": "https" } });
    expect(headersOf(https)["strict-transport-security"]).toMatch(/max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(headersOf(https)["strict-transport-security"] ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
    const http = await behindTls.inject({ method: "GET", url: "/api/health" });
    expect(headersOf(http)["strict-transport-security"]).toBeUndefined();
  });
});

describe("session cookie", () => {
  it("over HTTP: HttpOnly, SameSite=Lax, Path=/, no Domain; a new token on every login (no fixation)", async () => {
    const planted = "session=attackerchosen.value";
    const a = await t.request({
      method: "POST",
      url: "/api/login",
      payload: { username: f.w1.username, password: FIXTURE_PASSWORD },
      headers: { cookie: planted },
    });
    const b = await t.request({ method: "POST", url: "/api/login", payload: { username: f.w1.username, password: FIXTURE_PASSWORD } });
    const ca = a.cookies.find((c) => c.name === "session");
    const cb = b.cookies.find((c) => c.name === "session");
    expect(ca).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(ca?.domain).toBeUndefined();
    expect(ca?.value).not.toBe("attackerchosen.value");
    expect(ca?.value).not.toBe(cb?.value);
    expect((ca?.value ?? "").length).toBeGreaterThanOrEqual(40);
    // Only a hash of the secret is stored: the cookie's secret part appears nowhere in the table.
    const secret = (ca?.value ?? "").split(".")[1] ?? "";
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from sessions where encode(secret_hash, 'escape') like ${`%${secret}%`} or id = ${secret}`.execute(t.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("over HTTPS: the __Host- prefixed cookie is Secure", async () => {
    const res = await behindTls.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: f.w1.username, password: FIXTURE_PASSWORD },
      headers: { "x-forwarded-proto": "https", host: "localhost", origin: "https://localhost" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "__Host-session");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    expect(cookie?.domain).toBeUndefined();
  });

  // Runs on the proxy-trusting server with its own client address: the limit also counts per
  // address, and 127.0.0.1 must stay usable for the other tests.
  it("repeated failed logins are limited (429), and the right password is refused too while limited", async () => {
    const u = await t.createUser({ role: "worker", password: "RightPassw0rd" });
    const attempt = (password: string, ip: string) =>
      behindTls.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: u.username, password },
        headers: { origin: ORIGIN, host: "localhost:80", "x-forwarded-for": ip },
      });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await attempt(`wrong-${i}-pass`, "10.9.9.9")).statusCode);
    expect(
      codes.slice(0, 10).every((c) => c === 401),
      `codes ${codes}`,
    ).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await attempt("RightPassw0rd", "10.9.9.9")).statusCode).toBe(429);
    // Per username too: another address does not get around it.
    expect((await attempt("RightPassw0rd", "10.8.8.8")).statusCode).toBe(429);
  });
});

describe("passwords", () => {
  it("a 100-character password works, is not truncated, and is stored only as an argon2id hash", async () => {
    const password = `${"Correct horse battery staple ".repeat(3)}0123456789ABCDEF`.slice(0, 100);
    expect(password.length).toBe(100);
    const username = `long_${Date.now().toString(36)}`;
    const reg = await t.request({
      method: "POST",
      url: "/api/register",
      payload: {
        username,
        email: `${username}@example.com`,
        firstName: "L",
        lastName: "P",
        password,
        role: "worker",
        company: "Acme",
        hardhatNumber: "HH",
      },
    });
    expect(reg.statusCode).toBe(201);
    expect((await t.request({ method: "POST", url: "/api/login", payload: { username, password } })).statusCode).toBe(200);
    expect(
      (await t.request({ method: "POST", url: "/api/login", payload: { username, password: password.slice(0, 99) } })).statusCode,
    ).toBe(401);
    expect((await t.request({ method: "POST", url: "/api/login", payload: { username, password: ` ${password}` } })).statusCode).toBe(401);
    const row = await t.db.selectFrom("users").select("passwordHash").where("username", "=", username).executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(password);
  });
});

describe("limits", () => {
  it("a body over 1 MB answers 413 on REST and on tRPC", async () => {
    const big = JSON.stringify({ username: "x".repeat(BODY_LIMIT_BYTES), password: "secret12" });
    const rest = await t.request({ method: "POST", url: "/api/login", payload: big, headers: { "content-type": "application/json" } });
    expect(rest.statusCode).toBe(413);
    expect(rest.json()).toEqual({ message: "Request body is too large" });
    const trpc = await t.request({
      method: "POST",
      url: "/trpc/auth.login",
      payload: big,
      headers: { "content-type": "application/json" },
    });
    expect(trpc.statusCode).toBe(413);
  });

  it(`a tRPC batch of more than ${TRPC_MAX_BATCH} calls answers 400; ${TRPC_MAX_BATCH} is served`, async () => {
    const batch = (n: number) => {
      const paths = Array.from({ length: n }, () => "auth.session").join(",");
      const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), {}]))));
      return `/trpc/${paths}?batch=1&input=${input}`;
    };
    const over = await t.request({ method: "GET", url: batch(TRPC_MAX_BATCH + 1), as: f.w1 });
    expect(over.statusCode).toBe(400);
    const atLimit = await t.request({ method: "GET", url: batch(TRPC_MAX_BATCH), as: f.w1 });
    expect(atLimit.statusCode).toBe(200);
    const huge = await t.request({ method: "GET", url: batch(500), as: f.w1 });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });
});

describe("error bodies never leak internals", () => {
  const LEAKS = [
    /\n\s+at\s/,
    /\bat\s+\S+\s+\(.*:\d+:\d+\)/,
    /node_modules/,
    /\bSELECT\b/i,
    /\bINSERT\s+INTO\b/i,
    /\bUPDATE\s+\S+\s+SET\b/i,
    /relation "/,
    /"stack"/,
    /\.ts:\d+/,
    /\/work\//,
    /SQLSTATE|syntax error at/i,
  ];
  const check = (what: string, res: LightMyRequestResponse) => {
    for (const pattern of LEAKS) expect(res.body, `${what} leaks ${pattern}: ${res.body.slice(0, 300)}`).not.toMatch(pattern);
  };

  it("4xx answers from every layer: JSON with a message and nothing else of the server", async () => {
    const plan = multipartBody({}, { name: "x.pdf", data: Buffer.from("not a pdf") });
    const cases: [string, () => Promise<LightMyRequestResponse>][] = [
      ["validation 400", () => t.request({ method: "POST", url: "/api/login", payload: { username: 1 } })],
      [
        "bad JSON 400",
        () => t.request({ method: "POST", url: "/api/login", payload: '{"a":', headers: { "content-type": "application/json" } }),
      ],
      [
        "proto poisoning",
        () =>
          t.request({
            method: "POST",
            url: "/api/login",
            payload: '{"__proto__":{"x":1}}',
            headers: { "content-type": "application/json" },
          }),
      ],
      [
        "wrong content type",
        () => t.request({ method: "POST", url: "/api/login", payload: "<x/>", headers: { "content-type": "application/xml" } }),
      ],
      ["401", () => t.request({ method: "GET", url: "/api/dashboard/stats" })],
      ["403", () => t.request({ method: "DELETE", url: `/api/projects/${f.projectP}`, as: f.w1 })],
      ["404", () => t.request({ method: "GET", url: "/api/projects/2147483000", as: f.admin })],
      [
        "409",
        () =>
          t.request({
            method: "POST",
            url: "/api/register",
            payload: {
              username: f.w1.username,
              email: "x@example.com",
              firstName: "a",
              lastName: "b",
              password: "secret12",
              role: "worker",
              company: "c",
              hardhatNumber: "h",
            },
          }),
      ],
      ["id out of range", () => t.request({ method: "GET", url: "/api/projects/99999999999999999999", as: f.admin })],
      [
        "413",
        () =>
          t.request({
            method: "POST",
            url: "/api/login",
            payload: JSON.stringify({ a: "x".repeat(BODY_LIMIT_BYTES) }),
            headers: { "content-type": "application/json" },
          }),
      ],
      [
        "415 upload",
        () =>
          t.request({
            method: "POST",
            url: `/api/projects/${f.projectP}/safety-plan`,
            payload: plan.payload,
            headers: plan.headers,
            as: f.manager,
          }),
      ],
      [
        "tRPC 400",
        () => t.request({ method: "GET", url: "/trpc/projects.byId?input=%7B%22json%22%3A%7B%22id%22%3A%22x%22%7D%7D", as: f.admin }),
      ],
      ["tRPC unknown procedure", () => t.request({ method: "GET", url: "/trpc/nope.nothing", as: f.admin })],
      ["tRPC bad JSON input", () => t.request({ method: "GET", url: "/trpc/projects.byId?input=%7B", as: f.admin })],
    ];
    for (const [what, run] of cases) {
      const res = await run();
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      check(what, res);
      const body = res.json() as { message?: unknown; error?: { json?: { message?: unknown } } };
      expect(typeof (body.message ?? body.error?.json?.message), what).toBe("string");
    }
  });

  it("an unexpected database error answers 500 'Internal server error' (REST and tRPC); the stack goes to the log only", async () => {
    const dbHandle = await createTestDb();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const app = await buildServer({ config: testConfig, dbHandle, logger: { level: "info", stream } });
    try {
      const admin = await dbHandle.db
        .insertInto("users")
        .values({ username: "boom_admin", email: "boom@example.com", passwordHash: "x", role: "admin" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { createSession } = await import("../../src/auth/sessions.js");
      const session = await createSession(dbHandle.db, admin.id);
      // A column the code reads is gone: a fault of this server's, not an outage (a missing table or
      // database is one, and answers 503: resilience.test.ts).
      await sql`alter table safety_videos drop column title cascade`.execute(dbHandle.db);
      const rest = await app.inject({ method: "GET", url: "/api/safety-videos", headers: { cookie: `session=${session.token}` } });
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({ message: "Internal server error" });
      check("REST 500", rest);
      const trpc = await app.inject({ method: "GET", url: "/trpc/videos.list", headers: { cookie: `session=${session.token}` } });
      expect(trpc.statusCode).toBe(500);
      check("tRPC 500", trpc);
      expect(trpc.body).toContain("Internal server error");
      const errors = lines
        .map((l) => JSON.parse(l) as { level: number; reqId?: string; err?: { stack?: string } })
        .filter((l) => l.level >= 50);
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(errors.every((e) => typeof e.reqId === "string" && typeof e.err?.stack === "string")).toBe(true);
    } finally {
      await app.close();
      await dbHandle.close();
    }
  });
});

describe("cross-origin requests", () => {
  const login = { username: "someone", password: "secret12" };

  it.each([
    ["another site", { origin: "https://evil.example" }],
    ["no Origin at all", {}],
    ["Origin null (sandboxed frame, file://)", { origin: "null" }],
    ["a look-alike host", { origin: "http://localhost:80.evil.example" }],
    ["same host, other scheme", { origin: "https://localhost:80" }],
    ["a cross-site fetch that claims our Origin's host in Referer only", { referer: `${ORIGIN}/`, origin: "https://evil.example" }],
  ])("a state-changing request from %s is refused with 403 before anything runs", async (_what, headers) => {
    const before = await t.db.selectFrom("loginLimits").select(sql<string>`coalesce(sum(failures), 0)`.as("n")).executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: "POST", url: "/api/login", payload: login, headers: { host: "localhost:80", ...headers } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: "Cross-origin request refused" });
    const after = await t.db.selectFrom("loginLimits").select(sql<string>`coalesce(sum(failures), 0)`.as("n")).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("PUT, DELETE and tRPC mutations from another origin are refused too, even with a valid session cookie", async () => {
    const evil = { origin: "https://evil.example", host: "localhost:80", cookie: f.admin.cookie };
    const del = await t.app.inject({ method: "DELETE", url: `/api/projects/${f.projectQ}`, headers: evil });
    expect(del.statusCode).toBe(403);
    const put = await t.app.inject({ method: "PUT", url: `/api/projects/${f.projectQ}`, payload: { name: "pwned" }, headers: evil });
    expect(put.statusCode).toBe(403);
    const trpc = await t.app.inject({ method: "POST", url: "/trpc/projects.delete", payload: { json: { id: f.projectQ } }, headers: evil });
    expect(trpc.statusCode).toBe(403);
    expect(await t.db.selectFrom("projects").select("name").where("id", "=", f.projectQ).executeTakeFirst()).toBeDefined();
  });

  it("same-origin requests pass: a matching Origin, or Sec-Fetch-Site: same-origin", async () => {
    const byOrigin = await t.app.inject({ method: "POST", url: "/api/logout", headers: { origin: ORIGIN, host: "localhost:80" } });
    expect(byOrigin.statusCode).toBe(200);
    const byFetchMetadata = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { "sec-fetch-site": "same-origin", host: "localhost:80" },
    });
    expect(byFetchMetadata.statusCode).toBe(200);
  });

  it("a cross-origin read is answered without CORS headers, so a foreign page cannot read it", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/user", headers: { origin: "https://evil.example", cookie: f.w1.cookie } });
    expect(headersOf(res)["access-control-allow-origin"]).toBeUndefined();
    expect(headersOf(res)["access-control-allow-credentials"]).toBeUndefined();
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/projects",
      headers: { origin: "https://evil.example", "access-control-request-method": "DELETE" },
    });
    expect(headersOf(preflight)["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("logs", () => {
  type Line = { level: number; reqId?: string; msg?: string; event?: string; userId?: number | null; username?: string };
  const parsed = () => logLines.map((l) => JSON.parse(l) as Line);
  const send = (opts: { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; payload?: object; headers?: Record<string, string> }) =>
    logged.inject({ ...opts, headers: { origin: ORIGIN, host: "localhost:80", ...(opts.headers ?? {}) } });

  it("every request is logged with a request id (a UUID, different per request)", async () => {
    logLines.length = 0;
    await send({ method: "GET", url: "/api/health" });
    await send({ method: "GET", url: "/api/health" });
    const ids = new Set(
      parsed()
        .map((l) => l.reqId)
        .filter(Boolean),
    );
    expect(ids.size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it("a failed login logs a login_failed event with the request id, and never the password", async () => {
    logLines.length = 0;
    const secretPassword = "Tr0ub4dor&3-never-log-me";
    const res = await send({ method: "POST", url: "/api/login", payload: { username: f.w2.username, password: secretPassword } });
    expect(res.statusCode).toBe(401);
    const event = parsed().find((l) => l.event === "login_failed");
    expect(event).toBeDefined();
    expect(event?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event?.username).toBe(f.w2.username);
    expect(logLines.join("\n")).not.toContain(secretPassword);
  });

  it("a successful login logs a login event and never the session token; requests never log the cookie", async () => {
    logLines.length = 0;
    const res = await send({ method: "POST", url: "/api/login", payload: { username: f.w2.username, password: FIXTURE_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const token = res.cookies.find((c) => c.name === "session")?.value ?? "";
    await send({ method: "GET", url: "/api/user", headers: { cookie: `session=${token}` } });
    expect(parsed().some((l) => l.event === "login")).toBe(true);
    const all = logLines.join("\n");
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.split(".")[1] ?? "never");
    expect(all).not.toContain(FIXTURE_PASSWORD);
  });

  it("user input cannot forge log lines (log injection)", async () => {
    logLines.length = 0;
    const forged = 'evil\n{"level":60,"msg":"forged","event":"login"}\r\nx';
    await send({ method: "POST", url: "/api/login", payload: { username: forged, password: "secret12" } });
    const lines = parsed();
    expect(lines.some((l) => l.msg === "forged")).toBe(false);
    expect(lines.find((l) => l.event === "login_failed")?.username).toBe(forged);
  });

  it("an authorization denial and a refused cross-origin write are logged as events", async () => {
    logLines.length = 0;
    const denied = await send({ method: "DELETE", url: `/api/projects/${f.projectQ}`, headers: { cookie: f.w1.cookie } });
    expect(denied.statusCode).toBe(403);
    const cross = await logged.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "a_user", password: "secret12" },
      headers: { origin: "https://evil.example", host: "localhost:80" },
    });
    expect(cross.statusCode).toBe(403);
    const lines = parsed();
    const denial = lines.find((l) => l.event === "authorization_denied");
    expect(denial).toMatchObject({ userId: f.w1.id });
    expect(denial?.reqId).toBeTruthy();
    expect(lines.find((l) => l.event === "origin_refused")?.reqId).toBeTruthy();
  });
});
