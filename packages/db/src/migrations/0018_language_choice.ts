import { type Kysely, sql } from "kysely";

/**
 * "No choice" becomes representable (issue #30, L5): `users.language` is null until the user picks
 * a language, and then a request's `Accept-Language` decides (apps/api/src/language.ts). The old
 * default 'en' could not be told apart from a choice of English, so it becomes null: a Spanish
 * choice is kept, and a user who had chosen English with a Spanish browser chooses again once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users alter column language drop not null, alter column language drop default`.execute(db);
  await sql`update users set language = null where language = 'en'`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update users set language = 'en' where language is null`.execute(db);
  await sql`alter table users alter column language set default 'en', alter column language set not null`.execute(db);
}
