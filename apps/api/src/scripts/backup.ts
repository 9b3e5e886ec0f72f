import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createDb } from "@sitesafe/db";
import { loadConfig } from "../config.js";

/**
 * `pnpm db:backup [file]`: a consistent copy of the embedded database (DATA_DIR) as one .tar.gz.
 * Stop the server first: the embedded database is single-process. For PostgreSQL use pg_dump.
 */
async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (see README).");
    process.exit(2);
  }
  const target = resolve(process.argv[2] ?? `backups/sitesafe-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`);
  const handle = await createDb({ dataDir: config.dataDir });
  const dump = await handle.pglite!.dumpDataDir("gzip");
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  console.log(`Backed up ${config.dataDir} to ${target}`);
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
