import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { buildServer } from "../src/server.js";
import { createTestApp, ORIGIN, type TestApp, type TestUser, testConfig } from "./helpers.js";

/** The global API rate limit (server.ts registerRateLimit), on a server allowing 5 requests a minute. */
let t: TestApp;
let limited: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  limited = await buildServer({ config: { ...testConfig, rateLimitPerMinute: 5 }, dbHandle: t.dbHandle, logger: false });
  await limited.ready();
});
afterAll(async () => {
  await limited?.close();
  await t?.close();
});

const get = (url: string, options: { as?: TestUser; cookie?: string; remoteAddress?: string } = {}) =>
  limited.inject({
    method: "GET",
    url,
    remoteAddress: options.remoteAddress ?? "10.20.0.1",
    headers: {
      host: "localhost:80",
      origin: ORIGIN,
      ...(options.as || options.cookie ? { cookie: options.as?.cookie ?? options.cookie } : {}),
    },
  });

describe("the global API rate limit", () => {
  it("answers 429 JSON with Retry-After once a session has used its requests, on REST and tRPC alike", async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3; i++) expect((await get("/api/user", { as: user })).statusCode).toBe(200);
    expect((await get("/trpc/auth.session", { as: user })).statusCode).toBe(200);
    expect((await get("/trpc/auth.session,auth.me?batch=1&input=%7B%7D", { as: user })).statusCode).toBe(200);
    const rest = await get("/api/user", { as: user });
    expect(rest.statusCode).toBe(429);
    expect(rest.json()).toEqual({
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ seconds? and try again\.$|^Too many requests\. Please wait 1 minute and try again\.$/,
      ),
    });
    const retryAfter = Number(rest.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const trpc = await get("/trpc/auth.session", { as: user });
    expect(trpc.statusCode).toBe(429);
    expect(trpc.json().message).toMatch(/^Too many requests\./);
  });

  it("counts per session: another user on the same address is not slowed down", async () => {
    const busy = await t.createUser();
    const other = await t.createUser();
    for (let i = 0; i < 5; i++) await get("/api/user", { as: busy, remoteAddress: "10.20.1.1" });
    expect((await get("/api/user", { as: busy, remoteAddress: "10.20.1.1" })).statusCode).toBe(429);
    expect((await get("/api/user", { as: other, remoteAddress: "10.20.1.1" })).statusCode).toBe(200);
  });

  it("counts signed-out requests per address, and a made-up session cookie does not buy a fresh allowance", async () => {
    const address = "10.20.2.1";
    for (let i = 0; i < 5; i++) {
      const res = await get("/api/user", {
        cookie: `session=${randomBytes(18).toString("base64url")}.${randomBytes(24).toString("base64url")}`,
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await get("/trpc/auth.session", { remoteAddress: address });
    expect(res.statusCode).toBe(429);
    expect((await get("/trpc/auth.session", { remoteAddress: "10.20.2.2" })).statusCode).toBe(200);
  });

  it("leaves the health check alone (load balancers poll it)", async () => {
    for (let i = 0; i < 8; i++) expect((await get("/api/health", { remoteAddress: "10.20.3.1" })).statusCode).toBe(200);
  });

  it("is configured by RATE_LIMIT_PER_MINUTE: 600 by default, 0 turns it off, nonsense is refused at start", () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "0" }).rateLimitPerMinute).toBe(0);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: "5000" }).rateLimitPerMinute).toBe(5000);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "lots" })).toThrow(
      'RATE_LIMIT_PER_MINUTE must be a whole number from 0 to 1000000, got "lots"',
    );
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "-1" })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
