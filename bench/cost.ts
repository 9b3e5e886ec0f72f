import { buildServer, createSession, loadConfig } from "@sitesafe/api";
import { createDb } from "@sitesafe/db";
import { ADMIN, fail, WORKER } from "./routes.js";

/**
 * `pnpm --filter @sitesafe/bench cost [route ...]` (DATABASE_URL with the seed:large dataset, after
 * `pnpm build`): the server's own CPU per request, in-process (`app.inject`, no sockets), for
 * comparing two builds of the server on a machine that is not idle. Throughput and latency (bench.ts)
 * need the machine alone; CPU time per request moves much less with other work, though still some
 * (compare runs taken one right after the other, and the last repetitions, after the JIT has warmed).
 * A route is "GET path" as the admin, or "worker /path". The database's own CPU is not included.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) fail("Set DATABASE_URL to the seed:large database.");
const handle = await createDb({ databaseUrl, maxConnections: 10 });
const app = await buildServer({ config: { ...loadConfig(), databaseUrl, rateLimitPerMinute: 0 }, dbHandle: handle, logger: false });
await app.ready();
const sessionFor = async (username: string) => {
  const { id } = await handle.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  return `session=${(await createSession(handle.db, id)).token}`;
};
const cookies = { admin: await sessionFor(ADMIN.username), worker: await sessionFor(WORKER.username) };
const N = Number(process.env.COST_REQUESTS ?? 1000);
const specs = process.argv.slice(2).filter((a) => a !== "--");
for (const spec of specs.length > 0
  ? specs
  : ["/api/bare", "/api/user", "/api/jha-forms?limit=50", "worker /api/hot-work-permits?limit=50"]) {
  const [who, url] = spec.includes(" ") ? (spec.split(" ") as ["admin" | "worker", string]) : (["admin", spec] as const);
  const one = async () => {
    const res = await app.inject({ method: "GET", url, headers: { cookie: cookies[who] } });
    if (res.statusCode !== 200) fail(`${url} as ${who} answered ${res.statusCode}`);
  };
  // Ten at a time, as the benchmark's ten connections.
  const run = async (n: number) => {
    for (let i = 0; i < n; i += 10) await Promise.all(Array.from({ length: 10 }, one));
  };
  await run(200);
  const perRequest: number[] = [];
  for (let rep = 0; rep < 5; rep++) {
    const start = process.cpuUsage();
    await run(N);
    const used = process.cpuUsage(start);
    perRequest.push((used.user + used.system) / N);
  }
  console.log(
    `${spec.padEnd(45)} ${perRequest.map((us) => us.toFixed(0).padStart(5)).join(" ")} µs of server CPU per request (5 runs of ${N})`,
  );
}
await app.close();
await handle.close();
