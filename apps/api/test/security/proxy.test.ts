import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, trustedProxies } from "../../src/config.js";
import { buildServer } from "../../src/server.js";
import { createTestApp, ORIGIN, type TestApp, testConfig } from "../helpers.js";

/**
 * TRUST_PROXY (docs/security.md, finding 4): only the proxies it names are believed. The leftmost
 * X-Forwarded-For entry is whatever the client wrote; the address a trusted proxy appended is the
 * one used for the login limits and the logs.
 */
let t: TestApp;
const logLines: string[] = [];
const servers: FastifyInstance[] = [];
async function serverTrusting(trustProxy: false | number | string[]): Promise<FastifyInstance> {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const app = await buildServer({ config: { ...testConfig, trustProxy }, dbHandle: t.dbHandle, logger: { level: "info", stream } });
  await app.ready();
  servers.push(app);
  return app;
}
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of servers) await app.close();
  await t?.close();
});

/** A failed login through `app` with the given X-Forwarded-For; answers the address the log recorded. */
async function failedLoginAddress(
  app: FastifyInstance,
  forwardedFor: string,
  username: string,
): Promise<{ status: number; ip: string | undefined }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password: "wrong-password" },
    headers: { origin: ORIGIN, host: "localhost:80", "x-forwarded-for": forwardedFor },
  });
  const line = [...logLines]
    .reverse()
    .map((l) => JSON.parse(l))
    .find((l) => (l.event === "login_failed" || l.event === "login_limited") && l.username === username);
  return { status: res.statusCode, ip: line?.ip };
}

describe("TRUST_PROXY", () => {
  it("1 (one hop): a forged leftmost X-Forwarded-For does not change the address in the logs", async () => {
    const app = await serverTrusting(1);
    expect(await failedLoginAddress(app, "6.6.6.6, 10.30.0.7", "proxy_probe_1")).toEqual({ status: 401, ip: "10.30.0.7" });
    expect(await failedLoginAddress(app, "10.30.0.8", "proxy_probe_2")).toEqual({ status: 401, ip: "10.30.0.8" });
  });

  it("1 (one hop): forging a new leftmost address on every guess does not get around the address limit", async () => {
    const app = await serverTrusting(1);
    const answers = await Promise.all(
      Array.from({ length: 105 }, (_, i) => failedLoginAddress(app, `203.0.113.${i % 250}, 10.30.1.1`, `forger_${i}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(100);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect(new Set(answers.map((a) => a.ip))).toEqual(new Set(["10.30.1.1"]));
  });

  it("a list of proxy addresses: only those are skipped, the first untrusted hop is the client", async () => {
    // inject() connects from 127.0.0.1: the trusted proxy. 10.30.2.2 is not in the list, so it is the client.
    const app = await serverTrusting(["127.0.0.1", "192.168.0.0/16"]);
    expect(await failedLoginAddress(app, "6.6.6.6, 10.30.2.2, 192.168.4.4", "proxy_probe_3")).toEqual({ status: 401, ip: "10.30.2.2" });
  });

  it("off by default: X-Forwarded-For is ignored and the socket's address is used", async () => {
    const app = await serverTrusting(loadConfig({}).trustProxy);
    expect(await failedLoginAddress(app, "6.6.6.6", "proxy_probe_4")).toEqual({ status: 401, ip: "127.0.0.1" });
  });

  it("is parsed as a hop count or a list of addresses and ranges; 'trust everything' is refused at start", () => {
    expect(trustedProxies(undefined)).toBe(false);
    expect(trustedProxies("")).toBe(false);
    expect(trustedProxies("0")).toBe(false);
    expect(trustedProxies("1")).toBe(1);
    expect(trustedProxies("2")).toBe(2);
    expect(trustedProxies("10.0.0.5, 172.16.0.0/12,::1,fd00::/8, loopback")).toEqual([
      "10.0.0.5",
      "172.16.0.0/12",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["true", "*", "yes", "0.0.0.0/0", "::/0", "10.0.0.0/33", "10.0.0.1/x", "10.0.0", "proxy.example.com", "11"]) {
      expect(() => trustedProxies(bad), bad).toThrow(/TRUST_PROXY must be a hop count/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/Trusting every address is not allowed/);
  });

  it("every address in any spelling is refused: halves, quarters, IPv4-mapped IPv6, IPv6 ranges that hold it (issue #30, I1)", () => {
    const everyIpv4 = [
      "0.0.0.0/1,128.0.0.0/1",
      "128.0.0.0/1, 0.0.0.0/2, 64.0.0.0/2",
      "::ffff:0:0/96",
      "::ffff:0.0.0.0/96",
      "::ffff:0:0/97, ::ffff:128.0.0.0/97",
      "0.0.0.0/1, ::ffff:128.0.0.0/97",
      "::/1",
      "::/64",
      "0:0:0:0:0:ffff::/96",
      "uniquelocal, 0.0.0.0/1, 128.0.0.0/2, 192.0.0.0/2",
    ];
    for (const spelling of everyIpv4) {
      expect(() => trustedProxies(spelling), spelling).toThrow(/trusts every IPv4 address\. Trusting every address is not allowed/);
      expect(() => loadConfig({ TRUST_PROXY: spelling }), spelling).toThrow(/Trusting every address is not allowed/);
    }
    // Every IPv6 address outside the IPv4-mapped block: the 96 ranges that surround ::ffff:0:0/96.
    const mapped = 0xffffn << 32n;
    const v6 = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(":");
    const aroundMapped = Array.from({ length: 96 }, (_, i) => `${v6(mapped ^ (1n << BigInt(127 - i)))}/${i + 1}`);
    expect(() => trustedProxies(aroundMapped.join(","))).toThrow(/trusts every IPv6 address\. Trusting every address is not allowed/);
    // Large but partial ranges are still a choice the operator may make.
    expect(trustedProxies("0.0.0.0/1, 128.0.0.0/2")).toEqual(["0.0.0.0/1", "128.0.0.0/2"]);
    expect(trustedProxies("::ffff:10.0.0.0/104, 8000::/1")).toEqual(["::ffff:10.0.0.0/104", "8000::/1"]);
    expect(trustedProxies(aroundMapped.slice(1).join(","))).toHaveLength(95);
  });
});
