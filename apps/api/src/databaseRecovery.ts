import { type DbHandle, migrateToLatest } from "@sitesafe/db";
import { sql } from "kysely";
import { bootstrapDatabase } from "./bootstrap.js";
import type { Config } from "./config.js";
import type { Logger } from "./context.js";

/** Requests that answered 503 look at the database at most this often (ms). */
const NUDGE_INTERVAL_MS = 1000;

/**
 * Whether the database is there with its schema, and getting it back without a restart. A
 * database that was dropped and recreated empty answers connections again, but every query fails
 * on a missing table (503, packages/db/src/errors.ts) until the schema is back. `check()` (the
 * health check, and requests that answered 503 through `nudge()`) pings the database, looks for the
 * schema and, when it is missing, runs the migrations and the admin bootstrap exactly as a start
 * does (main.ts). The migrator takes the start-up lock, so several instances recovering at once
 * migrate once; one check runs at a time in a process.
 */
export class DatabaseRecovery {
  private running: Promise<boolean> | null = null;
  private lastNudge = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly dbHandle: DbHandle,
    private readonly config: Config,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * True when the database answers with its schema in place, after preparing an empty one; false
   * when it answers without a schema that could be made; throws when it does not answer at all.
   */
  check(): Promise<boolean> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After a 503: look again (at most once a second), so the routes recover even if no one asks the health check. */
  nudge(): void {
    const now = this.now();
    if (now - this.lastNudge < NUDGE_INTERVAL_MS) return;
    this.lastNudge = now;
    this.check().catch(() => undefined);
  }

  private async run(): Promise<boolean> {
    await this.dbHandle.ping();
    if (await this.schemaInPlace()) return true;
    this.log.warn({ event: "db_schema_missing" }, "the database has no schema: migrating and bootstrapping as on start");
    const applied = await migrateToLatest(this.dbHandle.db);
    await bootstrapDatabase(this.dbHandle.db, this.config, this.log);
    this.log.info({ event: "db_recovered", migrations: applied }, "the database was migrated again and serves");
    return this.schemaInPlace();
  }

  /** The migrations' own table and the accounts table exist (both are gone from an empty or dropped schema). */
  private async schemaInPlace(): Promise<boolean> {
    const { rows } = await sql<{ ok: boolean }>`
      select to_regclass('kysely_migration') is not null and to_regclass('users') is not null as ok`.execute(this.dbHandle.db);
    return rows[0]?.ok === true;
  }
}
