import { type Kysely, sql } from "kysely";

/**
 * Change counters for parts of a table (for the read memory of
 * docs/decisions/0114-part-counters.md; dropped by 0020_drop_data_versions.ts).
 *
 * A worker's incident list shows the reports of their own projects only, yet it was versioned on
 * the counter of the whole `incident_reports` table: every report filed on any of the company's
 * sites made every worker's list read again. Here some tables get 64 more counters, one per
 * bucket of a column's value (`value mod 64`), kept in `data_versions.parts` on the table's own
 * row:
 *
 * | table | column | so that |
 * |---|---|---|
 * | incident_reports, jha_forms, hot_work_permits | project_id | a worker's lists follow their projects' buckets |
 * | safety_comments | user_id | a worker's messages follow their own bucket |
 * | jha_comments | jha_form_id | a form's comments follow that form's bucket |
 *
 * - A row trigger notes `<table>#<bucket>` for the old and the new value of the column (an update
 *   that moves a report to another project moves both buckets); a truncate notes `<table>#*`,
 *   which moves every bucket. Buckets shared by several values only cost speed: a list is read
 *   again when a project in the same bucket changes.
 * - The commit-time trigger (`bump_data_versions`, migration 0005) adds one to the noted buckets in
 *   the same update that moves the table's whole counter: the same row, already locked by the
 *   transaction, so no new lock and no new lock order.
 * - The whole-table counter moves as before, so a reader of the whole table (staff) is unchanged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table data_versions add column parts bigint[]`.execute(db);
  await sql`
    create function note_part_change() returns trigger language plpgsql as $$
    declare
      noted text := coalesce(current_setting('sitesafe.changed_tables', true), '');
      keys bigint[] := array[]::bigint[];
      key bigint;
      name text;
      names text[] := array[tg_table_name];
    begin
      if noted = '' then
        insert into data_change_marks default values on conflict do nothing;
        noted := ',';
      end if;
      if tg_op = 'TRUNCATE' then
        names := names || (tg_table_name || '#*');
      else
        if tg_op <> 'INSERT' then
          execute format('select ($1).%I::bigint', tg_argv[0]) into key using old;
          keys := keys || key;
        end if;
        if tg_op <> 'DELETE' then
          execute format('select ($1).%I::bigint', tg_argv[0]) into key using new;
          keys := keys || key;
        end if;
        foreach key in array keys loop
          if key is not null then
            names := names || (tg_table_name || '#' || mod(key, 64));
          end if;
        end loop;
      end if;
      foreach name in array names loop
        if position(',' || name || ',' in noted) = 0 then
          noted := noted || name || ',';
        end if;
      end loop;
      perform set_config('sitesafe.changed_tables', noted, true);
      return null;
    end $$`.execute(db);
  for (const [table, column] of PARTED) {
    await sql`create trigger note_part_change after insert or update or delete on ${sql.id(table)}
      for each row execute function note_part_change(${sql.lit(column)})`.execute(db);
    await sql`create trigger note_part_truncate after truncate on ${sql.id(table)}
      for each statement execute function note_part_change(${sql.lit(column)})`.execute(db);
  }
  await sql`
    create or replace function bump_data_versions() returns trigger language plpgsql as $$
    declare
      noted text[] := string_to_array(current_setting('sitesafe.changed_tables', true), ',');
      changed text;
      buckets int[];
      everything boolean;
      bucket int;
      counts bigint[];
    begin
      for changed in
        select distinct name from unnest(noted) as name
        where name <> '' and position('#' in name) = 0 order by name
      loop
        insert into data_versions as v (table_name, version) values (changed, 1)
        on conflict (table_name) do update set version = v.version + 1;
        everything := (changed || '#*') = any(noted);
        select array_agg(distinct substr(name, length(changed) + 2)::int) into buckets
          from unnest(noted) as name
          where starts_with(name, changed || '#') and name <> changed || '#*';
        if buckets is not null or everything then
          select coalesce(parts, array_fill(0::bigint, array[64])) into counts from data_versions where table_name = changed;
          if everything then
            for bucket in 1..64 loop counts[bucket] := counts[bucket] + 1; end loop;
          else
            foreach bucket in array buckets loop counts[bucket + 1] := counts[bucket + 1] + 1; end loop;
          end if;
          update data_versions set parts = counts where table_name = changed;
        end if;
      end loop;
      delete from data_change_marks where txid = new.txid;
      return null;
    end $$`.execute(db);
}

/** The tables with part counters and the column whose value picks the bucket. */
const PARTED = [
  ["hot_work_permits", "project_id"],
  ["incident_reports", "project_id"],
  ["jha_comments", "jha_form_id"],
  ["jha_forms", "project_id"],
  ["safety_comments", "user_id"],
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table] of PARTED) {
    await sql`drop trigger if exists note_part_truncate on ${sql.id(table)}`.execute(db);
    await sql`drop trigger if exists note_part_change on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function if exists note_part_change()`.execute(db);
  // Migration 0005's commit-time trigger, as it was.
  await sql`
    create or replace function bump_data_versions() returns trigger language plpgsql as $$
    declare
      changed text;
    begin
      for changed in
        select distinct name from unnest(string_to_array(current_setting('sitesafe.changed_tables', true), ',')) as name
        where name <> '' order by name
      loop
        insert into data_versions as v (table_name, version) values (changed, 1)
        on conflict (table_name) do update set version = v.version + 1;
      end loop;
      delete from data_change_marks where txid = new.txid;
      return null;
    end $$`.execute(db);
  await sql`alter table data_versions drop column parts`.execute(db);
}
