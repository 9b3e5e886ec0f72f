import { type AddressInfo, connect } from "node:net";
import { createTestDb } from "@sitesafe/db/testing";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { bootstrapDatabase } from "../src/bootstrap.js";
import { buildServer } from "../src/server.js";
import { ORIGIN, testConfig } from "./helpers.js";

/**
 * The database going away must not crash the server or leak a 500: requests answer 503 with a
 * clear message, and (on PostgreSQL) the server serves again once the database is back.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe.skipIf(onPostgres)("embedded database closed while the server runs", () => {
  it("answers 503 on health, REST and tRPC, and keeps running", async () => {
    const dbHandle = await createTestDb();
    const app = await buildServer({ config: testConfig, dbHandle, logger: false });
    cleanups.push(() => app.close());
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    await dbHandle.pglite?.close();

    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "error", db: "unavailable" });

    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: ORIGIN, host: "localhost:80" },
      payload: { username: "someone", password: "secret12" },
    });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toEqual({ message: "The database is unavailable. Please try again shortly." });

    const withCookie = await app.inject({ method: "GET", url: "/trpc/auth.session", headers: { cookie: "session=abc.def" } });
    expect(withCookie.statusCode).toBe(503);
  });
});

describe.skipIf(!onPostgres)("PostgreSQL refusing connections while the server runs", () => {
  it("answers 503, then serves again when the database accepts connections, without a restart", async () => {
    const dbHandle = await createTestDb();
    const app = await buildServer({ config: testConfig, dbHandle, logger: false });
    cleanups.push(async () => {
      await app.close();
      await dbHandle.close();
    });
    const name = new URL(dbHandle.url ?? "").pathname.slice(1);
    const adminUrl = new URL(dbHandle.url ?? "");
    adminUrl.pathname = "/postgres";
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    });
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);

    // Take the database away: no new connections, and every open one is cut.
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);

    const during = await Promise.all([
      app.inject({ method: "GET", url: "/api/health" }),
      app.inject({ method: "GET", url: "/api/user", headers: { cookie: "session=abc.def" } }),
      app.inject({
        method: "POST",
        url: "/api/login",
        headers: { origin: ORIGIN, host: "localhost:80" },
        payload: { username: "someone", password: "secret12" },
      }),
    ]);
    for (const res of during) expect(res.statusCode).toBe(503);

    await admin.query(`alter database ${name} allow_connections true`);
    const after = await app.inject({ method: "GET", url: "/api/health" });
    expect(after.statusCode).toBe(200);
    const ok = await sql`select 1 as one`.execute(dbHandle.db);
    expect(ok.rows).toHaveLength(1);
  });
});

describe("the database dropped while the server runs, then recreated empty (issue #30, L1)", () => {
  /**
   * On PostgreSQL the database itself is dropped (with force) and created again, empty. The
   * embedded database lives in the server's own process and cannot be dropped from outside, so
   * there its schema is dropped and recreated empty instead: the same state for the server (it
   * connects, and every table is gone).
   */
  it("answers 503 with the product's message on every route, then migrates and bootstraps again without a restart", async () => {
    const dbHandle = await createTestDb();
    const config = { ...testConfig, admin: { username: "site_admin", password: "Recover3d!", email: "site_admin@example.com" } };
    const app = await buildServer({ config, dbHandle, logger: false });
    cleanups.push(async () => {
      await app.close();
      await dbHandle.close();
    });
    const headers = { origin: ORIGIN, host: "localhost:80" };
    const login = () =>
      app.inject({ method: "POST", url: "/api/login", headers, payload: { username: "site_admin", password: "Recover3d!" } });
    // The first start's bootstrap: the admin exists and signs in.
    await bootstrapDatabase(dbHandle.db, config, silentLog);
    const before = await login();
    expect(before.statusCode, before.body).toBe(200);
    const cookie = String(before.headers["set-cookie"]).split(";")[0] ?? "";

    let recreate: () => Promise<void>;
    if (onPostgres) {
      const name = new URL(dbHandle.url ?? "").pathname.slice(1);
      const adminUrl = new URL(dbHandle.url ?? "");
      adminUrl.pathname = "/postgres";
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      cleanups.push(() => admin.end());
      await admin.query(`drop database ${name} with (force)`);
      recreate = async () => void (await admin.query(`create database ${name}`));
    } else {
      // Everything a recreated database lacks: the tables and the job queue's own schema.
      await sql`drop schema public cascade`.execute(dbHandle.db);
      await sql`drop schema if exists pgboss cascade`.execute(dbHandle.db);
      recreate = async () => void (await sql`create schema public`.execute(dbHandle.db));
    }

    const routes = () =>
      Promise.all([
        app.inject({ method: "GET", url: "/api/user", headers: { cookie } }),
        app.inject({ method: "GET", url: "/api/projects", headers: { cookie } }),
        app.inject({ method: "GET", url: "/api/hot-work-permits?limit=5", headers: { cookie } }),
        app.inject({ method: "GET", url: "/trpc/auth.session", headers: { cookie } }),
        login(),
      ]);
    const MESSAGE = { message: "The database is unavailable. Please try again shortly." };
    for (const res of await routes()) {
      expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 200)}`).toBe(503);
      if (!res.body.includes('"json"')) expect(res.json()).toEqual(MESSAGE);
    }
    const spanish = await app.inject({ method: "GET", url: "/api/projects", headers: { cookie, "accept-language": "es" } });
    expect(spanish.statusCode).toBe(503);
    expect(spanish.json().message).toBe("La base de datos no está disponible. Inténtelo de nuevo en unos momentos.");
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);

    // Back, but empty: the schema is checked, not just a connection; the migrations and the admin
    // bootstrap run again, and every route serves.
    await recreate();
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode, health.body).toBe(200);
    expect(health.json()).toEqual({ status: "ok", db: "ok" });
    const tables = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_name = 'users'`.execute(
      dbHandle.db,
    );
    expect(tables.rows[0]?.n).toBe(1);
    // The old session went with the old database: signed out, not a 500 or a 503.
    const old = await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(old.statusCode, old.body).toBe(401);
    const again = await login();
    expect(again.statusCode, again.body).toBe(200);
    const fresh = String(again.headers["set-cookie"]).split(";")[0] ?? "";
    const projects = await app.inject({ method: "GET", url: "/api/projects", headers: { cookie: fresh } });
    expect(projects.statusCode, projects.body).toBe(200);
    expect(projects.json()).toEqual([]);
  });

  it("requests that answer 503 start the recovery themselves, without the health check", async () => {
    const dbHandle = await createTestDb();
    const config = { ...testConfig, admin: { username: "site_admin", password: "Recover3d!", email: "site_admin@example.com" } };
    const app = await buildServer({ config, dbHandle, logger: false });
    cleanups.push(async () => {
      await app.close();
      await dbHandle.close();
    });
    // Dropped and recreated empty between two requests (the schemas, which both databases allow:
    // the tables' and the job queue's).
    await sql`drop schema public cascade`.execute(dbHandle.db);
    await sql`drop schema if exists pgboss cascade`.execute(dbHandle.db);
    await sql`create schema public`.execute(dbHandle.db);
    const login = () =>
      app.inject({
        method: "POST",
        url: "/api/login",
        headers: { origin: ORIGIN, host: "localhost:80" },
        payload: { username: "site_admin", password: "Recover3d!" },
      });
    expect((await login()).statusCode).toBe(503);
    await expect.poll(async () => (await login()).statusCode, { timeout: 15_000, interval: 200 }).toBe(200);
  });
});

describe("requests in flight, as graceful shutdown counts them", () => {
  it("stops counting a request whose client hung up before it was answered", async () => {
    const dbHandle = await createTestDb();
    const app = await buildServer({ config: testConfig, dbHandle, logger: false });
    cleanups.push(async () => {
      await app.close();
      await dbHandle.close();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;

    // A login whose body never fully arrives: counted on arrival, then the client goes away.
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"username":`,
    );
    await expect.poll(() => app.inFlight).toBe(1);
    socket.destroy();
    // Otherwise shutdown waits its whole deadline for an answer nobody will read.
    await expect.poll(() => app.inFlight).toBe(0);

    // And an answered request is counted out once, not twice.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await expect.poll(() => app.inFlight).toBe(0);
  });
});
