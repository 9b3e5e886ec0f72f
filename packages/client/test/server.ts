import { buildServer, type Config } from "@sitesafe/api";
import { createDb, migrateToLatest } from "@sitesafe/db";

/** The API in this process on a fresh embedded database, for the client's tests; jobs are queued, not run. */
const config: Config = {
  port: 0,
  host: "127.0.0.1",
  databaseUrl: undefined,
  dataDir: "/nonexistent",
  admin: undefined,
  seedDemo: false,
  webDist: undefined,
  logLevel: "silent",
  trustProxy: false,
  rateLimitPerMinute: 0,
  inviteTokenMaxDays: 30,
  streamIdleTimeoutMs: 30_000,
  runJobs: false,
};

export async function startApi({ listen = false } = {}) {
  const dbHandle = await createDb();
  await migrateToLatest(dbHandle.db);
  const app = await buildServer({ config, dbHandle, logger: false });
  let url = "";
  if (listen) {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await dbHandle.close();
    },
  };
}
