import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["./lib/globalSetup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a screen shows once its data is in (a preselected project, a
    // status after a save). Vitest's default is 1 s, and on a busy 2-core CI machine a read and
    // its render took longer: forms.test.ts failed at a project preselected late. 15 s, as
    // Playwright's own waits here (lib/browser.ts).
    expect: { poll: { timeout: 15_000 } },
    // Two files at a time, sharing the one server: a browser test waits on page loads and
    // transitions much of its time. Measured: 636 s one at a time, 498 s two at a time under
    // heavier load (docs/conventions.md). Every file makes its own users and records.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
