import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createDb, migrateToLatest } from "@sitesafe/db";
import pino from "pino";
import { bootstrapDatabase } from "./bootstrap.js";
import { loadConfig } from "./config.js";
import { buildServer, drainAndClose } from "./server.js";

const log = pino({ level: process.env.LOG_LEVEL ?? "info" });

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

async function main() {
  const config = loadConfig();
  const builtWeb = fileURLToPath(new URL("../../web/dist/", import.meta.url));
  config.webDist ??= existsSync(builtWeb) ? builtWeb : undefined;

  const where = config.databaseUrl ? `PostgreSQL at ${redact(config.databaseUrl)}` : `embedded database in ${config.dataDir}`;
  let dbHandle: Awaited<ReturnType<typeof createDb>>;
  try {
    dbHandle = await createDb({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      onPoolError: (error) => log.warn({ event: "db_pool_error", err: error.message }, "database connection lost"),
      stock: config.dbStock,
    });
    await dbHandle.ping();
    const applied = await migrateToLatest(dbHandle.db);
    if (applied.length) log.info({ migrations: applied }, "database migrated");
  } catch (error) {
    // One clear line, no stack: the usual cause is a wrong URL or a server that is not running.
    log.fatal(`Cannot start: the ${where} is not reachable (${error instanceof Error ? error.message : String(error)})`);
    process.exit(1);
  }

  await bootstrapDatabase(dbHandle.db, config, log);

  const app = await buildServer({ config, dbHandle, logger: { level: config.logLevel } });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    try {
      await drainAndClose(app);
      await dbHandle.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SiteSafe is running at http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (${where})`);
}

void main();
