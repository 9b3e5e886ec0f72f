import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** Starting the built server (`dist/main.js`) as `pnpm start` runs it, for tests of the whole process. */
export const root = join(import.meta.dirname, "..");
const mainJs = join(root, "dist", "main.js");
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** Node's flags from `pnpm start` (the heap cap), so the process runs as in production. */
const startFlags = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((part) => part.startsWith("--"));

export function assertBuilt(): void {
  if (!existsSync(mainJs)) throw new Error("apps/api is not built: run `pnpm build` first (the test command does)");
}

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
const databases: string[] = [];

/** Kills the servers, removes the directories and drops the databases this file made (afterAll). */
export async function cleanUpSpawned(): Promise<void> {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  if (databases.length) {
    const admin = new pg.Client({ connectionString: urlFor("postgres") });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export function urlFor(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${database}`;
  return url.toString();
}

/** A new, empty PostgreSQL database, dropped by `cleanUpSpawned`. */
export async function createDatabase(prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: urlFor("postgres") });
  await admin.connect();
  await admin.query(`create database ${name}`);
  // A test database: commits need not wait for the disk (packages/db/src/testing.ts says why).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  databases.push(name);
  return name;
}

/** A temporary directory, removed by `cleanUpSpawned`. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "sitesafe-proc-"));
  tempDirs.push(dir);
  return dir;
}

/** The environment of a server on a fresh embedded database. */
export function dataDirEnv(): { DATA_DIR: string; DATABASE_URL: string } {
  return { DATA_DIR: tempDir(), DATABASE_URL: "" };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export const ADMIN = { ADMIN_USERNAME: "opsadmin", ADMIN_PASSWORD: "OpsAdmin123!", ADMIN_EMAIL: "ops@example.com" };

export interface Spawned {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  dataDir: string;
  /** Resolves when the server has written a log line matching `pattern` (start it with LOG_LEVEL=info to see requests). */
  waitForLog(pattern: RegExp): Promise<void>;
}

export async function start(env: Record<string, string>): Promise<Spawned> {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags, mainJs], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...ADMIN, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  // Its log still reaches the test's output; kept here too, so a test can wait for what the server did.
  let log = "";
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout?.on("data", (chunk: Buffer) => {
    process.stdout.write(chunk);
    log += chunk.toString();
    for (const w of waiting.filter((w) => w.pattern.test(log))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const waitForLog = (pattern: RegExp) =>
    new Promise<void>((resolve) => {
      if (pattern.test(log)) resolve();
      else waiting.push({ pattern, resolve });
    });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  // Generous: a cold embedded database on a busy 2-core machine can take a while to start.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child, exited, dataDir: env.DATA_DIR ?? "", waitForLog };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

export async function login(base: string, username: string, password: string) {
  return fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username, password }),
  });
}
