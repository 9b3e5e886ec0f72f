import { type Kysely, sql } from "kysely";

/**
 * Photos of an inspection's items (issue #35, docs/decisions/0124-staged-inspection-photos.md): a
 * phone uploads each photo before the inspection exists, as a *staged* photo attached to nothing
 * (`staged`, only its uploader reads it); the create of the signed inspection attaches it to the
 * item's answer (`inspection_answer_id`, migration 0028) and clears `staged`. The one-record check
 * stays exact for every kind: a staged photo has no record at all, every other photo exactly one.
 * The indexes serve the per-user cap on staged photos and the daily retention of old ones.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table photos add column staged boolean not null default false`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id, credential_id, inspection_answer_id, corrective_action_id)
      = case when staged then 0 else 1 end)`.execute(db);
  await sql`create index photos_staged_user_idx on photos (uploaded_by, id) where staged`.execute(db);
  await sql`create index photos_staged_created_idx on photos (created_at, id) where staged`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from photos where staged`.execute(db);
  await sql`drop index if exists photos_staged_created_idx`.execute(db);
  await sql`drop index if exists photos_staged_user_idx`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id, credential_id, inspection_answer_id, corrective_action_id) = 1)`.execute(
    db,
  );
  await sql`alter table photos drop column staged`.execute(db);
}
