import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbHandle, keyset, ListTooLarge, listSource } from "../src/index.js";
import { createTestDb } from "../src/testing.js";

/**
 * The byte bound of a list read (listSource.ts, `byteBound`): the database itself stops sending
 * rows once the text of those before reaches the bound, so a page of huge rows never reaches the
 * server's memory whole. Ten rows whose text is exactly 1,000 bytes each make the cut points exact.
 */
let handle: DbHandle;
/** A probe table outside the schema's types. */
type Probe = { list_bound_probe: { id: number; body: string } };
let db: Kysely<Probe>;
const ROW_TEXT_BYTES = 1_000;

beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db as unknown as Kysely<Probe>;
  await sql`create table list_bound_probe (id integer primary key, body text not null)`.execute(db);
  // A row's text is "(<id>,<body>)": pad the body so that every row's text is 1,000 bytes.
  for (let id = 1; id <= 10; id++) {
    const body = "x".repeat(ROW_TEXT_BYTES - `(${id},)`.length);
    await db.insertInto("list_bound_probe").values({ id, body }).execute();
  }
});
afterAll(async () => {
  await sql`drop table if exists list_bound_probe`.execute(db);
  await handle.close();
});

const probe = () => listSource(db.selectFrom("list_bound_probe").select(["id", "body"]).orderBy("id"), keyset("asc", ["id", "integer"]));

describe("a list read within a byte bound", () => {
  it("measures the rows as the database's text of them", async () => {
    const { rows, bytes } = await probe().rowsWithin(10 * ROW_TEXT_BYTES);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bytes).toBe(10 * ROW_TEXT_BYTES);
    // The helper columns are not part of the answer.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["body", "id"]);
  });

  it("is refused past the bound", async () => {
    await expect(probe().rowsWithin(10 * ROW_TEXT_BYTES - 1)).rejects.toBeInstanceOf(ListTooLarge);
  });

  it("has the database stop after the row that reaches the bound: chunks of 3 rows for 2,500 bytes", async () => {
    const sizes: number[][] = [];
    for await (const chunk of probe().chunks(100, 2_500)) sizes.push(chunk.map((r) => r.id));
    // Row 3 starts at 2,000 bytes (< 2,500) and is sent; row 4 starts at 3,000 and is not.
    expect(sizes).toEqual([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]);
  });
});
