import { type Kysely, sql } from "kysely";

/**
 * An incident report's and a JHA form's pages list the corrective actions raised from them
 * (`GET /api/corrective-actions?incidentReportId=` / `?jhaFormId=`): without these indexes each
 * page read the whole corrective_actions table. Partial: most actions come from inspections.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index corrective_actions_incident_idx on corrective_actions (incident_report_id, due_at, id) where incident_report_id is not null`.execute(
    db,
  );
  await sql`create index corrective_actions_jha_idx on corrective_actions (jha_form_id, due_at, id) where jha_form_id is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists corrective_actions_jha_idx`.execute(db);
  await sql`drop index if exists corrective_actions_incident_idx`.execute(db);
}
