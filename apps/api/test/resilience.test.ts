import { type AddressInfo, connect } from "node:net";
import { createTestDb } from "@sitesafe/db/testing";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { buildServer } from "../src/server.js";
import { ORIGIN, testConfig } from "./helpers.js";

/**
 * The database going away must not crash the server or leak a 500: requests answer 503 with a
 * clear message, and (on PostgreSQL) the server serves again once the database is back.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
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
