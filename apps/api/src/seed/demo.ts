import type { Database } from "@sitesafe/db";
import type { Kysely } from "kysely";
import type { Logger } from "../context.js";

/** SEED_DEMO=1: a small, realistic data set in an empty database, for trying the product. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const existing = await db.selectFrom("projects").select("id").limit(1).executeTakeFirst();
  if (existing) {
    log.info("demo data skipped: the database already has projects");
    return;
  }
  log.info("demo data: nothing to load yet");
}
