import { buildServer, type Config } from "@sitesafe/api";
import { createDb, migrateToLatest } from "@sitesafe/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/index.js";

const config: Config = {
  port: 0,
  host: "127.0.0.1",
  databaseUrl: undefined,
  dataDir: "/nonexistent",
  admin: undefined,
  seedDemo: false,
  webDist: undefined,
  logLevel: "silent",
  trustProxy: false,
  rateLimitPerMinute: 0,
  inviteTokenMaxDays: 30,
  streamIdleTimeoutMs: 30_000,
};

let url = "";
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const dbHandle = await createDb();
  await migrateToLatest(dbHandle.db);
  const app = await buildServer({ config, dbHandle, logger: false });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  close = async () => {
    await app.close();
    await dbHandle.close();
  };
});
afterAll(() => close());

describe("createClient", () => {
  it("calls the running API with types, and its Origin lets state-changing calls through", async () => {
    let cookie = "";
    const client = createClient({
      url,
      headers: (): Record<string, string> => (cookie ? { cookie } : {}),
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const set = res.headers.get("set-cookie");
        if (set) cookie = set.split(";")[0] ?? "";
        return res;
      },
    });
    await expect(client.ping.query()).resolves.toEqual({ message: "SiteSafe API is running" });
    const user = await client.auth.register.mutate({
      username: "clientuser",
      email: "client@example.com",
      firstName: "Cli",
      lastName: "Ent",
      password: "secret1",
      role: "worker",
      company: "Acme",
      hardhatNumber: "HH-9",
    });
    expect(user.username).toBe("clientuser");
    const me = await client.auth.me.query();
    expect(me.createdAt).toBeInstanceOf(Date);
  });
});
