import { hotWorkPermitSchema } from "@sitesafe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemo } from "../src/seed/demo.js";
import { createTestApp, type TestApp } from "./helpers.js";

let t: TestApp;
const silent = { info: () => {}, warn: () => {}, error: () => {} };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, silent);
});
afterAll(() => t.close());

describe("SEED_DEMO data", () => {
  it("lets the demo worker sign in and see only their projects' records", async () => {
    const login = await t.request({ method: "POST", url: "/api/login", payload: { username: "jsmith", password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const cookie = `session=${login.cookies.find((c) => c.name === "session")?.value}`;
    const projects = await t.request({ method: "GET", url: "/api/projects", headers: { cookie } });
    expect(
      projects
        .json()
        .map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(["Harbor View Tower", "Riverside Bridge Repair"]);
  });

  it("stores permits that pass the permit form's own rules, so they can be edited", async () => {
    const permits = await t.db.selectFrom("hotWorkPermits").selectAll().execute();
    expect(permits).toHaveLength(2);
    for (const p of permits) {
      const parsed = hotWorkPermitSchema.safeParse({ ...p, requestedBy: p.requestedBy ?? 0, fireWatchBy: p.fireWatchBy ?? undefined });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it("runs once: a second call leaves the data as it was", async () => {
    const before = await t.db.selectFrom("projects").select("id").execute();
    await seedDemo(t.db, silent);
    expect(await t.db.selectFrom("projects").select("id").execute()).toHaveLength(before.length);
  });
});
