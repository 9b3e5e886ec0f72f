import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce } from "../src/compiledOnce.js";
import type { DbHandle } from "../src/index.js";
import { createTestDb } from "../src/testing.js";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
  await handle.db
    .insertInto("users")
    .values([
      { username: "compiled_a", email: "compiled_a@example.com", passwordHash: "x", firstName: "Ana" },
      { username: "compiled_b", email: "compiled_b@example.com", passwordHash: "x", firstName: "Ben" },
    ])
    .execute();
});
afterAll(() => handle.close());

describe("a query compiled once", () => {
  it("is built once per handle and answers each call with that call's arguments, in camelCase", async () => {
    let builds = 0;
    const byName = compiledOnce((db, username: string) => {
      builds++;
      return db.selectFrom("users").select(["username", "firstName"]).where("username", "=", username);
    });
    expect(await byName(handle.db, "compiled_a")).toEqual([{ username: "compiled_a", firstName: "Ana" }]);
    expect(await byName(handle.db, "compiled_b")).toEqual([{ username: "compiled_b", firstName: "Ben" }]);
    expect(await byName(handle.db, "nobody")).toEqual([]);
    expect(builds).toBe(1);
  });

  it("keeps constant values and places each argument where it was used", async () => {
    const between = compiledOnce((db, first: string, second: string) =>
      db.selectFrom("users").select("username").where("username", "in", [first, "compiled_b", second]).orderBy("username"),
    );
    expect(await between(handle.db, "compiled_a", "nobody")).toEqual([{ username: "compiled_a" }, { username: "compiled_b" }]);
    expect(await between(handle.db, "nobody", "nobody")).toEqual([{ username: "compiled_b" }]);
  });

  it("runs inside a transaction on the transaction's connection", async () => {
    const byName = compiledOnce((db, username: string) => db.selectFrom("users").select("username").where("username", "=", username));
    const seen = await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values({ username: "compiled_c", email: "compiled_c@example.com", passwordHash: "x" }).execute();
      return byName(trx, "compiled_c");
    });
    expect(seen).toEqual([{ username: "compiled_c" }]);
  });
});
