import { type Kysely, sql } from "kysely";

/**
 * OSHA injury and illness recordkeeping (docs/osha-recordkeeping.md). The 300 log, the 300A
 * summary and the rates are computed from incident reports plus these tables, never stored:
 *   establishments            what OSHA calls an establishment; projects point at one (null: the
 *                             company establishment, the one with is_company_default)
 *   establishment_years       annual average employees, hours worked and the 300A certification
 *   incident_recordkeeping    the classification of one incident (the restricted record: real
 *                             names and medical details; staff only)
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("establishments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("company_name", "text")
    .addColumn("street_address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn("zip", "text", (c) => c.notNull().check(sql`zip ~ '^([0-9]{5}|[0-9]{9})$'`))
    .addColumn("naics_code", "text", (c) => c.notNull().check(sql`naics_code ~ '^[0-9]{6}$'`))
    .addColumn("industry_description", "text")
    .addColumn("ein", "text", (c) => c.check(sql`ein ~ '^[0-9]{9}$'`))
    .addColumn("size", "integer", (c) => c.notNull().check(sql`size in (1, 21, 22, 3)`))
    .addColumn("establishment_type", "integer", (c) => c.notNull().defaultTo(1).check(sql`establishment_type in (1, 2, 3)`))
    .addColumn("is_company_default", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // At most one company establishment: two managers saving at once cannot both make one.
  await sql`create unique index establishments_one_company_default on establishments (is_company_default) where is_company_default`.execute(
    db,
  );

  await db.schema
    .alterTable("projects")
    .addColumn("establishment_id", "integer", (c) => c.references("establishments.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("projects_establishment_idx").on("projects").column("establishment_id").execute();

  await db.schema
    .createTable("establishment_years")
    .addColumn("establishment_id", "integer", (c) => c.notNull().references("establishments.id").onDelete("cascade"))
    .addColumn("year", "integer", (c) => c.notNull().check(sql`year between 2000 and 2100`))
    .addColumn("annual_average_employees", "integer", (c) => c.notNull().check(sql`annual_average_employees >= 0`))
    .addColumn("total_hours_worked", "bigint", (c) => c.notNull().check(sql`total_hours_worked >= 0`))
    .addColumn("monthly_hours", "jsonb")
    .addColumn("certified_by_name", "text")
    .addColumn("certified_by_title", "text")
    .addColumn("certified_by_phone", "text")
    .addColumn("certified_on", "date")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("establishment_years_pk", ["establishment_id", "year"])
    .execute();

  await db.schema
    .createTable("incident_recordkeeping")
    .addColumn("incident_id", "integer", (c) => c.primaryKey().references("incident_reports.id").onDelete("cascade"))
    .addColumn("recordable", "boolean", (c) => c.notNull())
    .addColumn("not_recordable_reason", "text")
    .addColumn("employee_worker_id", "integer", (c) => c.references("workers.id").onDelete("set null"))
    .addColumn("employee_name", "text")
    .addColumn("job_title", "text")
    .addColumn("time_of_event", "text")
    .addColumn("time_began_work", "text")
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('death','days_away','job_transfer_restriction','other_recordable')`))
    .addColumn("days_away", "integer", (c) => c.notNull().defaultTo(0).check(sql`days_away between 0 and 180`))
    .addColumn("days_restricted", "integer", (c) => c.notNull().defaultTo(0).check(sql`days_restricted between 0 and 180`))
    .addColumn("date_of_death", "date")
    .addColumn("injury_type", "text", (c) =>
      c.check(sql`injury_type in ('injury','skin_disorder','respiratory_condition','poisoning','hearing_loss','other_illness')`),
    )
    .addColumn("privacy_case", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("privacy_reason", "text")
    .addColumn("details", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("classified_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The domain refuses these with clear messages; the constraints keep any other writer honest.
    .addCheckConstraint("incident_recordkeeping_outcome_when_recordable", sql`recordable = (outcome is not null)`)
    .addCheckConstraint("incident_recordkeeping_death_date", sql`(outcome = 'death') = (date_of_death is not null) or outcome is null`)
    .execute();
  // The log reads recordable cases only.
  await sql`create index incident_recordkeeping_recordable_idx on incident_recordkeeping (incident_id) where recordable`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("incident_recordkeeping").execute();
  await db.schema.dropTable("establishment_years").execute();
  await db.schema.alterTable("projects").dropColumn("establishment_id").execute();
  await db.schema.dropTable("establishments").execute();
}
