import { type Kysely, sql } from "kysely";

/**
 * Change counters for the audit rows of each kind of record (for the read memory of
 * docs/decisions/0113-read-memory-one-module.md; dropped by 0020_drop_data_versions.ts).
 *
 * Every write of a safety record adds an audit row, so the counter of `audit_events` (migration
 * 0005) moves with every incident, comment and training record filed anywhere. A permit's page
 * shows its own history only (rows with entity 'permit'), yet a remembered permit page was read
 * again after every incident report. This trigger also notes `audit_events:<entity>` for each
 * row inserted, updated or deleted, so the same commit-time trigger (`bump_data_versions`) moves
 * a counter per kind of record: `audit_events:permit` moves only when a permit's history does. A
 * truncate of the table (no rows to look at) notes `audit_events:*`, which every reader of a part
 * lists too. The whole-table counter keeps moving as before.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function note_audit_change() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sitesafe.changed_tables', true), '');
      names text[];
      name text;
    begin
      if noted = '' then
        insert into data_change_marks default values on conflict do nothing;
        noted := ',';
      end if;
      if tg_op = 'TRUNCATE' then
        names := array['audit_events:*'];
      elsif tg_op = 'INSERT' then
        names := array['audit_events:' || new.entity];
      elsif tg_op = 'DELETE' then
        names := array['audit_events:' || old.entity];
      else
        names := array['audit_events:' || old.entity, 'audit_events:' || new.entity];
      end if;
      foreach name in array names loop
        if position(',' || name || ',' in noted) = 0 then
          noted := noted || name || ',';
        end if;
      end loop;
      perform set_config('sitesafe.changed_tables', noted, true);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger note_audit_change after insert or update or delete on audit_events
    for each row execute function note_audit_change()`.execute(db);
  await sql`
    create trigger note_audit_truncate after truncate on audit_events
    for each statement execute function note_audit_change()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists note_audit_truncate on audit_events`.execute(db);
  await sql`drop trigger if exists note_audit_change on audit_events`.execute(db);
  await sql`drop function if exists note_audit_change()`.execute(db);
  await sql`delete from data_versions where table_name like 'audit_events:%'`.execute(db);
}
