// `pnpm lighthouse` (issue #37): Lighthouse 12's mobile preset (a mid-range phone on a slow 4G link,
// simulated throttling) on /auth signed out and on the worker dashboard and /forms/jha signed in as
// the demo worker, three runs each, against the BUILT app (`pnpm build` first) started here with
// demo data on an embedded database. Prints the median run of each page (by performance score)
// and exits 1 when a budget is missed. Run by hand on a quiet machine, not in CI; the latest
// output, the command and the load average go in docs/decisions/performance.md.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const WORKER = { username: "jsmith", password: "SiteSafe123!" }; // the demo worker (apps/api/src/seed/demo.ts)
const PAGES = [
  { path: "/auth", signedIn: false },
  { path: "/", signedIn: true, name: "/ (worker dashboard)" },
  { path: "/forms/jha", signedIn: true },
];
const BUDGET = { performance: 90, lcp: 2500, tbt: 200, cls: 0.1 };
// For digging into one page: LIGHTHOUSE_PAGES=/forms/jha measures only the pages named (comma
// separated); LIGHTHOUSE_SAVE=dir writes each run's whole report there (open it in a Lighthouse
// viewer, or read its audits: LCP phases, long tasks, the critical request chain).
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(",");
const SAVE = process.env.LIGHTHOUSE_SAVE;

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });

async function waitFor(url, what, ms = 180_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The built server with demo data on a fresh embedded database. */
async function startApp() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "sitesafe-lighthouse-"));
  const child = spawn(process.execPath, [join(root, "apps", "api", "dist", "main.js")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}/api/health`, "the server");
  return {
    baseUrl,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium with its DevTools port open for Lighthouse (--no-sandbox: this machine runs as root). */
async function startChromium() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "sitesafe-lighthouse-chrome-"));
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, "Chromium", 30_000);
  return {
    port,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The demo worker's session cookie, sent with every request of a signed-in run. */
async function signIn(baseUrl) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(WORKER),
  });
  if (!res.ok) throw new Error(`demo worker sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

const short = (url) => String(url).replace(/^https?:\/\/[^/]+/, "");
const median = (runs) => [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];

async function main() {
  const load = loadavg().map((n) => n.toFixed(2));
  console.log(`Lighthouse ${RUNS}x per page, mobile preset, load average before: ${load.join(" ")}`);
  const app = await startApp();
  const chrome = await startChromium();
  const rows = [];
  try {
    const cookie = await signIn(app.baseUrl);
    for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p.path))) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${app.baseUrl}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          // LIGHTHOUSE_JS_SAMPLES=1: the saved trace also holds V8's samples, to tell which code a long task ran.
          ...(process.env.LIGHTHOUSE_JS_SAMPLES ? { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" } : {}),
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        const { lhr } = result;
        if (SAVE) {
          mkdirSync(SAVE, { recursive: true });
          const name = `${page.path.replace(/\W+/g, "_")}-${i + 1}`;
          writeFileSync(join(SAVE, `${name}.json`), JSON.stringify(lhr));
          // The observed trace Lighthouse simulated the phone from: its main-thread tasks are what
          // the simulation multiplies by 4 (open it in the DevTools Performance panel).
          if (result.artifacts?.Trace) writeFileSync(join(SAVE, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
        if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
        const a = lhr.audits;
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: a["largest-contentful-paint"].numericValue,
          tbt: a["total-blocking-time"].numericValue,
          cls: a["cumulative-layout-shift"].numericValue,
          kb: a["total-byte-weight"].numericValue / 1024,
          lcpElement: a["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
          finalUrl: lhr.finalDisplayedUrl,
          // Where the wins are: scripts by main-thread time and by bytes shipped but not run.
          bootup: (a["bootup-time"]?.details?.items ?? []).slice(0, 4).map((i) => `${short(i.url)} ${Math.round(i.scripting)} ms`),
          unused: (a["unused-javascript"]?.details?.items ?? [])
            .slice(0, 4)
            .map((i) => `${short(i.url)} ${Math.round(i.wastedBytes / 1024)} of ${Math.round(i.totalBytes / 1024)} KB`),
        });
      }
      const m = median(runs);
      rows.push({ page: page.name ?? page.path, ...m, scores: runs.map((r) => r.performance) });
      if (page.signedIn && new URL(m.finalUrl).pathname === "/auth") throw new Error(`${page.path}: the run was not signed in`);
    }
  } finally {
    await chrome.stop();
    await app.stop();
  }

  const misses = [];
  console.log("\n| page | Performance | LCP | TBT | CLS | transfer | runs (score) |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.performance} | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${Math.round(r.kb)} KB | ${r.scores.join(", ")} |`,
    );
    if (r.performance < BUDGET.performance) misses.push(`${r.page}: Performance ${r.performance} < ${BUDGET.performance}`);
    if (r.lcp > BUDGET.lcp) misses.push(`${r.page}: LCP ${(r.lcp / 1000).toFixed(2)} s > 2.5 s`);
    if (r.tbt > BUDGET.tbt) misses.push(`${r.page}: TBT ${Math.round(r.tbt)} ms > ${BUDGET.tbt} ms`);
    if (r.cls > BUDGET.cls) misses.push(`${r.page}: CLS ${r.cls.toFixed(3)} > ${BUDGET.cls}`);
  }
  console.log("\nLargest contentful paint elements:");
  for (const r of rows) console.log(`- ${r.page}: ${r.lcpElement.slice(0, 160)}`);
  console.log("\nMain-thread script time (median run, top 4) and JavaScript shipped but unused (top 4):");
  for (const r of rows) console.log(`- ${r.page}: ${r.bootup.join("; ")}\n  unused: ${r.unused.join("; ")}`);
  console.log(
    `\nload average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (misses.length > 0) {
    console.log(`\nBudgets missed (Performance >= 90, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1):\n- ${misses.join("\n- ")}`);
    process.exit(1);
  }
  console.log("\nAll budgets met.");
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
