import { type Kysely, sql } from "kysely";

/**
 * The language a user chose for SiteSafe ('en' or 'es'). The server answers that user's requests
 * (validation and error messages, training content) in it; every existing account keeps English.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column language text not null default 'en' check (language in ('en', 'es'))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists language`.execute(db);
}
