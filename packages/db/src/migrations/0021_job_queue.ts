import { type Kysely, sql } from "kysely";
import PgBoss from "pg-boss";
import { JOB_SCHEMA } from "../jobSchema.js";

/**
 * Creates pg-boss's schema (`pgboss`: its tables, types and functions) with the plan pg-boss itself
 * publishes, so every database, the test templates included, has it before the first request can
 * queue a job inside its own transaction. pg-boss migrates its schema onward itself when a later
 * version starts (its `version` table). Its plan is one script wrapped in BEGIN/COMMIT: migrations
 * already run in a transaction, so the wrapper is taken off and the script runs as one EXECUTE,
 * which PGlite's single-statement protocol accepts too.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  // pg-boss makes its own schema when it starts on a database without one (a server whose database
  // was recreated empty starts its queue again before the migrations have run again): then it is
  // there already, and pg-boss keeps it current itself.
  const existing = await sql<{
    n: number;
  }>`select count(*)::int as n from information_schema.schemata where schema_name = ${JOB_SCHEMA}`.execute(db);
  if ((existing.rows[0]?.n ?? 0) > 0) return;
  const plan = PgBoss.getConstructionPlans(JOB_SCHEMA).trim();
  const body = /^BEGIN;([\s\S]*)COMMIT;$/.exec(plan)?.[1];
  if (!body || body.includes("$job_plan$")) throw new Error("pg-boss's construction plan changed shape; see migration 0021");
  await sql.raw(`do $job_do$ begin execute $job_plan$${body}$job_plan$; end $job_do$`).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop schema if exists ${sql.id(JOB_SCHEMA)} cascade`.execute(db);
}
