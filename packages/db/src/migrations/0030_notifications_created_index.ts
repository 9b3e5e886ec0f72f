import { type Kysely, sql } from "kysely";

/**
 * The daily retention job deletes notifications older than 180 days (apps/api/src/services/notifications.ts):
 * without an index on created_at its query read the whole table every day, old rows or not.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index notifications_created_idx on notifications (created_at, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists notifications_created_idx`.execute(db);
}
