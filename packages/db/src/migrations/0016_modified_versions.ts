import { type Kysely, sql } from "kysely";

/**
 * A second counter per table that moves only when existing rows change: `<table>:modified`, for
 * updates, deletes and truncates, never for inserts (for the read memory of
 * docs/decisions/0113-read-memory-one-module.md; dropped by 0020_drop_data_versions.ts).
 *
 * A record's page (one incident report, one permit, one JHA form, read by id) cannot be changed by
 * a new row: ids are never reused, and a read of an id that did not exist yet was a 404, which is
 * never remembered. Versioned on the whole table's counter, every incident page on the site was
 * read again each time anyone filed an incident. Versioned on `incident_reports:modified`, a page
 * is read again only when some report is edited or deleted. An upsert fires the update trigger
 * too, so it counts as a change.
 *
 * The whole-table counter moves as before; the statement-level trigger of migration 0005 gains the
 * second name, and the commit-time trigger (`bump_data_versions`) moves both.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function note_data_change() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sitesafe.changed_tables', true), '');
      changed text := noted;
      modified text := tg_table_name || ':modified';
    begin
      if noted = '' then
        insert into data_change_marks default values on conflict do nothing;
        changed := ',';
      end if;
      if position(',' || tg_table_name || ',' in changed) = 0 then
        changed := changed || tg_table_name || ',';
      end if;
      if tg_op <> 'INSERT' and position(',' || modified || ',' in changed) = 0 then
        changed := changed || modified || ',';
      end if;
      if changed <> noted then
        perform set_config('sitesafe.changed_tables', changed, true);
      end if;
      return null;
    end $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function note_data_change() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sitesafe.changed_tables', true), '');
    begin
      if noted = '' then
        insert into data_change_marks default values on conflict do nothing;
        noted := ',';
      end if;
      if position(',' || tg_table_name || ',' in noted) = 0 then
        perform set_config('sitesafe.changed_tables', noted || tg_table_name || ',', true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`delete from data_versions where table_name like '%:modified'`.execute(db);
}
