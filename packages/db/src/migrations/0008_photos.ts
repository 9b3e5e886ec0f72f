import { type Kysely, sql } from "kysely";

/**
 * Photos on incident reports and JHA forms (docs/decisions/0108-photos.md), kept in PostgreSQL so every app instance
 * serves the same photos and a backup of the database holds them. Each photo belongs to exactly
 * one record and goes when its record goes (cascade). The bytes are stored without compression
 * ("external"): JPEG, PNG, WebP and HEIC are compressed already, and uncompressed out-of-line
 * values let `substring()` read a part of a photo without reading all of it (the photo route
 * streams in chunks).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table photos (
      id serial primary key,
      incident_report_id integer references incident_reports (id) on delete cascade,
      jha_form_id integer references jha_forms (id) on delete cascade,
      uploaded_by integer references users (id) on delete set null,
      file_name text not null,
      content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/heic')),
      byte_size integer not null check (byte_size > 0 and byte_size <= 10485760),
      width integer,
      height integer,
      location_kept boolean not null default false,
      data bytea not null,
      thumbnail bytea,
      thumbnail_size integer not null default 0,
      created_at timestamptz not null default now(),
      constraint photos_one_record check (num_nonnulls(incident_report_id, jha_form_id) = 1)
    )`.execute(db);
  await sql`alter table photos alter column data set storage external`.execute(db);
  await sql`alter table photos alter column thumbnail set storage external`.execute(db);
  await sql`create index photos_incident_idx on photos (incident_report_id, id) where incident_report_id is not null`.execute(db);
  await sql`create index photos_jha_idx on photos (jha_form_id, id) where jha_form_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists photos`.execute(db);
}
