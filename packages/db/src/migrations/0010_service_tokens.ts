import { type Kysely, sql } from "kysely";

/**
 * Service tokens (personal access tokens) for internal API consumers. Only SHA-256 of the secret
 * is stored, like invite tokens; the owner's role and projects are read from users and workers on
 * every request, so a token never carries permissions of its own. Revoking keeps the row (the
 * audit trail names the token), deleting the owner removes their tokens.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("service_tokens")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("token_preview", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in ('read','read-write')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz")
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index service_tokens_user_idx on service_tokens (user_id, created_at desc) where revoked_at is null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_tokens").execute();
}
