import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["./lib/globalSetup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time, sharing the one server: a browser test waits on page loads and
    // transitions much of its time. Measured: 636 s one at a time, 498 s two at a time under
    // heavier load (docs/conventions.md). Every file makes its own users and records.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
