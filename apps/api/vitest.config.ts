import { configDefaults, defineConfig } from "vitest/config";

/**
 * The heavy files: slow attack, load and memory tests whose subject is the server, not the
 * database. The test command (scripts/test.mjs) runs them once, on PostgreSQL; every other file,
 * a new one included, is in the "api" project and runs on both databases. Keep this list short:
 * a file with a part for each database (process.test.ts, resilience.test.ts) stays in "api".
 * Measured per-file times are in docs/conventions.md ("The test command").
 */
export const heavy = [
  "test/memoryAttack.test.ts",
  "test/photoMemory.test.ts",
  "test/slowReaders.test.ts",
  "test/uploadAttacks.test.ts",
  "test/security/authorization.test.ts",
  "test/security/concurrency.test.ts",
  "test/security/fuzz.test.ts",
];

export default defineConfig({
  resolve: { conditions: ["@sitesafe/source"] },
  ssr: { resolve: { conditions: ["@sitesafe/source"] } },
  test: {
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two test files at a time, each with its own database.
    pool: "forks",
    maxWorkers: 2,
    // `vitest run` runs both; `vitest run --project api` the suite without the heavy files.
    projects: [
      {
        extends: true,
        test: {
          name: "api",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...heavy],
          // A worker runs its files one after another in one process: the app's modules are
          // imported once per worker, not once per file. Safe because every server, cache and
          // queue belongs to an app instance (no module-level state; docs/conventions.md), and each
          // file still gets a database of its own. Measured: the suite in 4m30 instead of 6m53 on
          // the embedded database, 2m51 on PostgreSQL, at load average 7-15.
          isolate: false,
        },
      },
      { extends: true, test: { name: "heavy", include: heavy } },
    ],
  },
});
