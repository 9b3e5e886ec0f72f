import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SessionCache } from "../src/auth/sessionCache.js";
import { ComplianceMemory } from "../src/complianceMemory.js";
import { createTestApp, type TestApp } from "./helpers.js";

// A write forgets what the server remembers (context.ts `onWrite`) exactly once: the mutation's
// middleware (trpc.ts) does it, for tRPC and for the REST adapter (rest/register.ts) alike.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** How often each memory was told to forget during `run`. */
async function forgetsDuring(run: () => Promise<unknown>): Promise<{ sessions: number; figures: number }> {
  const sessions = vi.spyOn(SessionCache.prototype, "invalidate");
  const figures = vi.spyOn(ComplianceMemory.prototype, "invalidate");
  await run();
  const counts = { sessions: sessions.mock.calls.length, figures: figures.mock.calls.length };
  sessions.mockRestore();
  figures.mockRestore();
  return counts;
}

describe("onWrite runs once per write", () => {
  it("a REST create (201) forgets sessions and figures once", async () => {
    const admin = await t.createUser({ role: "admin" });
    const counts = await forgetsDuring(async () => {
      const res = await t.request({
        method: "POST",
        url: "/api/projects",
        as: admin,
        payload: { name: "Once", location: "Here", startDate: "2026-01-01", status: "active" },
      });
      expect(res.statusCode).toBe(201);
    });
    expect(counts).toEqual({ sessions: 1, figures: 1 });
  });

  it("a REST delete (204) and a refused REST write (404) each forget once", async () => {
    const admin = await t.createUser({ role: "admin" });
    const projectId = await t.createProject();
    const deleted = await forgetsDuring(async () => {
      expect((await t.request({ method: "DELETE", url: `/api/projects/${projectId}`, as: admin })).statusCode).toBe(204);
    });
    expect(deleted).toEqual({ sessions: 1, figures: 1 });
    const refused = await forgetsDuring(async () => {
      expect((await t.request({ method: "DELETE", url: `/api/projects/${projectId}`, as: admin })).statusCode).toBe(404);
    });
    expect(refused).toEqual({ sessions: 1, figures: 1 });
  });

  it("a tRPC mutation forgets once, and a REST read not at all", async () => {
    const admin = await t.createUser({ role: "admin" });
    const mutation = await forgetsDuring(async () => {
      const res = await t.request({ method: "POST", url: "/trpc/auth.logout", as: admin, payload: {} });
      expect(res.statusCode).toBe(200);
    });
    expect(mutation).toEqual({ sessions: 1, figures: 1 });
    const other = await t.createUser({ role: "admin" });
    const read = await forgetsDuring(async () => {
      expect((await t.request({ method: "GET", url: "/api/projects", as: other })).statusCode).toBe(200);
    });
    expect(read).toEqual({ sessions: 0, figures: 0 });
  });
});
