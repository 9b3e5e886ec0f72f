import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAdmin } from "../src/bootstrap.js";
import { createTestApp, type TestApp, testConfig } from "./helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("claiming a fresh install", () => {
  it("without ADMIN_* logs a one-time admin invite token that registers an admin, once", async () => {
    const lines: Array<{ obj: unknown; msg?: string }> = [];
    const log = { info: (obj: object | string, msg?: string) => void lines.push({ obj, msg }), warn: () => {}, error: () => {} };
    await ensureAdmin(t.db, testConfig, log);

    const logged = lines.find((l) => (l.obj as { event?: string }).event === "admin_invite_token");
    const token = (logged?.obj as { inviteToken?: string } | undefined)?.inviteToken ?? "";
    expect(token.length).toBeGreaterThan(20);
    const audit = await t.db.selectFrom("auditEvents").select(["entity", "action"]).where("entity", "=", "inviteToken").execute();
    expect(audit).toEqual([{ entity: "inviteToken", action: "created" }]);

    const admin = {
      username: "owner",
      email: "owner@example.com",
      firstName: "Olive",
      lastName: "Owner",
      password: "secret12",
      role: "admin",
      inviteToken: token,
    };
    const first = await t.request({ method: "POST", url: "/api/register", payload: admin });
    expect(first.statusCode).toBe(201);
    expect(first.json().role).toBe("admin");
    const again = await t.request({
      method: "POST",
      url: "/api/register",
      payload: { ...admin, username: "owner2", email: "owner2@example.com" },
    });
    expect(again.statusCode).toBe(409);

    // With an admin present, a later start prints nothing new.
    lines.length = 0;
    await ensureAdmin(t.db, testConfig, log);
    expect(lines).toEqual([]);
  });
});
