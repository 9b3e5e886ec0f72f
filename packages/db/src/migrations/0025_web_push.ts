import { type Kysely, sql } from "kysely";

/**
 * Web Push (docs/notifications.md, docs/decisions/0121-web-push.md).
 *
 * `push_vapid_keys`: the one key pair this server signs its pushes with (VAPID, RFC 8292), made on
 * the first start. One row (id 1): two instances starting together insert with ON CONFLICT DO
 * NOTHING and both read the row that won, so every instance signs with the same key.
 *
 * `push_subscriptions`: one per browser (device) per user: the push service's endpoint and the
 * keys the payload is encrypted to (RFC 8291). An endpoint belongs to one browser, so it is unique:
 * subscribing it again (another user signing in on the same phone) moves it to that user.
 *
 * `notification_preferences.push`: the user's Web Push choice per kind; null: no choice (the
 * kind's default). `email` becomes nullable for the same reason: a row may hold only a push choice.
 *
 * `fire_watches.started_by_end_time`: a watch started because the permit's end time passed
 * without anyone closing it (the `permit-end-sweep` job), rather than by a close. Its primary key
 * (one watch per permit) keeps it to one whichever instance's sweep gets there first.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table push_vapid_keys (
      id smallint primary key check (id = 1),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table push_subscriptions (
      id serial primary key,
      user_id integer not null references users (id) on delete cascade,
      endpoint text not null unique check (length(endpoint) <= 1024),
      p256dh text not null check (length(p256dh) <= 100),
      auth text not null check (length(auth) <= 32),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id, created_at)`.execute(db);
  await sql`alter table notification_preferences alter column email drop not null`.execute(db);
  await sql`alter table notification_preferences add column push boolean`.execute(db);
  await sql`alter table fire_watches add column started_by_end_time boolean not null default false`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table fire_watches drop column if exists started_by_end_time`.execute(db);
  await sql`alter table notification_preferences drop column if exists push`.execute(db);
  await sql`delete from notification_preferences where email is null`.execute(db);
  await sql`alter table notification_preferences alter column email set not null`.execute(db);
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop table if exists push_vapid_keys`.execute(db);
}
