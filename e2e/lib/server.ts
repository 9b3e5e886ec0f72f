import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const apiMain = join(root, "apps", "api", "dist", "main.js");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  port: number;
  process: ChildProcess;
  databaseUrl: string | undefined;
  stop(): Promise<void>;
}

/**
 * The built app (API + web on one port), as `pnpm start` runs it, on a database of its own:
 * a new PostgreSQL database when DATABASE_URL is set, else an embedded one in a temp folder.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "sitesafe-e2e-"));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `sitesafe_e2e_${Date.now().toString(36)}_${port}`;
    const adminUrl = new URL(process.env.DATABASE_URL);
    adminUrl.pathname = "/postgres";
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    // A test database: commits need not wait for the disk (packages/db/src/testing.ts says why).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: adminUrl.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const child = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "" }),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // An embedded database initialises and migrates at start: ~10 s on an idle 2-core machine, 44 s
  // at load average 20 and over 120 s at 24. The deadline catches a server that never starts, not a
  // slow one; on giving up the server is stopped, or it outlives the run (and holds its output open).
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
      throw new Error("server did not become healthy within 180 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    port,
    process: child,
    databaseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
      await dropDb?.();
    },
  };
}
