import { type Kysely, sql } from "kysely";

/**
 * The dashboard's "upcoming" card asks for the next few approved or pending permits by start time
 * (queries/dashboard.ts upcomingSources). With only (status, start_date), PostgreSQL read every
 * future permit of both statuses (3,657 of 10,000 on the large dataset) and sorted them to keep
 * five: 6.9 ms a request, p95 76 ms under load, over the dashboard's 50 ms budget. In start order
 * it reads the first few future permits and stops.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists hot_work_permits_start_idx on hot_work_permits (start_date, id)`.execute(db);
  await sql`comment on index hot_work_permits_start_idx is 'dashboard upcoming permits, in start order'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists hot_work_permits_start_idx`.execute(db);
}
