import { type Kysely, sql } from "kysely";

/**
 * Notifications and the post-work fire watch (docs/notifications.md).
 *
 * `notifications`: one row per recipient, written in the same transaction as the event that caused
 * it. It keeps what the record was (entity, id, project) so that a reader's right to see it is
 * checked again when the list is read: a worker moved off a project no longer sees its
 * notifications. The text is not stored, only the kind and a few names (`params`), so each reader
 * gets it in their own language.
 *
 * `notification_preferences`: a user's choice of e-mail per kind; without a row the kind's default.
 *
 * `fire_watches`: one per permit that was closed with a fire watch required. Its period is fixed
 * when it starts (the project's `fire_watch_minutes`, never below 30: OSHA 1910.252(a)(2)(iii);
 * default 60: NFPA 51B 5.6.1.1). Reminder and escalation stamps make each reminder happen once,
 * whichever instance's job sends it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table notifications (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      kind text not null,
      entity text not null,
      entity_id integer not null,
      project_id integer references projects (id) on delete cascade,
      params jsonb not null default '{}',
      urgent boolean not null default false,
      created_at timestamptz not null default now(),
      read_at timestamptz
    )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, id desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(db);

  // Per user and kind: whether it is also sent by e-mail. No row: the kind's default (domain notifications.ts).
  await sql`
    create table notification_preferences (
      user_id integer not null references users (id) on delete cascade,
      kind text not null,
      email boolean not null,
      primary key (user_id, kind)
    )`.execute(db);

  await sql`alter table projects add column fire_watch_minutes integer not null default 60 check (fire_watch_minutes between 30 and 720)`.execute(
    db,
  );

  await sql`
    create table fire_watches (
      permit_id integer primary key references hot_work_permits (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      start_reminded_at timestamptz,
      halfway_reminded_at timestamptz,
      end_reminded_at timestamptz,
      escalated_at timestamptz,
      signed_off_at timestamptz,
      signed_off_by integer references users (id) on delete set null,
      signed_off_name text,
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index fire_watches_open_idx on fire_watches (ends_at) where signed_off_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists fire_watches`.execute(db);
  await sql`alter table projects drop column if exists fire_watch_minutes`.execute(db);
  await sql`drop table if exists notification_preferences`.execute(db);
  await sql`drop table if exists notifications`.execute(db);
}
