import { type Kysely, sql } from "kysely";

/**
 * Credentials that expire (issue #36): certifications issued outside SiteSafe (OSHA 10/30 cards,
 * forklift and aerial-lift operator, first aid/CPR, hot work, fire watch, confined space,
 * competent person). A list of types staff extend (seeded in English and Spanish), a worker's
 * credentials with a state (submitted, verified, rejected; expired is computed from the expiry date
 * and today, never stored), which types a position or a project requires (optionally blocking),
 * the reminders sent 30 and 7 days before expiry (one row each, so a rerun sends nothing twice),
 * the photos of the card (the photos table, one more kind of record), and an optional worker picked
 * as a hot work permit's fire watch (the free-text name stays as it was).
 */
const SEED: [string, string, string, number | null][] = [
  ["osha10", "OSHA 10-Hour Construction", "OSHA 10 horas construcción", null],
  ["osha30", "OSHA 30-Hour Construction", "OSHA 30 horas construcción", null],
  ["forklift", "Forklift operator", "Operador de montacargas", 36],
  ["aerial_lift", "Aerial lift operator", "Operador de plataforma elevadora", 36],
  ["first_aid_cpr", "First aid / CPR", "Primeros auxilios / RCP", 24],
  ["hot_work", "Hot work", "Trabajos en caliente", 12],
  ["fire_watch", "Fire watch", "Vigilante de incendios", 12],
  ["confined_space", "Confined space entry", "Entrada a espacios confinados", 12],
  ["competent_scaffold", "Competent person: scaffolds", "Persona competente: andamios", null],
  ["competent_excavation", "Competent person: excavations", "Persona competente: excavaciones", null],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table credential_types (
      id serial primary key,
      code text unique,
      name_en text not null,
      name_es text not null,
      validity_months integer check (validity_months between 1 and 240),
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index credential_types_name_en_idx on credential_types (lower(name_en))`.execute(db);
  for (const [code, en, es, months] of SEED) {
    await sql`insert into credential_types (code, name_en, name_es, validity_months) values (${code}, ${en}, ${es}, ${months})`.execute(db);
  }
  await sql`
    create table credentials (
      id serial primary key,
      worker_id integer not null references workers (id) on delete cascade,
      credential_type_id integer not null references credential_types (id) on delete restrict,
      number text,
      issuer text,
      issue_date date,
      expiry_date date,
      status text not null default 'submitted' check (status in ('submitted', 'verified', 'rejected')),
      rejection_reason text,
      submitted_by integer references users (id) on delete set null,
      verified_by integer references users (id) on delete set null,
      verified_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint credentials_dates check (expiry_date is null or issue_date is null or expiry_date >= issue_date),
      constraint credentials_rejected_reason check ((status = 'rejected') = (rejection_reason is not null))
    )`.execute(db);
  await sql`create index credentials_worker_idx on credentials (worker_id, credential_type_id)`.execute(db);
  await sql`create index credentials_expiry_idx on credentials (expiry_date) where status <> 'rejected' and expiry_date is not null`.execute(
    db,
  );
  await sql`
    create table credential_requirements (
      id serial primary key,
      credential_type_id integer not null references credential_types (id) on delete cascade,
      position text,
      project_id integer references projects (id) on delete cascade,
      blocking boolean not null default false,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      constraint credential_requirements_one_scope check (num_nonnulls(position, project_id) = 1)
    )`.execute(db);
  await sql`create unique index credential_requirements_position_idx on credential_requirements (credential_type_id, lower(position))
    where position is not null`.execute(db);
  await sql`create unique index credential_requirements_project_idx on credential_requirements (project_id, credential_type_id)
    where project_id is not null`.execute(db);
  await sql`
    create table credential_reminders (
      credential_id integer not null references credentials (id) on delete cascade,
      days_before integer not null check (days_before in (30, 7)),
      expiry_date date not null,
      sent_at timestamptz not null default now(),
      primary key (credential_id, days_before, expiry_date)
    )`.execute(db);
  await sql`alter table photos add column credential_id integer references credentials (id) on delete cascade`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id, credential_id) = 1)`.execute(db);
  await sql`create index photos_credential_idx on photos (credential_id, id) where credential_id is not null`.execute(db);
  await sql`alter table hot_work_permits add column fire_watch_worker_id integer references workers (id) on delete set null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table hot_work_permits drop column fire_watch_worker_id`.execute(db);
  await sql`delete from photos where credential_id is not null`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id) = 1)`.execute(db);
  await sql`alter table photos drop column credential_id`.execute(db);
  await sql`drop table if exists credential_reminders`.execute(db);
  await sql`drop table if exists credential_requirements`.execute(db);
  await sql`drop table if exists credentials`.execute(db);
  await sql`drop table if exists credential_types`.execute(db);
}
