import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["@sitesafe/source"] },
  ssr: { resolve: { conditions: ["@sitesafe/source"] } },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/globalSetup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
