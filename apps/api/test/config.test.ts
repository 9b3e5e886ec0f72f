import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

// The environment is read by one Zod schema (src/config.ts); these are the README's defaults and
// the messages start-up stops with. Rate limit, figures cache, DB_STOCK and TRUST_PROXY have their
// own tests beside the features they tune (rateLimit, figuresCache, freshReads, security/proxy).

describe("loadConfig", () => {
  it("answers the README's defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      databaseUrl: undefined,
      dataDir: resolve("./.data"),
      admin: undefined,
      seedDemo: false,
      webDist: undefined,
      logLevel: "info",
      trustProxy: false,
      rateLimitPerMinute: 600,
      inviteTokenMaxDays: 30,
      figuresCacheMs: 10_000,
      streamIdleTimeoutMs: 30_000,
      vapidSubject: "mailto:admin@localhost",
      pushAllowLocalHttp: false,
      digestCron: "0 6 * * 1",
    });
    expect([...(config.dbStock ?? [])]).toEqual([]);
  });

  it("reads the Web Push and digest settings, and stops on a wrong one", () => {
    expect(loadConfig({ PUBLIC_URL: "https://safety.example.com/app" }).vapidSubject).toBe("https://safety.example.com");
    expect(loadConfig({ MAIL_FROM: "SiteSafe <safety@example.com>" }).vapidSubject).toBe("mailto:safety@example.com");
    expect(loadConfig({ VAPID_SUBJECT: "mailto:ops@example.com" }).vapidSubject).toBe("mailto:ops@example.com");
    expect(loadConfig({ PUSH_ALLOW_LOCAL_HTTP: "1" }).pushAllowLocalHttp).toBe(true);
    expect(loadConfig({}).pushServiceHosts).toContain("fcm.googleapis.com");
    expect(loadConfig({ PUSH_SERVICE_HOSTS: "push.example.org, *.Push.Example.net" }).pushServiceHosts).toEqual([
      "push.example.org",
      "*.push.example.net",
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: "https://push.example.org" })).toThrow(
      'PUSH_SERVICE_HOSTS must be host names such as fcm.googleapis.com or *.push.apple.com, got "https://push.example.org"',
    );
    expect(loadConfig({ NODE_ENV: "test" }).pushAllowLocalHttp).toBe(true);
    expect(loadConfig({ DIGEST_CRON: "30 7 * * 5", DIGEST_TIME_ZONE: "America/Chicago" })).toMatchObject({
      digestCron: "30 7 * * 5",
      digestTimeZone: "America/Chicago",
    });
    expect(() => loadConfig({ VAPID_SUBJECT: "http://example.com" })).toThrow(
      'VAPID_SUBJECT must be an https: or mailto: address, got "http://example.com"',
    );
    expect(() => loadConfig({ DIGEST_CRON: "every monday" })).toThrow(
      'DIGEST_CRON must be five cron fields such as "0 6 * * 1", got "every monday"',
    );
    expect(() => loadConfig({ DIGEST_TIME_ZONE: "Mars/Olympus" })).toThrow(
      'DIGEST_TIME_ZONE must be a time zone such as America/Chicago, got "Mars/Olympus"',
    );
  });

  it("reads every variable it documents", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://x@db/sitesafe",
      DATA_DIR: "/tmp/sitesafe-data",
      ADMIN_USERNAME: "boss",
      ADMIN_PASSWORD: "Secret123!",
      ADMIN_EMAIL: "boss@example.com",
      SEED_DEMO: "1",
      WEB_DIST: "/srv/web",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      RATE_LIMIT_PER_MINUTE: "0",
      INVITE_TOKEN_MAX_DAYS: "90",
      FIGURES_CACHE_MS: "0",
      STREAM_IDLE_TIMEOUT_MS: "1000",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: "postgres://x@db/sitesafe",
      dataDir: "/tmp/sitesafe-data",
      admin: { username: "boss", password: "Secret123!", email: "boss@example.com" },
      seedDemo: true,
      webDist: "/srv/web",
      logLevel: "warn",
      trustProxy: 1,
      rateLimitPerMinute: 0,
      inviteTokenMaxDays: 90,
      figuresCacheMs: 0,
      streamIdleTimeoutMs: 1000,
    });
  });

  it("needs all three admin variables to create an admin, and reads an empty DATABASE_URL as unset", () => {
    expect(loadConfig({ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "Secret123!" }).admin).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("stops with the variable's message for a wrong value", () => {
    expect(() => loadConfig({ PORT: "70000" })).toThrow('PORT must be a port number, got "70000"');
    expect(() => loadConfig({ PORT: "http" })).toThrow('PORT must be a port number, got "http"');
    expect(() => loadConfig({ STREAM_IDLE_TIMEOUT_MS: "999" })).toThrow(
      'STREAM_IDLE_TIMEOUT_MS must be 1000 to 600000 milliseconds, got "999"',
    );
    expect(() => loadConfig({ STREAM_IDLE_TIMEOUT_MS: "" })).toThrow('STREAM_IDLE_TIMEOUT_MS must be 1000 to 600000 milliseconds, got ""');
    expect(() => loadConfig({ INVITE_TOKEN_MAX_DAYS: "0" })).toThrow(
      'INVITE_TOKEN_MAX_DAYS must be a whole number from 1 to 3650, got "0"',
    );
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: "1.5" })).toThrow(
      'RATE_LIMIT_PER_MINUTE must be a whole number from 0 to 1000000, got "1.5"',
    );
  });

  it("names the first wrong variable when several are wrong", () => {
    expect(() => loadConfig({ DB_STOCK: "cache", PORT: "-1", FIGURES_CACHE_MS: "soon" })).toThrow(/^PORT must be a port number/);
    expect(() => loadConfig({ DB_STOCK: "cache", FIGURES_CACHE_MS: "soon" })).toThrow(/^FIGURES_CACHE_MS must be a whole number/);
  });
});
