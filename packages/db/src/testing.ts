import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { type CreateDbOptions, createDb, type DbHandle, migrateToLatest } from "./createDb.js";

/**
 * A fresh, migrated database for each test file (docs/conventions.md). Migrating once per run and
 * copying is what keeps this fast: a new PGlite takes seconds to initialise, a copy under one.
 *   - DATABASE_URL set: one template database per run, then CREATE DATABASE ... TEMPLATE.
 *   - otherwise: one migrated PGlite per run, dumped to a file, loaded into each new PGlite.
 * `setupTestTemplate` runs in vitest's globalSetup; `createTestDb` in each test file.
 */
const ENV_PG_TEMPLATE = "SITESAFE_TEST_PG_TEMPLATE";
const ENV_PGLITE_DUMP = "SITESAFE_TEST_PGLITE_DUMP";

function databaseUrlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, fn: (admin: Kysely<unknown>) => Promise<T>): Promise<T> {
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrlFor(base, "postgres"), max: 1 }) }),
  });
  try {
    return await fn(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * A database for tests only, whose commits do not wait for the disk (synchronous_commit off; a
 * crash of the database server could lose the last ones, which a test database can afford). On
 * this machine each commit's flush cost more than its work: the authorization test took 146 s
 * with it and 54 s without (docs/conventions.md). CREATE DATABASE ... TEMPLATE does not copy the
 * setting, so every test database gets it here.
 */
async function createScratchDatabase(admin: Kysely<unknown>, name: string, template?: string): Promise<void> {
  await (template ? sql`create database ${sql.id(name)} template ${sql.id(template)}` : sql`create database ${sql.id(name)}`).execute(
    admin,
  );
  await sql`alter database ${sql.id(name)} set synchronous_commit = off`.execute(admin);
}

export async function setupTestTemplate(): Promise<() => Promise<void>> {
  const base = process.env.DATABASE_URL;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
  if (base) {
    const template = `sitesafe_tpl_${runId}`;
    await withAdmin(base, (admin) => createScratchDatabase(admin, template));
    const handle = await createDb({ databaseUrl: databaseUrlFor(base, template), maxConnections: 1 });
    await migrateToLatest(handle.db);
    await handle.close();
    process.env[ENV_PG_TEMPLATE] = template;
    return async () => {
      await withAdmin(base, async (admin) => {
        const { rows } = await sql<{
          datname: string;
        }>`select datname from pg_database where datname like ${`sitesafe_t%${runId}%`}`.execute(admin);
        for (const { datname } of rows) {
          await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(admin);
        }
      });
    };
  }
  const handle = await createDb();
  await migrateToLatest(handle.db);
  const dump = await dumpOf(handle);
  const path = join(tmpdir(), `sitesafe-template-${runId}.tar.gz`);
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  process.env[ENV_PGLITE_DUMP] = path;
  return async () => {};
}

async function dumpOf(handle: DbHandle): Promise<Blob> {
  const pglite = handle.pglite;
  if (!pglite) throw new Error("not an embedded database");
  return pglite.dumpDataDir("gzip");
}

let counter = 0;

/** A new database with every migration applied, for one test file. Close it in afterAll. */
export async function createTestDb(options: Pick<CreateDbOptions, "log"> = {}): Promise<DbHandle & { url?: string }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const template = process.env[ENV_PG_TEMPLATE];
    if (!template) throw new Error("setupTestTemplate() did not run: add it to vitest globalSetup");
    const name = `${template.replace("sitesafe_tpl_", "sitesafe_t")}_${process.pid}_${++counter}`;
    await withAdmin(base, (admin) => createScratchDatabase(admin, name, template));
    const url = databaseUrlFor(base, name);
    const handle = await createDb({ databaseUrl: url, log: options.log, maxConnections: 20 });
    return { ...handle, url };
  }
  const dumpPath = process.env[ENV_PGLITE_DUMP];
  if (!dumpPath) {
    const handle = await createDb({ log: options.log });
    await migrateToLatest(handle.db);
    return handle;
  }
  return createDb({ loadDataDir: new Blob([readFileSync(dumpPath)]), log: options.log });
}
