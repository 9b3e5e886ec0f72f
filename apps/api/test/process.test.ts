import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { createDb } from "@sitesafe/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  assertBuilt,
  cleanUpSpawned,
  createDatabase,
  dataDirEnv,
  login,
  onPostgres,
  root,
  start,
  tempDir,
  urlFor,
} from "./spawn.js";

/** The built server as `pnpm start` runs it: graceful shutdown, backups, and several instances. */
const run = promisify(execFile);

beforeAll(assertBuilt);
afterAll(cleanUpSpawned);

describe("graceful shutdown", { timeout: 300_000 }, () => {
  it("finishes in-flight requests on SIGTERM, refuses new ones, and exits 0", async () => {
    const server = await start({ ...dataDirEnv(), LOG_LEVEL: "info" });
    // Logins hash with argon2: slow enough that several are still running when the signal lands.
    const inFlight = Array.from({ length: 8 }, () => login(server.base, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD));
    // The signal lands once the server is handling a login, however long the requests took to
    // arrive (a fixed 30 ms pause was too short on a busy machine: all eight got 503).
    await server.waitForLog(/"url":"\/api\/login"/);
    server.child.kill("SIGTERM");
    // Every request gets an answer (none is cut off): 200 if it was already being handled, 503 if
    // it arrived after the signal.
    const statuses = (await Promise.all(inFlight)).map((r) => r.status);
    for (const status of statuses) expect([200, 503]).toContain(status);
    expect(statuses).toContain(200);
    const late = await fetch(`${server.base}/api/health`).then(
      (r) => r.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(late);
    expect(await server.exited).toBe(0);
    // No half-written records: exactly one session per successful login.
    const handle = await createDb({ dataDir: server.dataDir });
    const sessions = await handle.db.selectFrom("sessions").select("id").execute();
    await handle.close();
    expect(sessions).toHaveLength(statuses.filter((s) => s === 200).length);
  });
});

describe.skipIf(onPostgres)("embedded database backup and restore", { timeout: 300_000 }, () => {
  it("restores a backup into a fresh directory and reads the data back", async () => {
    const source = dataDirEnv();
    const handle = await createDb({ dataDir: source.DATA_DIR });
    const { migrateToLatest } = await import("@sitesafe/db");
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto("projects")
      .values({ name: "Harbor Tower", location: "Pier 9", startDate: "2026-02-01", emergencyContactInfo: "{}" })
      .execute();
    await handle.close();

    const file = join(tempDir(), `backup-${Date.now()}.tar.gz`);
    await run(process.execPath, [join(root, "dist", "scripts", "backup.js"), file], { env: { ...process.env, ...source } });
    const target = dataDirEnv();
    rmSync(target.DATA_DIR, { recursive: true, force: true });
    await run(process.execPath, [join(root, "dist", "scripts", "restore.js"), file], { env: { ...process.env, ...target } });

    const restored = await createDb({ dataDir: target.DATA_DIR });
    const rows = await restored.db.selectFrom("projects").select(["name", "location", "startDate"]).execute();
    await restored.close();
    expect(rows).toEqual([{ name: "Harbor Tower", location: "Pier 9", startDate: "2026-02-01" }]);

    // A restore never overwrites live data without being told to.
    await expect(
      run(process.execPath, [join(root, "dist", "scripts", "restore.js"), file], { env: { ...process.env, ...target } }),
    ).rejects.toMatchObject({ code: 2 });
  });
});

describe.skipIf(!onPostgres)("two API instances on one PostgreSQL", { timeout: 300_000 }, () => {
  it("migrate once when started together, share sessions, and share the failed-login limit", async () => {
    const name = await createDatabase("sitesafe_scale");
    const env = { DATABASE_URL: urlFor(name) };

    const [a, b] = await Promise.all([start(env), start(env)]);
    const check = new pg.Client({ connectionString: urlFor(name) });
    await check.connect();
    const migrations = await check.query("select name, count(*)::int as n from kysely_migration group by name");
    const admins = await check.query("select count(*)::int as n from users where role = 'admin'");
    await check.end();
    expect(migrations.rows.length).toBeGreaterThan(0);
    for (const row of migrations.rows) expect(row.n).toBe(1);
    expect(admins.rows[0].n).toBe(1);

    const signIn = await login(a.base, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const me = await fetch(`${b.base}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(ADMIN.ADMIN_USERNAME);

    for (let i = 0; i < 10; i++) {
      const res = await login(i % 2 ? a.base : b.base, "ghost-user", "wrong-password");
      expect(res.status).toBe(401);
    }
    const limitedOnA = await login(a.base, "ghost-user", "wrong-password");
    const limitedOnB = await login(b.base, "ghost-user", "wrong-password");
    expect(limitedOnA.status).toBe(429);
    expect(limitedOnB.status).toBe(429);
    expect(await limitedOnB.json()).toEqual({ message: "Too many failed login attempts. Try again later." });

    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
  });
});
