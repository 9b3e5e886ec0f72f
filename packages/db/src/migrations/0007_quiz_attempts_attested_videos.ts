import { type Kysely, sql } from "kysely";

/**
 * Compliance decided on the server (docs/decisions/0107-server-graded-training.md):
 * - quiz_attempts: every submitted knowledge check, graded on the server (the chosen options,
 *   how many were right, the score and when), so a completion can point at the attempt behind it.
 * - worker_videos.self_attested_at: "I watched this" where the player could not report progress,
 *   kept apart from the tracked status and percentage.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("quiz_attempts")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("worker_id", "integer", (c) => c.notNull().references("workers.id").onDelete("cascade"))
    .addColumn("module_id", "integer", (c) => c.notNull().references("training_modules.id").onDelete("cascade"))
    .addColumn("answers", "jsonb", (c) => c.notNull())
    .addColumn("correct_count", "integer", (c) => c.notNull().check(sql`correct_count >= 0`))
    .addColumn("question_count", "integer", (c) => c.notNull().check(sql`question_count > 0`))
    .addColumn("score", "integer", (c) => c.notNull().check(sql`score between 0 and 100`))
    .addColumn("passed", "boolean", (c) => c.notNull())
    .addColumn("submitted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("quiz_attempts_worker_module_idx")
    .on("quiz_attempts")
    .columns(["worker_id", "module_id", "submitted_at"])
    .execute();
  await db.schema.createIndex("quiz_attempts_module_idx").on("quiz_attempts").column("module_id").execute();

  await db.schema.alterTable("worker_videos").addColumn("self_attested_at", "timestamptz").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("worker_videos").dropColumn("self_attested_at").execute();
  await db.schema.dropTable("quiz_attempts").execute();
}
