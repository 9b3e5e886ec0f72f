import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { fail } from "./routes.js";

/** What both benchmarks (bench.ts, mixed.ts) do with the built server: start it, sign in, read percentiles. */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The built server the benchmarks measure (`pnpm build` first). */
export const apiMain = join(root, "apps", "api", "dist", "main.js");

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
    srv.on("error", reject);
  });
}

/**
 * The server runs as `pnpm start` and the Dockerfile run it: with V8's old space capped at 256 MB.
 * Without a cap V8 sizes its heap from the machine's memory (4 GB here) and collects lazily, so
 * RSS grew past 300 MB with garbage while the live data stayed under 100 MB.
 */
/** BENCH_NODE_FLAGS: more flags for the server (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it). */
const NODE_FLAGS = ["--max-old-space-size=256", ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [])];

/** Starts the built server on `port` with `env` added to this process's, and waits until it is healthy (at most 120 s). */
export async function startServer(port: number, env: Record<string, string | undefined>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, apiMain], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", SEED_DEMO: "", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) fail(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) fail("the server did not become healthy within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs in and answers the session cookie ("session=..."). */
export async function signIn(baseUrl: string, who: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(who),
  });
  if (!res.ok) fail(`POST /api/login as ${who.username} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("session=") || c.startsWith("__Host-session="));
  if (!cookie) fail(`POST /api/login as ${who.username} set no session cookie`);
  return cookie;
}

/** The p-th percentile of ascending `sorted` (nearest rank); NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
