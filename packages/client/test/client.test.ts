import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/index.js";
import { startApi } from "./server.js";

let url = "";
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const api = await startApi({ listen: true });
  url = api.url;
  close = api.close;
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
