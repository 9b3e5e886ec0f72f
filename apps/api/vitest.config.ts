import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@sitesafe/source"] },
  ssr: { resolve: { conditions: ["@sitesafe/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: two test files at a time, each with its own database.
    pool: "forks",
    maxWorkers: 2,
  },
});
