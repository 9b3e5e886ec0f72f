import { type Kysely, sql } from "kysely";

/**
 * Per-table change counters kept by the database itself (docs/decisions/0105-bounded-memory.md).
 * The server's memory reuses what it read only while nothing it depends on has changed. It used to
 * ask `pg_current_snapshot()`, which moves with every transaction of the whole PostgreSQL cluster:
 * another application, or another test file's database, writing on the same server made SiteSafe
 * forget everything, all the time. These counters move only for writes to this database.
 *
 * - `data_versions` holds one counter per table. A reader reads them in one query before anything
 *   else (a query module removed with the read memory: docs/decisions/0115-no-read-memory.md).
 * - Every tracked table has a statement-level trigger (`note_data_change`): it notes the table's
 *   name in a setting local to the transaction and, on the transaction's first write, inserts a
 *   row into `data_change_marks`.
 * - That row's deferred constraint trigger (`bump_data_versions`) runs once, at commit: it adds one
 *   to the counter of every table the transaction wrote, in name order, and deletes the mark. The
 *   counters become visible in the same commit as the data, so a reader that sees the old counter
 *   read its data before the write, or (read committed) after it, never a new counter with old data.
 * - Writers to different tables touch different counter rows and never wait on each other; writers
 *   to the same table wait on its counter row only between their commit-time trigger and the end of
 *   their commit. Counter rows are always taken in name order and nothing is locked after them, so
 *   the counters cannot take part in a deadlock.
 * - Writes made straight in the database, by any instance or tool, move the counters too.
 * - `track_data_changes()` attaches the trigger to every table of the schema that lacks it; the
 *   migrator runs it after every migration run (createDb.ts), so tables added later are tracked.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table data_versions (table_name text primary key, version bigint not null default 0)`.execute(db);
  await sql`create table data_change_marks (txid xid8 primary key default pg_current_xact_id())`.execute(db);
  await sql`
    create function note_data_change() returns trigger language plpgsql as $$
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
  await sql`
    create function bump_data_versions() returns trigger language plpgsql as $$
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
  await sql`
    create constraint trigger bump_data_versions after insert on data_change_marks
    deferrable initially deferred for each row execute function bump_data_versions()`.execute(db);
  await sql`
    create function track_data_changes() returns void language plpgsql as $$
    declare
      t text;
    begin
      for t in
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p')
          and c.relname not in ('data_versions', 'data_change_marks', 'kysely_migration', 'kysely_migration_lock')
          and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'note_data_change')
        order by c.relname
      loop
        execute format('create trigger note_data_change after insert or update or delete or truncate on %I for each statement execute function note_data_change()', t);
        insert into data_versions (table_name) values (t) on conflict do nothing;
      end loop;
    end $$`.execute(db);
  await sql`select track_data_changes()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string }>`
    select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'note_data_change'`.execute(db);
  for (const { table } of rows) await sql`drop trigger note_data_change on ${sql.id(table)}`.execute(db);
  await sql`drop function track_data_changes()`.execute(db);
  await sql`drop table data_change_marks`.execute(db);
  await sql`drop function bump_data_versions()`.execute(db);
  await sql`drop function note_data_change()`.execute(db);
  await sql`drop table data_versions`.execute(db);
}
