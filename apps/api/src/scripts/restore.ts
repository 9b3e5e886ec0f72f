import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadConfig } from "../config.js";

/**
 * `pnpm db:restore <file> [--force]`: loads a `pnpm db:backup` file into DATA_DIR. Refuses a
 * non-empty DATA_DIR unless --force, so a restore never silently overwrites live data.
 */
async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) {
    console.error("Usage: pnpm db:restore <backup.tar.gz> [--force]");
    process.exit(2);
  }
  const config = loadConfig();
  if (existsSync(config.dataDir) && readdirSync(config.dataDir).length > 0 && !args.includes("--force")) {
    console.error(`${config.dataDir} is not empty: pass --force to replace it, or set DATA_DIR to a new folder.`);
    process.exit(2);
  }
  const dump = new Blob([readFileSync(resolve(file))]);
  // Replacing: start from an empty folder, so no file of the old cluster survives beside the new one.
  rmSync(config.dataDir, { recursive: true, force: true });
  const pglite = await PGlite.create({ dataDir: config.dataDir, loadDataDir: dump });
  await pglite.query("select 1");
  await pglite.close();
  console.log(`Restored ${resolve(file)} into ${config.dataDir}`);
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
