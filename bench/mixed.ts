import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "@sitesafe/db";
import { ADMIN, fail, readDataset } from "./routes.js";
import { apiMain, freePort, percentile, signIn, startServer } from "./server.js";

/**
 * `pnpm bench:mixed` (after `pnpm build` and `pnpm seed:large` on PostgreSQL): how the server
 * holds up when people read and write at once. Every answer is computed (no read memory,
 * docs/decisions/0115-no-read-memory.md).
 *
 * The built server (node apps/api/dist/main.js) is started once per run, on a free port, against
 * the seed:large dataset. Virtual users of each role (the admin, the safety manager and eight
 * workers, each signed in as themselves) click through the screens one request after another,
 * with no pause: the dashboard, the lists, a record of each list, their own trainings and videos.
 * A share of their requests (0%, 1%, 5%) are writes instead: a comment on a JHA form, a safety
 * message, an incident report. Each share runs on a fresh server process after a short warm-up
 * that is not counted. Before the first share, the same virtual users ask the bare route
 * (`GET /api/bare`, a constant answer) for as long, on the same server: the ceiling the shares are
 * compared with, in the same run. What a run wrote (comments, messages, reports and their
 * audit rows) is deleted after it, so every run starts from the same dataset: left in place, the
 * comments piled onto the same JHA forms run after run, and each run measured heavier pages than
 * the one before.
 *
 * Writes bench/results-mixed.md and bench/results-mixed.json: req/s and its share of the bare
 * route's, read p50/p95, write p95 and database transactions (round trips outside a transaction)
 * per request, per write share, with the load average before and after.
 *
 *   DATABASE_URL           PostgreSQL with the seed:large dataset (required)
 *   BENCH_MIXED_SECONDS    measured seconds per run (default 15; warm-up 3 s more)
 *   BENCH_MIXED_WORKERS    worker virtual users (default 8)
 *   BENCH_MIXED_SHARES     write shares in percent (default "0,1,5")
 *   BENCH_NOTE             a sentence added to the results (e.g. what else was running)
 *   DB_STOCK               passed to the server: driver tuning to leave out (apps/api/src/config.ts)
 *   BENCH_OUTPUT           base name of the files written (default "results-mixed")
 */

const here = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL || undefined;
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const WORKER_USERS = Number(process.env.BENCH_MIXED_WORKERS ?? 8);
const SHARES = (process.env.BENCH_MIXED_SHARES ?? "0,1,5").split(",").map((s) => Number(s.trim()) / 100);
const OUTPUT = process.env.BENCH_OUTPUT || "results-mixed";
const MANAGER = { username: "bench_manager", password: "BenchManager123!" };
const WORKER_PASSWORD = "Worker123!";
/** Budgets of docs/decisions/performance.md: share of the bare route at 1% writes, read p95 at 5%. */
const GOALS = { shareOfBareAt1: 0.06, readP95At5Ms: 50 } as const;

type Role = "admin" | "manager" | "worker";

interface VirtualUser {
  role: Role;
  username: string;
  password: string;
  /** Their screens, in the order they visit them (GET paths). */
  reads: string[];
  /** The writes they make, taken in turn. */
  writes: Array<() => { path: string; body: unknown }>;
}

interface Run {
  /** "bare": the constant route, the ceiling; "mixed": the screens with this share of writes. */
  kind: "bare" | "mixed";
  writeShare: number;
  seconds: number;
  requests: number;
  reads: number;
  writes: number;
  rps: number;
  readP50: number;
  readP95: number;
  readP99: number;
  writeP95: number;
  /** PostgreSQL transactions committed per request (pg_stat_database): each query outside a transaction is one. Independent of CPU noise. */
  dbTransactionsPerRequest: number;
  failures: number;
  firstFailure: string | null;
  loadBefore: number[];
  loadAfter: number[];
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** A small fixed-seed PRNG (mulberry32): every run makes the same choices. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The tables the benchmark's writes add rows to, and the audit rows that come with them. */
const WRITTEN = ["jhaComments", "safetyComments", "incidentReports", "auditEvents"] as const;

/** The highest id of each written table now: the rows a run adds are above it. */
async function highWaterMarks(): Promise<Map<string, number>> {
  const handle = await createDb({ databaseUrl, maxConnections: 1 });
  try {
    const marks = new Map<string, number>();
    for (const table of WRITTEN) {
      const row = await handle.db
        .selectFrom(table)
        .select((e) => e.fn.max("id").as("id"))
        .executeTakeFirst();
      marks.set(table, Number(row?.id ?? 0));
    }
    return marks;
  } finally {
    await handle.close();
  }
}

/** Deletes what a run wrote (an incident's photos and recordkeeping go with it), back to `marks`. */
async function deleteWrites(marks: Map<string, number>): Promise<void> {
  const handle = await createDb({ databaseUrl, maxConnections: 1 });
  try {
    for (const table of WRITTEN)
      await handle.db
        .deleteFrom(table)
        .where("id", ">", marks.get(table) ?? 0)
        .execute();
  } finally {
    await handle.close();
  }
}

/** The virtual users and what they look at, from the dataset (read before the server starts). */
async function virtualUsers(): Promise<VirtualUser[]> {
  const handle = await createDb({ databaseUrl, maxConnections: 1 });
  try {
    const { ids } = await readDataset(handle);
    const { db } = handle;
    // Workers assigned to a project, the bench worker first; each with their project's newest records.
    const workers = await db
      .selectFrom("users as u")
      .innerJoin("workers as w", "w.userId", "u.id")
      .innerJoin("projectWorkers as pw", "pw.workerId", "w.id")
      .select(["u.username", "w.id as workerId", (eb) => eb.fn.min("pw.projectId").as("projectId")])
      .where("u.role", "=", "worker")
      .groupBy(["u.id", "u.username", "w.id"])
      .orderBy((eb) => eb.case().when("u.username", "=", "bench_worker").then(0).else(1).end())
      .orderBy("u.id")
      .limit(WORKER_USERS)
      .execute();
    if (workers.length < WORKER_USERS) fail("the dataset has too few assigned workers: run pnpm seed:large");
    const newest = async (table: "jhaForms" | "incidentReports" | "hotWorkPermits", projectId: number) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((e) => e.fn.max("id").as("id"))
            .where("projectId", "=", projectId)
            .executeTakeFirst()
        )?.id,
      );
    let n = 0;
    const note = (who: string) => `${who} (mixed benchmark ${++n})`;
    const staffReads = (withWorkers: boolean) => [
      "/api/dashboard/stats",
      "/api/dashboard/upcoming",
      "/api/dashboard/recent-incidents",
      "/api/dashboard/project-stats",
      "/api/dashboard/training-completion",
      "/api/projects?limit=50",
      `/api/projects/${ids.projectId}`,
      `/api/projects/${ids.projectId}/workers`,
      "/api/jha-forms?limit=50",
      `/api/jha-forms/${ids.jhaFormId}`,
      `/api/jha-forms/${ids.jhaFormId}/comments`,
      "/api/incident-reports?limit=50",
      `/api/incident-reports/${ids.incidentId}`,
      "/api/hot-work-permits?limit=50",
      `/api/hot-work-permits/${ids.permitId}`,
      "/api/safety-comments?limit=50",
      ...(withWorkers ? ["/api/workers?limit=50", `/api/workers/${ids.workerId}`, `/api/workers/${ids.workerId}/projects`] : []),
      "/api/training-modules",
    ];
    const staffWrites = (who: string) => [
      () => ({ path: `/api/jha-forms/${ids.jhaFormId}/comments`, body: { content: note(`Reviewed by ${who}`) } }),
      // Only workers send safety messages (policy.ts); staff file incident reports.
      () => ({
        path: "/api/incident-reports",
        body: {
          projectId: ids.projectId,
          title: note(`Site walk finding, ${who}`),
          severity: "minor",
          description: "Unsecured ladder at the north gate.",
        },
      }),
    ];
    const users: VirtualUser[] = [
      { role: "admin", ...ADMIN, reads: staffReads(true), writes: staffWrites("admin") },
      { role: "manager", ...MANAGER, reads: staffReads(true), writes: staffWrites("manager") },
    ];
    for (const w of workers) {
      const projectId = Number(w.projectId);
      const jha = await newest("jhaForms", projectId);
      const incident = await newest("incidentReports", projectId);
      const permit = await newest("hotWorkPermits", projectId);
      users.push({
        role: "worker",
        username: w.username,
        password: WORKER_PASSWORD,
        reads: [
          "/api/dashboard/stats",
          "/api/dashboard/upcoming",
          "/api/dashboard/recent-incidents",
          "/api/dashboard/training-completion",
          "/api/projects",
          `/api/projects/${projectId}`,
          "/api/jha-forms?limit=50",
          ...(Number.isFinite(jha) ? [`/api/jha-forms/${jha}`, `/api/jha-forms/${jha}/comments`] : []),
          "/api/incident-reports?limit=50",
          ...(Number.isFinite(incident) ? [`/api/incident-reports/${incident}`] : []),
          "/api/hot-work-permits?limit=50",
          ...(Number.isFinite(permit) ? [`/api/hot-work-permits/${permit}`] : []),
          "/api/safety-comments?limit=50",
          `/api/workers/${w.workerId}/trainings`,
          `/api/workers/${w.workerId}/videos`,
        ],
        writes: [
          ...(Number.isFinite(jha)
            ? [() => ({ path: `/api/jha-forms/${jha}/comments`, body: { content: note(`Read and understood by ${w.username}`) } })]
            : []),
          () => ({
            path: "/api/safety-comments",
            body: { title: note(`Loose railing, ${w.username}`), content: "The east stair railing moves.", projectId },
          }),
          () => ({
            path: "/api/incident-reports",
            body: {
              projectId,
              title: note(`Near miss, ${w.username}`),
              severity: "near_miss",
              description: "A dropped tool landed close to the walkway.",
            },
          }),
        ],
      });
    }
    return users;
  } finally {
    await handle.close();
  }
}

/** Kept-alive connections, one per virtual user at most (node:http costs the client less CPU than fetch). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request; the status and the answer's text (read whole, as a browser would). */
function send(
  port: number,
  method: "GET" | "POST",
  path: string,
  cookie: string,
  origin: string,
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolveSend, reject) => {
    const headers: http.OutgoingHttpHeaders = { cookie, "accept-encoding": "identity" };
    if (body !== undefined)
      Object.assign(headers, { origin, "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    const req = http.request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolveSend({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** One run: every virtual user clicks until the time is up; the warm-up's requests are not counted. */
async function run(baseUrl: string, users: VirtualUser[], cookies: string[], writeShare: number, kind: Run["kind"]): Promise<Run> {
  const port = Number(new URL(baseUrl).port);
  const origin = baseUrl;
  const readLatencies: number[] = [];
  const writeLatencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const loadBefore = os.loadavg();
  const started = performance.now();
  const countFrom = started + WARMUP_SECONDS * 1000;
  const end = countFrom + SECONDS * 1000;
  const random = prng(Math.round(writeShare * 1000) + 7);
  let commitsAtCount: number | undefined;
  const counting = setTimeout(() => {
    void committed().then((n) => {
      commitsAtCount = n;
    });
  }, WARMUP_SECONDS * 1000);
  await Promise.all(
    users.map(async (user, u) => {
      const cookie = cookies[u] ?? "";
      let next = u % user.reads.length;
      let nextWrite = u % user.writes.length;
      while (performance.now() < end) {
        const write = random() < writeShare;
        let path: string;
        let body: string | undefined;
        if (write) {
          const w = (user.writes[nextWrite++ % user.writes.length] as () => { path: string; body: unknown })();
          path = w.path;
          body = JSON.stringify(w.body);
        } else {
          path = kind === "bare" ? "/api/bare" : (user.reads[next++ % user.reads.length] as string);
        }
        const t0 = performance.now();
        const res = await send(port, write ? "POST" : "GET", path, cookie, origin, body);
        const t1 = performance.now();
        // A failure counts in the warm-up too: every request must succeed.
        if (res.status < 200 || res.status > 299) {
          failures++;
          firstFailure ??= `${write ? "POST" : "GET"} ${path} as ${user.username}: ${res.status} ${res.body.slice(0, 200)}`;
        }
        if (t0 < countFrom) continue;
        (write ? writeLatencies : readLatencies).push(t1 - t0);
      }
    }),
  );
  const seconds = (performance.now() - countFrom) / 1000;
  clearTimeout(counting);
  const commits = commitsAtCount === undefined ? Number.NaN : (await committed(1200)) - commitsAtCount;
  readLatencies.sort((a, b) => a - b);
  writeLatencies.sort((a, b) => a - b);
  const requests = readLatencies.length + writeLatencies.length;
  return {
    kind,
    writeShare,
    seconds: Number(seconds.toFixed(1)),
    requests,
    reads: readLatencies.length,
    writes: writeLatencies.length,
    rps: requests / seconds,
    readP50: percentile(readLatencies, 50),
    readP95: percentile(readLatencies, 95),
    readP99: percentile(readLatencies, 99),
    writeP95: percentile(writeLatencies, 95),
    dbTransactionsPerRequest: Number((commits / requests).toFixed(2)),
    failures,
    firstFailure,
    loadBefore: loadBefore.map((l) => Number(l.toFixed(2))),
    loadAfter: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/**
 * Transactions committed in the benchmark's database so far (pg_stat_database, which PostgreSQL
 * updates within a second or so), asked through psql; NaN without it.
 */
async function committed(settleMs = 0): Promise<number> {
  await new Promise((r) => setTimeout(r, settleMs));
  const out = spawnSync(
    "psql",
    [databaseUrl ?? "", "-Atc", "select xact_commit from pg_stat_database where datname = current_database()"],
    { encoding: "utf8" },
  );
  return out.status === 0 ? Number(out.stdout.trim()) : Number.NaN;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");
const pct = (share: number) => `${fmt(share * 100, 0)}%`;

async function main() {
  if (!databaseUrl) fail("bench:mixed needs DATABASE_URL: PostgreSQL with the seed:large dataset (pnpm seed:large).");
  if (!existsSync(apiMain)) fail(`${apiMain} not found: run \`pnpm build\` first (the benchmark measures the built server).`);
  const users = await virtualUsers();
  const marks = await highWaterMarks();
  const runs: Run[] = [];
  const loadAtStart = os.loadavg();
  console.log(
    `${users.length} virtual users, ${SECONDS} s per run (+${WARMUP_SECONDS} s warm-up), write shares ${SHARES.map(pct).join(", ")}\n`,
  );
  const label = (r: Run) => (r.kind === "bare" ? "bare route" : `writes ${pct(r.writeShare).padStart(3)}`);
  const plan: Array<{ kind: Run["kind"]; share: number }> = [
    { kind: "bare", share: 0 },
    ...SHARES.map((share) => ({ kind: "mixed" as const, share })),
  ];
  for (const { kind, share } of plan) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startServer(port, { RATE_LIMIT_PER_MINUTE: "0", DATABASE_URL: databaseUrl });
    try {
      const cookies: string[] = [];
      for (const user of users) cookies.push(await signIn(baseUrl, user));
      const r = await run(baseUrl, users, cookies, share, kind);
      runs.push(r);
      console.log(
        `${label(r).padEnd(10)}  ${fmt(r.rps, 0).padStart(6)} req/s  read p50 ${fmt(r.readP50).padStart(6)}  p95 ${fmt(r.readP95).padStart(6)}  p99 ${fmt(r.readP99).padStart(6)} ms  write p95 ${fmt(r.writeP95).padStart(6)} ms  ${r.writes} writes  ${fmt(r.dbTransactionsPerRequest, 2)} db tx/req  load ${r.loadAfter[0]}${r.failures ? `  FAILED: ${r.failures} (${r.firstFailure})` : ""}`,
      );
    } finally {
      await stopServer(server);
      await deleteWrites(marks);
    }
  }
  const loadAtEnd = os.loadavg();

  const bare = runs.find((r) => r.kind === "bare");
  const mixed = runs.filter((r) => r.kind === "mixed");
  const shareOfBare = (r: Run) => (bare ? r.rps / bare.rps : Number.NaN);
  const problems: string[] = [];
  for (const r of runs) if (r.failures > 0) problems.push(`${label(r)}: ${r.failures} failed requests (${r.firstFailure})`);
  const at = (share: number) => mixed.find((r) => Math.abs(r.writeShare - share) < 1e-9);
  const goals: string[] = [];
  const at1 = at(0.01);
  const at5 = at(0.05);
  if (at1)
    goals.push(
      `req/s at 1% writes ${fmt(shareOfBare(at1) * 100)}% of the bare route's (goal ≥ ${GOALS.shareOfBareAt1 * 100}%): ${shareOfBare(at1) >= GOALS.shareOfBareAt1 ? "met" : "missed"}`,
    );
  if (at5)
    goals.push(
      `read p95 at 5% writes ${fmt(at5.readP95)} ms (goal ≤ ${GOALS.readP95At5Ms} ms): ${at5.readP95 <= GOALS.readP95At5Ms ? "met" : "missed"}`,
    );

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? "unknown",
    virtualUsers: users.map((u) => ({ role: u.role, username: u.username, screens: u.reads.length, writes: u.writes.length })),
    secondsPerRun: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    loadAverageAtStart: loadAtStart.map((l) => Number(l.toFixed(2))),
    loadAverageAtEnd: loadAtEnd.map((l) => Number(l.toFixed(2))),
    note: process.env.BENCH_NOTE ?? null,
    dbStock: process.env.DB_STOCK ?? null,
    goals,
    problems,
  };
  writeFileSync(
    join(here, `${OUTPUT}.json`),
    `${JSON.stringify({ meta, runs: runs.map((r) => ({ ...r, shareOfBare: r.kind === "mixed" ? shareOfBare(r) : null })) }, null, 2)}\n`,
  );
  const roles = (role: Role) => users.filter((u) => u.role === role).length;
  const md = [
    "# Mixed read/write benchmark",
    "",
    "Written by `pnpm bench:mixed` (bench/mixed.ts); every answer computed (docs/decisions/0115-no-read-memory.md).",
    "",
    `- Date: ${meta.date}`,
    `- Machine: ${meta.cores} cores (${meta.cpu}), Node ${process.version}; server, PostgreSQL and the virtual users on the same machine`,
    `- Virtual users: ${roles("admin")} admin, ${roles("manager")} safety manager, ${roles("worker")} workers, each signed in as themselves, one request after another with no pause (dashboard, lists, records, own trainings and videos); a write (JHA comment, safety message, incident report) in place of a read at the given share`,
    `- Each run: a fresh server process on the same build, ${WARMUP_SECONDS} s warm-up (not counted), then ${SECONDS} s measured; first the bare route (\`GET /api/bare\`, a constant answer) with the same users, the ceiling in the same run`,
    '- Requests as bench.ts sends them: no compression asked for; "db transactions / request" is PostgreSQL\'s count of committed transactions (pg_stat_database; every query outside a transaction is one) over the requests: the database round trips outside a transaction, independent of CPU noise',
    `- Load average (1/5/15 min) at start: ${meta.loadAverageAtStart.join(" / ")}, at end: ${meta.loadAverageAtEnd.join(" / ")} (2 cores; above ~1 means other work shared the CPU)`,
    ...(meta.note ? [`- Note: ${meta.note}`] : []),
    ...(meta.dbStock ? [`- DB_STOCK=${meta.dbStock}: the server ran without that driver tuning (packages/db/src/createDb.ts)`] : []),
    "",
    ...goals.map((g) => `- Goal: ${g}`),
    ...problems.map((p) => `- FAILED: ${p}`),
    "",
    "| run | req/s | vs bare | reads | writes | read p50 ms | read p95 ms | read p99 ms | write p95 ms | db transactions / request | load after | failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${label(r)} | ${fmt(r.rps, 0)} | ${r.kind === "mixed" ? `${fmt(shareOfBare(r) * 100)}%` : "-"} | ${r.reads} | ${r.writes} | ${fmt(r.readP50)} | ${fmt(r.readP95)} | ${fmt(r.readP99)} | ${fmt(r.writeP95)} | ${fmt(r.dbTransactionsPerRequest, 2)} | ${r.loadAfter[0]} | ${r.failures} |`,
    ),
    "",
  ].join("\n");
  writeFileSync(join(here, `${OUTPUT}.md`), md);
  console.log(`\n${goals.join("\n")}\nWrote bench/${OUTPUT}.md and bench/${OUTPUT}.json.`);
  if (problems.length) {
    console.log(`\nFailures:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
