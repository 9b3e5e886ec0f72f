import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type DbHandle, migrateToLatest } from "@sitesafe/db";
import { createTestDb } from "@sitesafe/db/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/auth/sessions.js";
import type { QueueDefinition } from "../src/jobs/queue.js";
import { buildServer, jobQueueOf } from "../src/server.js";
import { testConfig } from "./helpers.js";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A queue of this file only: one try, so a failure shows at once. */
const ECHO: QueueDefinition = { name: "test.echo", retryLimit: 0, retryDelay: 1, expireInSeconds: 60 };
const FLAKY: QueueDefinition = { name: "test.flaky", retryLimit: 1, retryDelay: 1, expireInSeconds: 60 };

interface Ran {
  instance: string;
  n: number;
}

/** A working server over `dbHandle` whose echo handler notes which instance ran which job. */
async function workingServer(dbHandle: DbHandle, instance: string, ran: Ran[]): Promise<FastifyInstance> {
  const app = await buildServer({ config: { ...testConfig, runJobs: true, jobPollingSeconds: 1 }, dbHandle, logger: false });
  jobQueueOf(app).define<{ n: number }>(ECHO, async ({ n }) => {
    ran.push({ instance, n });
  });
  jobQueueOf(app).define<{ n: number }>(FLAKY, async ({ n }) => {
    throw new Error(`flaky job ${n} failed`);
  });
  await app.ready();
  return app;
}

/** Polls (no fixed sleep) until `done` holds, for at most `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the job queue");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)("two instances on one PostgreSQL database", { timeout: 120_000 }, () => {
  let first: DbHandle & { url?: string };
  let second: DbHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const ran: Ran[] = [];

  beforeAll(async () => {
    first = await createTestDb();
    second = await createDb({ databaseUrl: first.url, maxConnections: 4 });
    a = await workingServer(first, "a", ran);
    b = await workingServer(second, "b", ran);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await first?.close();
  });

  it("runs each job once, whichever instance queued it", async () => {
    for (let n = 0; n < 20; n++) await jobQueueOf(n % 2 ? a : b).send(ECHO.name, { n });
    await until(() => ran.length >= 20);
    // A little longer: a job run twice would show up now.
    await until(async () => (await jobQueueOf(a).pending(ECHO.name)) === 0);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
  });
});

describe("a job that keeps failing", { timeout: 120_000 }, () => {
  let dbHandle: DbHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    dbHandle = await createTestDb();
    app = await workingServer(dbHandle, "a", []);
  });
  afterAll(async () => {
    await app?.close();
    await dbHandle?.close();
  });

  it("is retried once, then listed for admins with its error", async () => {
    const id = await jobQueueOf(app).send(FLAKY.name, { n: 7 });
    await until(async () => (await jobQueueOf(app).failed(50)).some((job) => job.id === id), 30_000);
    const failed = (await jobQueueOf(app).failed(50)).find((job) => job.id === id);
    expect(failed).toMatchObject({ queue: FLAKY.name, error: "flaky job 7 failed", retryCount: 1 });
    expect(await jobQueueOf(app).pending(FLAKY.name)).toBe(0);

    // Admins read it over REST; nobody else may (every role: test/security/authorization.test.ts).
    const admin = await dbHandle.db
      .insertInto("users")
      .values({ username: "jobs_admin", email: "jobs_admin@example.com", passwordHash: "x", role: "admin", firstName: "A", lastName: "B" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const session = await createSession(dbHandle.db, admin.id);
    const res = await app.inject({ method: "GET", url: "/api/admin/failed-jobs", headers: { cookie: `session=${session.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ id, queue: FLAKY.name, error: "flaky job 7 failed", retryCount: 1 }));
  });
});

describe("a job due while the server was down", { timeout: 180_000 }, () => {
  const dataDir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), "sitesafe-jobs-"));
  let url: string | undefined;
  let keep: (DbHandle & { url?: string }) | undefined;

  const open = async (): Promise<DbHandle> => {
    if (onPostgres) return createDb({ databaseUrl: url, maxConnections: 4 });
    // The first open starts from the migrated template (test/globalSetup.ts), the second from the files it left.
    const dump = process.env.SITESAFE_TEST_PGLITE_DUMP;
    const first = !existsSync(join(dataDir as string, "PG_VERSION"));
    const handle = await createDb({ dataDir, ...(first && dump ? { loadDataDir: new Blob([readFileSync(dump)]) } : {}) });
    await migrateToLatest(handle.db);
    return handle;
  };

  beforeAll(async () => {
    if (onPostgres) {
      keep = await createTestDb();
      url = keep.url;
    }
  });
  afterAll(async () => {
    await keep?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs after the server comes back", async () => {
    const ran: Ran[] = [];
    const before = await open();
    const a = await workingServer(before, "before", ran);
    // Due in a second: the first server stops before then.
    const startAfter = new Date(Date.now() + 1000);
    await jobQueueOf(a).send(ECHO.name, { n: 1 }, { startAfter });
    await a.close();
    await before.close();
    expect(ran).toEqual([]);

    const after = await open();
    const b = await workingServer(after, "after", ran);
    try {
      await until(() => ran.length > 0);
      expect(ran).toEqual([{ instance: "after", n: 1 }]);
    } finally {
      await b.close();
      await after.close();
    }
  });
});
