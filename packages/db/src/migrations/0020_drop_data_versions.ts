import { type Kysely, sql } from "kysely";
import * as m0005 from "./0005_data_versions.js";
import * as m0015 from "./0015_audit_entity_versions.js";
import * as m0016 from "./0016_modified_versions.js";
import * as m0017 from "./0017_part_versions.js";

/**
 * Drops the change counters of the retired read memory (docs/decisions/0115-no-read-memory.md):
 * the `data_versions` and `data_change_marks` tables, the row and statement triggers that noted
 * every write (`note_data_change` on every table, `note_audit_change`/`note_audit_truncate` on
 * audit_events, `note_part_change`/`note_part_truncate` on five tables), the commit-time
 * `bump_data_versions` trigger and their functions (migrations 0005, 0015, 0016, 0017). The server
 * no longer reads the counters, so every write paid for triggers nobody looked at.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  // Migrations run in one transaction, and an earlier one in the same run (0018 updates users)
  // leaves the commit-time bump_data_versions events pending: PostgreSQL refuses to drop a table
  // with pending trigger events, so they fire now.
  await sql`set constraints all immediate`.execute(db);
  const { rows } = await sql<{ table: string; trigger: string }>`
    select c.relname as table, g.tgname as trigger
    from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema()
      and g.tgname in ('note_data_change', 'note_audit_change', 'note_audit_truncate', 'note_part_change', 'note_part_truncate')
    order by c.relname, g.tgname`.execute(db);
  for (const { table, trigger } of rows) await sql`drop trigger ${sql.id(trigger)} on ${sql.id(table)}`.execute(db);
  // Dropping the table drops its constraint trigger (bump_data_versions) with it.
  await sql`drop table if exists data_change_marks`.execute(db);
  await sql`drop table if exists data_versions`.execute(db);
  await sql`drop function if exists track_data_changes()`.execute(db);
  await sql`drop function if exists bump_data_versions()`.execute(db);
  await sql`drop function if exists note_part_change()`.execute(db);
  await sql`drop function if exists note_audit_change()`.execute(db);
  await sql`drop function if exists note_data_change()`.execute(db);
}

/**
 * Restores nothing the code from this migration on needs: no query of this build reads the
 * counters. It puts back the schema of migrations 0005-0017 (counters start again from zero) only
 * so that an older build, which still reads them, can run after a rollback, and so that those
 * migrations' own `down`s still find what they drop.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await m0005.up(db);
  await m0015.up(db);
  await m0016.up(db);
  await m0017.up(db);
}
