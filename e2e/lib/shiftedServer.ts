import { fileURLToPath } from "node:url";
import { buildServer, type Config } from "@sitesafe/api";
import { createDb } from "@sitesafe/db";

const webDist = fileURLToPath(new URL("../../apps/web/dist/", import.meta.url));

/**
 * A second API server, in THIS process, on the browser suite's PostgreSQL database, whose clock
 * runs `aheadMs` ahead of the wall clock: what "a week later" looks like (an action overdue by the
 * server's clock) without touching the data. The spawned server's clock cannot be moved, on
 * purpose: no environment variable or route shifts time in a production build. This uses the
 * injection the API tests use (`Config.now`, apps/api/src/config.ts), which only code that builds
 * its own server can reach. It serves the built web app; the session cookie is scoped to the host,
 * not the port, so a browser signed in on the main server is signed in here too.
 */
export async function startShiftedServer(databaseUrl: string, aheadMs: number): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const dbHandle = await createDb({ databaseUrl, maxConnections: 4 });
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    databaseUrl,
    dataDir: "/nonexistent",
    admin: undefined,
    seedDemo: false,
    webDist,
    logLevel: "warn",
    trustProxy: false,
    rateLimitPerMinute: 0,
    inviteTokenMaxDays: 30,
    streamIdleTimeoutMs: 30_000,
    // The main server works the job queue; this one only answers.
    runJobs: false,
    now: () => new Date(Date.now() + aheadMs),
  };
  const app = await buildServer({ config, dbHandle, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      await dbHandle.close();
    },
  };
}
