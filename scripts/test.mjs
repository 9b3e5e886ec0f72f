#!/usr/bin/env node
// The README's test command (`pnpm test`): every check once, where it is needed, with each part's
// name and time (docs/conventions.md, "The test command"). PostgreSQL parts run when DATABASE_URL
// is set; without it the embedded-database parts run and the summary says what was not run. In CI
// (CI set) a missing DATABASE_URL is an error: CI must run everything.
//
//   pnpm test                      everything (set DATABASE_URL for the PostgreSQL parts)
//   pnpm test -- --only api:pg     only the parts whose names start with "api:pg" (after the build)
//   pnpm test -- --list            the plan, without running it
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pg = process.env.DATABASE_URL || "";
const embedded = { DATABASE_URL: "" };
const onPg = { DATABASE_URL: pg };

/**
 * The plan. A step is one part or several run side by side (their output is prefixed with the
 * part's name). `pg: true` parts need PostgreSQL. Which API files are heavy (run once, on
 * PostgreSQL) is listed in apps/api/vitest.config.ts; a new API test file runs on both databases.
 */
const plan = [
  { name: "lint", cmd: "pnpm lint" },
  { name: "build", cmd: "pnpm build", fatal: true },
  { name: "typecheck", cmd: "pnpm typecheck" },
  {
    name: "unit (no database: domain, web, client)",
    cmd: "pnpm --filter @sitesafe/domain --filter @sitesafe/web --filter @sitesafe/client --workspace-concurrency=1 test",
    env: embedded,
  },
  {
    parallel: [
      { name: "db:pg", cmd: "pnpm --filter @sitesafe/db test", env: onPg, pg: true },
      { name: "db:embedded", cmd: "pnpm --filter @sitesafe/db test", env: embedded },
    ],
  },
  // Side by side: the PostgreSQL run waits on the database server and on the heavy files' spawned
  // servers and timeouts, time the CPU-bound embedded run uses (docs/conventions.md has the figures).
  {
    parallel: [
      { name: "api:pg (API suite and heavy files, PostgreSQL)", cmd: "pnpm --filter @sitesafe/api test", env: onPg, pg: true },
      { name: "api:embedded (API suite, embedded database)", cmd: "pnpm --filter @sitesafe/api test --project api", env: embedded },
    ],
  },
  // Side by side: a browser test waits on page loads and transitions much of the time, so the short
  // smoke run on the embedded database fits into the PostgreSQL suite's waits.
  {
    parallel: [
      { name: "e2e:pg (browser suite, PostgreSQL)", cmd: "pnpm --filter @sitesafe/e2e test", env: onPg, pg: true },
      {
        name: "e2e:embedded (browser smoke, embedded database)",
        cmd: "pnpm --filter @sitesafe/e2e test tests/smoke.test.ts",
        env: embedded,
      },
    ],
  },
];

const args = process.argv.slice(2).filter((a) => a !== "--");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const selected = (part) => !only || part.name === "build" || part.name.startsWith(only);

if (args.includes("--list")) {
  for (const step of plan) {
    const parts = step.parallel ?? [step];
    for (const part of parts) console.log(`${step.parallel ? "  (side by side) " : ""}${part.name}: ${part.cmd}`);
  }
  process.exit(0);
}

if (!pg && process.env.CI) {
  console.error("CI is set but DATABASE_URL is not: CI runs the PostgreSQL parts too (.ci/run starts PostgreSQL).");
  process.exit(1);
}
if (!pg) {
  console.log("DATABASE_URL is not set: the PostgreSQL parts will NOT run (set it to run everything).");
}

/** Timings on a shared machine mean little without the load they were taken under. */
const load1 = () => loadavg()[0].toFixed(2);
const fmt = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`;
};

function run(part, prefix) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${part.name} ===\n$ ${part.cmd}`);
    const child = spawn(part.cmd, {
      cwd: root,
      shell: true,
      env: { ...process.env, ...part.env },
      stdio: prefix ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        createInterface({ input: stream }).on("line", (line) => console.log(`[${part.name.split(" ")[0]}] ${line}`));
      }
    }
    child.on("close", (code) => {
      const ms = Date.now() - started;
      const load = load1();
      console.log(`=== ${part.name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${fmt(ms)} (load average ${load}) ===`);
      resolve({ name: part.name, status: code === 0 ? "passed" : "FAILED", ms, load });
    });
  });
}

const results = [];
const started = Date.now();
let stopped = false;
for (const step of plan) {
  const parts = (step.parallel ?? [step]).filter(selected);
  const runnable = [];
  for (const part of parts) {
    if (stopped) results.push({ name: part.name, status: "not run (an earlier part failed)", ms: 0 });
    else if (part.pg && !pg) results.push({ name: part.name, status: "NOT RUN (no DATABASE_URL)", ms: 0 });
    else runnable.push(part);
  }
  const done = await Promise.all(runnable.map((part) => run(part, runnable.length > 1)));
  results.push(...done);
  if (done.some((r, i) => r.status === "FAILED" && runnable[i].fatal)) stopped = true;
}

const total = Date.now() - started;
const width = Math.max(...results.map((r) => r.name.length));
console.log("\n=== test parts ===");
for (const r of results) {
  console.log(`${r.name.padEnd(width)}  ${r.ms ? fmt(r.ms).padStart(6) : "     -"}  ${r.status}${r.load ? ` (load ${r.load})` : ""}`);
}
const loads = loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(`${"total".padEnd(width)}  ${fmt(total).padStart(6)}  (load average ${loads})`);
const skipped = results.filter((r) => r.status.startsWith("NOT RUN"));
if (skipped.length > 0) console.log(`\nNot run without PostgreSQL: ${skipped.map((r) => r.name).join("; ")}.`);
const failed = results.filter((r) => r.status !== "passed" && !r.status.startsWith("NOT RUN"));
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.map((r) => r.name).join("; ")}.`);
  process.exit(1);
}
