import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../src/index.js";
import * as m0020 from "../src/migrations/0020_drop_data_versions.js";
import { createTestDb } from "../src/testing.js";

// Migration 0020 (docs/decisions/0115-no-read-memory.md): the read memory's change counters and
// every trigger that kept them are gone, so a write runs no counting trigger.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(() => handle.close());

/**
 * Triggers that guard a rule rather than count changes: they run only on a write that breaks the
 * rule (migration 0028: an inspection template's version is never updated).
 */
const GUARDS = ["inspection_template_versions_no_update"];

async function leftovers(db: DbHandle["db"]) {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname in ('data_versions', 'data_change_marks')`.execute(db);
  const triggers = await sql<{ name: string }>`
    select distinct g.tgname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and not g.tgisinternal and not (g.tgname = any(${GUARDS}))`.execute(db);
  const functions = await sql<{ name: string }>`
    select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema()
      and p.proname in ('note_data_change', 'note_audit_change', 'note_part_change', 'bump_data_versions', 'track_data_changes')`.execute(
    db,
  );
  return {
    tables: tables.rows.map((r) => r.name),
    triggers: triggers.rows.map((r) => r.name),
    functions: functions.rows.map((r) => r.name),
  };
}

describe("migration 0020", () => {
  it("leaves no change counter, counting trigger or trigger function", async () => {
    expect(await leftovers(handle.db)).toEqual({ tables: [], triggers: [], functions: [] });
  });

  it("a write commits with no counting trigger to run", async () => {
    await handle.db
      .insertInto("projects")
      .values({ name: "Quay 4", location: "Dock road", status: "active", startDate: "2026-01-05", emergencyContactInfo: "{}" })
      .execute();
    expect(await leftovers(handle.db)).toEqual({ tables: [], triggers: [], functions: [] });
  });

  it("down puts the counters back for an older build, and up removes them again", async () => {
    await handle.db.transaction().execute(async (trx) => {
      await m0020.down(trx);
      const restored = await leftovers(trx);
      expect(restored.tables.sort()).toEqual(["data_change_marks", "data_versions"]);
      expect(restored.triggers).toContain("note_data_change");
      await m0020.up(trx);
      expect(await leftovers(trx)).toEqual({ tables: [], triggers: [], functions: [] });
    });
  });
});
