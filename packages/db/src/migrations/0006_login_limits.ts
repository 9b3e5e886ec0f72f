import { type Kysely, sql } from "kysely";

/**
 * Login limiting by counters instead of one row per failure (docs/security.md).
 *
 * The old `login_failures` rows were counted, then a failure inserted: two steps, so 100 parallel
 * guesses all passed the count before any of them was recorded. A counter row per account and per
 * address is bumped by one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, which PostgreSQL runs
 * under the row's lock: each guess sees its own number, and exactly the allowed number get through.
 * The window is fixed, starting at the first failure, and the row is reset when it has passed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("login_limits")
    .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in ('account', 'address')`))
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn("window_started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("login_limits_pkey", ["scope", "key"])
    .execute();
  // The sweep deletes windows that have passed.
  await db.schema.createIndex("login_limits_window_idx").on("login_limits").column("window_started_at").execute();
  await db.schema.dropTable("login_failures").ifExists().execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("login_limits").ifExists().execute();
  await db.schema
    .createTable("login_failures")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("failed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("login_failures_username_idx").on("login_failures").columns(["username", "failed_at"]).execute();
  await db.schema.createIndex("login_failures_ip_idx").on("login_failures").columns(["ip", "failed_at"]).execute();
}
