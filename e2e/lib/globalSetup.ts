import type { TestProject } from "vitest/node";
import { chromiumPath } from "./browser.js";
import { startServer } from "./server.js";

export const ADMIN = { username: "siteadmin", password: "Admin123!", email: "admin@sitesafe.test" };

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}

/** One server for the browser tests, with a known admin to start from. */
export default async function setup(project: TestProject) {
  if (!chromiumPath()) {
    if (process.env.CI) throw new Error("Chromium is required for the browser tests in CI: apt-get install -y chromium");
    console.warn("Chromium not found: browser tests are skipped on this machine (they run in CI).");
    project.provide("baseUrl", "");
    project.provide("databaseUrl", "");
    return;
  }
  const server = await startServer({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email });
  project.provide("baseUrl", server.baseUrl);
  project.provide("databaseUrl", server.databaseUrl ?? "");
  return () => server.stop();
}
