import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["./lib/globalSetup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One browser at a time on a 2-core machine; files share the one server.
    fileParallelism: false,
  },
});
