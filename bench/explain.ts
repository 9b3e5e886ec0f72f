import { buildServer, createSession, loadConfig } from "@sitesafe/api";
import { createDb } from "@sitesafe/db";
import { ADMIN, fail, readDataset, routes, WORKER } from "./routes.js";

/**
 * `pnpm --filter @sitesafe/bench explain` (DATABASE_URL with the seed:large dataset, after
 * `pnpm build`): calls every benchmarked route once in-process, records each SQL statement it runs
 * (Kysely's log hook), and prints EXPLAIN ANALYZE for the slowest statement of every route slower
 * than EXPLAIN_MIN_MS (default 5). This is how a missed budget is traced to a query and an index.
 */

const MIN_MS = Number(process.env.EXPLAIN_MIN_MS ?? 5);
const ONLY = process.env.BENCH_ONLY;

interface Statement {
  sql: string;
  parameters: readonly unknown[];
  ms: number;
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) fail("Set DATABASE_URL to the seed:large database (EXPLAIN needs PostgreSQL).");
  let current: Statement[] = [];
  const handle = await createDb({
    databaseUrl,
    maxConnections: 2,
    log: (event) => {
      if (event.level === "query")
        current.push({ sql: event.query.sql, parameters: event.query.parameters, ms: event.queryDurationMillis });
    },
  });
  const dataset = await readDataset(handle);
  const app = await buildServer({ config: { ...loadConfig(), databaseUrl }, dbHandle: handle, logger: false });
  await app.ready();
  const userId = async (username: string) =>
    (await handle.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const cookies = {
    admin: `session=${(await createSession(handle.db, await userId(ADMIN.username))).token}`,
    worker: `session=${(await createSession(handle.db, await userId(WORKER.username))).token}`,
    anonymous: "",
  };

  for (const spec of routes(dataset.ids)) {
    if (ONLY && !spec.label.includes(ONLY)) continue;
    // Twice: the first call warms caches and the plan; the second is the one reported.
    for (let i = 0; i < 2; i++) {
      current = [];
      await app.inject({ method: "GET", url: spec.path, headers: { cookie: cookies[spec.as] } });
    }
    const statements = current;
    const total = statements.reduce((s, q) => s + q.ms, 0);
    console.log(`\n${spec.label}: ${statements.length} statements, ${total.toFixed(1)} ms in SQL`);
    const slowest = [...statements].sort((a, b) => b.ms - a.ms)[0];
    if (!slowest || slowest.ms < MIN_MS) continue;
    const explain = `explain (analyze, buffers) ${slowest.sql}`;
    const result = await handle.db.executeQuery<{ "QUERY PLAN": string }>({
      sql: explain,
      parameters: slowest.parameters,
      query: { kind: "RawNode", sqlFragments: [explain], parameters: [] },
      queryId: { queryId: "explain" },
    } as never);
    console.log(`  slowest (${slowest.ms.toFixed(1)} ms): ${slowest.sql.slice(0, 400)}${slowest.sql.length > 400 ? "..." : ""}`);
    for (const row of result.rows) console.log(`    ${Object.values(row)[0]}`);
  }
  await app.close();
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
