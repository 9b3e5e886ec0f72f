import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "@sitesafe/db";
import autocannon, { type Result } from "autocannon";
import { ADMIN, type Budget, countRows, fail, type RouteSpec, readDataset, routes, type Who, WORKER } from "./routes.js";
import { apiMain, freePort, percentile, signIn, startServer } from "./server.js";

/**
 * `pnpm bench` (after `pnpm build`, and on PostgreSQL after `pnpm seed:large`): the built server
 * (node apps/api/dist/main.js) on a free port, against the large dataset, driven by autocannon on
 * every GET route of docs/api.md plus GET /api/bare (a constant answer: this
 * server's ceiling). Writes bench/results.md and bench/results.json. See docs/decisions/performance.md.
 *
 *   DATABASE_URL       PostgreSQL with the seed:large dataset. Budgets apply; exit 1 when missed.
 *   (unset)            embedded database in BENCH_DATA_DIR (default bench/.work/data), seeded by
 *                      seed:large on first use. No budgets, but every route must answer 2xx.
 *   BENCH_DURATION     seconds per route (default 5)   BENCH_CONNECTIONS (default 10)
 *   BENCH_ONLY         run only routes whose label contains this text (development)
 *   BENCH_NOTE         a sentence added to results.md (e.g. what else was running)
 *   BENCH_OUTPUT       base name of the files written (default "results": results.md, results.json)
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const seedScript = join(root, "apps", "api", "dist", "scripts", "seed-large.js");

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const OUTPUT = process.env.BENCH_OUTPUT || "results";
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.BENCH_DATA_DIR ?? join(here, ".work", "data"));

/**
 * Budgets (docs/decisions/performance.md). Checked on PostgreSQL only; the embedded database is
 * single-connection. The shares of the bare route's req/s were set with the bare route at ~12,000
 * req/s on an idle 2-core machine, every request computed (issue #31).
 */
const BUDGET = {
  dashboardP95Ms: 50,
  pageP95Ms: 100,
  minShareOfBare: { dashboard: 0.06, page: 0.06, record: 0.12 },
  maxRssMb: 300,
} as const;

/** The least share of the bare route's req/s a route must reach, or undefined where none applies. */
const minShare = (budget: Budget): number | undefined =>
  budget === "dashboard" || budget === "page" || budget === "record" ? BUDGET.minShareOfBare[budget] : undefined;

interface Row extends RouteSpec {
  /** One request on an idle server, before the load. */
  singleMs: number;
  /** The server's largest RSS while this row ran. */
  rssMb: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  ratio: number;
  non2xx: number;
  errors: number;
  bytes: number;
  status: number;
  verdict: string;
}

async function measure(
  url: string,
  cookie: string | undefined,
): Promise<{ requests: number; rps: number; p50: number; p95: number; p99: number; non2xx: number; errors: number }> {
  const latencies: number[] = [];
  const result = await new Promise<Result>((resolveRun, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, timeout: 60, headers: cookie ? { cookie } : {} },
      (error, res) => (error ? reject(error) : resolveRun(res)),
    );
    instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  const requests = result["2xx"] + result.non2xx;
  return {
    requests,
    rps: requests / (result.duration || DURATION),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * autocannon stops at the deadline without waiting for requests still in flight; a slow route's
 * stragglers would then be measured as part of the next row. Wait until the server answers the
 * bare route promptly again (or 60 s pass).
 */
async function settle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/bare`).then((r) => r.arrayBuffer());
    if (performance.now() - started < 25) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

function readRssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const thousands = (n: number) => Math.round(n).toLocaleString("en-US");

async function main() {
  if (!existsSync(apiMain)) fail(`${apiMain} not found: run \`pnpm build\` first (the benchmark measures the built server).`);

  // --- the dataset -------------------------------------------------------------------------------
  if (!databaseUrl) {
    mkdirSync(dataDir, { recursive: true });
    const probe = await createDb({ dataDir });
    // A new folder has no tables yet: counting fails, which also means "not seeded".
    const seeded = await countRows(probe, "projects").then(
      (n) => n > 0,
      () => false,
    );
    await probe.close();
    if (!seeded) {
      console.log(`Seeding the embedded database in ${dataDir} (once; delete the folder to start over)...`);
      const seed = spawnSync(process.execPath, [seedScript], {
        env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
        stdio: "inherit",
      });
      if (seed.status !== 0) fail("seed:large failed");
    }
  }
  const handle = await createDb(databaseUrl ? { databaseUrl, maxConnections: 1 } : { dataDir });
  const dataset = await readDataset(handle);
  const serverVersion = String((await handle.db.selectNoFrom((eb) => eb.fn<string>("version", []).as("v")).executeTakeFirst())?.v ?? "");
  await handle.close();
  const dbKind = databaseUrl ? "postgres" : "pglite";

  // --- the server ----------------------------------------------------------------------------------
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const loadBefore = os.loadavg();
  console.log(`Starting ${apiMain} on ${baseUrl} (${dbKind})...`);
  const server = await startServer(port, {
    // One session asks thousands of times a second here: no person does. The limit's own cost
    // is measured by setting RATE_LIMIT_PER_MINUTE for a run.
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: "", DATA_DIR: dataDir }),
  });
  let maxRss = readRssMb(server.pid!);
  let rowRss = maxRss;
  const sampler = setInterval(() => {
    const rss = readRssMb(server.pid!);
    maxRss = Math.max(maxRss, rss);
    rowRss = Math.max(rowRss, rss);
  }, 100);
  const stopServer = async () => {
    clearInterval(sampler);
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
  };
  process.on("SIGINT", () => {
    void stopServer().then(() => process.exit(130));
  });

  const rows: Row[] = [];
  try {
    const cookies: Record<Who, string | undefined> = {
      admin: await signIn(baseUrl, ADMIN),
      worker: await signIn(baseUrl, WORKER),
      anonymous: undefined,
    };

    const specs = routes(dataset.ids).filter((s) => !ONLY || s.budget === "ceiling" || s.label.includes(ONLY));
    console.log(`${specs.length} routes x ${DURATION} s at ${CONNECTIONS} connections\n`);
    for (const spec of specs) {
      const url = `${baseUrl}${spec.path}`;
      const cookie = cookies[spec.as];
      await settle(baseUrl);
      rowRss = readRssMb(server.pid!);
      // One plain request first: the status and size of the answer, its latency alone (no queue),
      // and a warm cache and JIT.
      const probeStarted = performance.now();
      const probe = await fetch(url, { headers: cookie ? { cookie } : {} });
      const body = await probe.arrayBuffer();
      const singleMs = performance.now() - probeStarted;
      const m = await measure(url, cookie);
      const row: Row = {
        ...spec,
        ...m,
        singleMs,
        rssMb: Math.round(rowRss),
        ratio: 0,
        bytes: body.byteLength,
        status: probe.status,
        verdict: "",
      };
      rows.push(row);
      console.log(
        `${spec.label.padEnd(46)} ${String(probe.status).padStart(3)} ${fmt(m.rps, 0).padStart(6)} req/s  p50 ${fmt(m.p50).padStart(7)}  p95 ${fmt(m.p95).padStart(7)}  p99 ${fmt(m.p99).padStart(7)}  alone ${fmt(singleMs).padStart(7)} ms  ${thousands(body.byteLength).padStart(10)} B  ${Math.round(rowRss)} MB${m.non2xx || m.errors ? `  FAILED: ${m.non2xx} non-2xx, ${m.errors} errors` : ""}`,
      );
    }
  } finally {
    maxRss = Math.max(maxRss, readRssMb(server.pid!));
    await stopServer();
  }
  const loadAfter = os.loadavg();

  // --- budgets -------------------------------------------------------------------------------------
  // The ceiling is the better of the two bare runs (first and last): on a shared machine the
  // slower one says more about the neighbours than about this server.
  const bare = rows.filter((r) => r.budget === "ceiling").reduce((best, r) => (r.rps > best.rps ? r : best));
  const problems: string[] = [];
  const enforce = dbKind === "postgres";
  for (const row of rows) {
    row.ratio = row.rps / bare.rps;
    const notes: string[] = [];
    if (row.status < 200 || row.status > 299 || row.non2xx > 0 || row.errors > 0) {
      notes.push(`FAILED (status ${row.status}, ${row.non2xx} non-2xx, ${row.errors} errors)`);
    }
    // No answer finished inside the run: slower than the whole measurement window.
    if (row.requests === 0) notes.push(`no response completed within ${DURATION} s`);
    if (enforce && row.budget === "dashboard" && row.p95 > BUDGET.dashboardP95Ms) notes.push(`p95 > ${BUDGET.dashboardP95Ms} ms`);
    if (enforce && (row.budget === "page" || row.budget === "record") && row.p95 > BUDGET.pageP95Ms)
      notes.push(`p95 > ${BUDGET.pageP95Ms} ms`);
    const share = minShare(row.budget);
    if (enforce && share !== undefined && row.ratio < share) notes.push(`< ${share * 100}% of bare req/s`);
    row.verdict = notes.length ? notes.join("; ") : row.budget === "full" || !enforce || row.budget === "ceiling" ? "ok" : "within budget";
    for (const n of notes) problems.push(`${row.label}: ${n}`);
  }
  if (enforce && maxRss > BUDGET.maxRssMb) problems.push(`server RSS ${fmt(maxRss, 0)} MB > ${BUDGET.maxRssMb} MB`);

  // --- report --------------------------------------------------------------------------------------
  const cores = os.cpus().length;
  const busy = Math.max(loadBefore[0] ?? 0, loadAfter[0] ?? 0) > 0.5;
  const meta = {
    date: new Date().toISOString(),
    database: dbKind,
    databaseVersion: serverVersion,
    node: process.version,
    cores,
    cpu: os.cpus()[0]?.model ?? "unknown",
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    maxRssMb: Math.round(maxRss),
    loadAverageBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAverageAfter: loadAfter.map((l) => Number(l.toFixed(2))),
    dataset: dataset.counts,
    budgets: enforce ? BUDGET : "none on the embedded database: every route must answer 2xx",
    note: process.env.BENCH_NOTE ?? null,
    passed: problems.length === 0,
    problems,
  };
  writeFileSync(join(here, `${OUTPUT}.json`), `${JSON.stringify({ meta, rows }, null, 2)}\n`);

  const budgetText: Record<Budget, string> = {
    ceiling: "ceiling",
    dashboard: `p95 ≤ ${BUDGET.dashboardP95Ms} ms, ≥ ${BUDGET.minShareOfBare.dashboard * 100}%`,
    page: `p95 ≤ ${BUDGET.pageP95Ms} ms, ≥ ${BUDGET.minShareOfBare.page * 100}%`,
    record: `p95 ≤ ${BUDGET.pageP95Ms} ms, ≥ ${BUDGET.minShareOfBare.record * 100}%`,
    full: "none (whole table)",
  };
  const md = [
    "# Benchmark results",
    "",
    'Written by `pnpm bench` (bench/bench.ts); how to run it and what the budgets mean: README.md "Performance" and docs/decisions/performance.md.',
    "",
    `- Date: ${meta.date}`,
    `- Database: ${dbKind === "postgres" ? `PostgreSQL (${serverVersion.split(" on ")[0]})` : "embedded PGlite (single connection)"}`,
    `- Machine: ${cores} cores (${meta.cpu}), Node ${process.version}; server and autocannon on the same machine`,
    `- Load: ${CONNECTIONS} connections, ${DURATION} s per route, one route at a time`,
    `- Server max RSS during the run: ${meta.maxRssMb} MB${enforce ? ` (budget ${BUDGET.maxRssMb} MB)` : ""}`,
    `- Load average (1/5/15 min) before: ${meta.loadAverageBefore.join(" / ")}, after: ${meta.loadAverageAfter.join(" / ")}${busy ? " — other processes were using the CPU during this run, so absolute numbers are lower than on an idle machine" : ""}`,
    "- Every request is computed: the server keeps no answers (docs/decisions/0115-no-read-memory.md).",
    ...(meta.note ? [`- Note: ${meta.note}`] : []),
    `- Dataset: ${Object.entries(dataset.counts)
      .map(([k, v]) => `${k} ${thousands(v)}`)
      .join(", ")}`,
    "",
    enforce
      ? `**Budgets: ${problems.length === 0 ? "all met" : `${problems.length} missed`}.** Dashboard routes p95 ≤ ${BUDGET.dashboardP95Ms} ms; other bounded routes p95 ≤ ${BUDGET.pageP95Ms} ms; pages and dashboard routes ≥ ${BUDGET.minShareOfBare.page * 100}% and single records or the user's own items ≥ ${BUDGET.minShareOfBare.record * 100}% of the bare route's req/s; RSS < ${BUDGET.maxRssMb} MB. Whole-table lists (no limit) are measured and must succeed, with no latency budget.`
      : `**Embedded database: no budgets; ${problems.length === 0 ? "every route answered 2xx" : `${problems.length} routes failed`}.**`,
    ...(problems.length ? ["", ...problems.map((p) => `- ${p}`)] : []),
    "",
    "| route | as | budget | req/s | p50 ms | p95 ms | p99 ms | vs bare | alone ms | answer | RSS MB | result |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...rows.map(
      (r) =>
        `| \`GET ${r.path}\` | ${r.as} | ${budgetText[r.budget]} | ${fmt(r.rps, 0)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.ratio * 100, 1)}% | ${fmt(r.singleMs)} | ${thousands(r.bytes)} B | ${r.rssMb} | ${r.verdict} |`,
    ),
    "",
  ].join("\n");
  writeFileSync(join(here, `${OUTPUT}.md`), md);
  console.log(`\nmax RSS ${meta.maxRssMb} MB. Wrote bench/${OUTPUT}.md and bench/${OUTPUT}.json.`);
  if (problems.length) {
    console.log(`\n${enforce ? "Budgets missed" : "Failures"}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(enforce ? "All budgets met." : "Every route answered 2xx (no budgets on the embedded database).");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
