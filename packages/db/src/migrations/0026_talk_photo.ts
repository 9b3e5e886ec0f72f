import { type Kysely, sql } from "kysely";

/**
 * A toolbox talk's group photo (issue #34): a photo like those of incident reports and JHA forms
 * (migration 0008; the same bounds, sniffing and storage), now also belonging to a talk and going
 * with it (cascade). One photo per talk is the service's rule (photoLimit in
 * packages/domain/src/photos.ts), checked under the talk's row lock like the ten of other records.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table photos add column toolbox_talk_id integer references toolbox_talks (id) on delete cascade`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id) = 1)`.execute(db);
  await sql`create index photos_talk_idx on photos (toolbox_talk_id, id) where toolbox_talk_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from photos where toolbox_talk_id is not null`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record check (num_nonnulls(incident_report_id, jha_form_id) = 1)`.execute(db);
  await sql`alter table photos drop column toolbox_talk_id`.execute(db);
}
