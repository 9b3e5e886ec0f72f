import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Runs examples/site-report.ts, as a reader of the README would, against the built server
 * (apps/api/dist) and the built client (dist/): `pnpm build` first. The example must list the
 * project's incidents, file a JHA and approve a pending permit through a service token.
 */
const here = dirname(fileURLToPath(import.meta.url));
const clientDir = join(here, "..");
const apiMain = join(clientDir, "..", "..", "apps", "api", "dist", "main.js");
const tsx = join(clientDir, "node_modules", ".bin", "tsx");
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
    srv.on("error", reject);
  });
}

let server: ChildProcess | undefined;
let dataDir = "";
let baseUrl = "";

beforeAll(async () => {
  for (const built of [apiMain, join(clientDir, "dist", "index.js")]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` first`);
  }
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "sitesafe-client-example-"));
  server = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SEED_DEMO: "1",
      ADMIN_USERNAME: "director",
      ADMIN_PASSWORD: "Director123!",
      ADMIN_EMAIL: "director@example.com",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function serviceToken(): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ username: "director", password: "Director123!" }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const created = await fetch(`${baseUrl}/api/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie },
    body: JSON.stringify({ name: "morning report", scope: "read-write" }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { token: string }).token;
}

describe("examples/site-report.ts against a running server", () => {
  it("lists incidents, files a JHA and approves a permit, as the token's owner", async () => {
    const token = await serviceToken();
    const { stdout } = await run(tsx, ["examples/site-report.ts"], {
      cwd: clientDir,
      env: { ...process.env, SITESAFE_URL: baseUrl, SITESAFE_TOKEN: token },
      timeout: 60_000,
    });
    const summary = JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as {
      projectId: number;
      incidents: number;
      jhaId: number;
      approvedPermitId: number | null;
      secondTry: { status: number; message: string } | null;
    };
    const api = (path: string) => fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());

    const incidents = (await api(`/api/incident-reports?projectId=${summary.projectId}`)) as unknown[];
    expect(summary.incidents).toBe(incidents.length);
    expect(summary.incidents).toBeGreaterThan(0);
    expect(stdout).toContain(`${incidents.length} incident report(s):`);

    const jha = (await api(`/api/jha-forms/${summary.jhaId}`)) as { title: string; projectId: number };
    expect(jha).toMatchObject({ title: "Tower crane lift: curtain wall panels", projectId: summary.projectId });

    expect(summary.approvedPermitId).not.toBeNull();
    const permit = (await api(`/api/hot-work-permits/${summary.approvedPermitId}`)) as {
      status: string;
      history: { action: string; actorName: string }[];
    };
    expect(permit.status).toBe("approved");
    expect(permit.history.at(-1)).toMatchObject({ action: "approved", actorName: expect.stringContaining("via token morning report") });
    // The client's error carries the server's status and message.
    expect(summary.secondTry?.status).toBe(409);
    expect(summary.secondTry?.message).toMatch(/approved/i);
  });

  it("exits with the server's message when the token is revoked or wrong", async () => {
    const failed = await run(tsx, ["examples/site-report.ts"], {
      cwd: clientDir,
      env: { ...process.env, SITESAFE_URL: baseUrl, SITESAFE_TOKEN: "sst_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      timeout: 60_000,
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("SiteSafe said 401: Invalid service token");
  });
});
