import { type Kysely, sql } from "kysely";

/**
 * Inspections and corrective actions (issue #35).
 * - inspection_templates: a template's name, language and which version is current; a template
 *   is never deleted (its versions are what inspections point to).
 * - inspection_template_versions: the content (sections and items, JSON) of each version,
 *   immutable: a trigger refuses any UPDATE, so an inspection always reads the items it was made
 *   with (docs/decisions/0123-inspection-template-versions.md).
 * - inspections and inspection_answers: one signed inspection of a project with a version, its
 *   score and counts computed on the server, one row per item answered.
 * - inspection_schedules: a project expects a template daily or weekly (missed is computed on read).
 * - corrective_actions: raised by a failed answer (at most one per answer), an incident report, a
 *   JHA form or by hand; its state machine is packages/domain/src/correctiveActions.ts. An owner
 *   whose account is deleted leaves the action without one (staff reassign it).
 * - photos may hang on an inspection answer (the item's photo) or a corrective action (evidence).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table inspection_templates (
      id serial primary key,
      name text not null,
      language text not null check (language in ('en', 'es')),
      category text,
      builtin boolean not null default false,
      current_version integer not null default 1,
      copied_from integer references inspection_templates (id) on delete set null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table inspection_template_versions (
      id serial primary key,
      template_id integer not null references inspection_templates (id) on delete restrict,
      version integer not null,
      name text not null,
      content jsonb not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (template_id, version)
    )`.execute(db);
  await sql`
    create function inspection_template_versions_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'inspection template versions are immutable';
    end $$`.execute(db);
  await sql`
    create trigger inspection_template_versions_no_update before update on inspection_template_versions
    for each row execute function inspection_template_versions_immutable()`.execute(db);

  await sql`
    create table inspections (
      id serial primary key,
      project_id integer not null references projects (id) on delete cascade,
      template_id integer not null references inspection_templates (id) on delete restrict,
      template_version_id integer not null references inspection_template_versions (id) on delete restrict,
      inspector_user_id integer references users (id) on delete set null,
      inspected_at timestamptz not null,
      score double precision,
      passed_count integer not null,
      failed_count integer not null,
      na_count integer not null,
      notes text,
      signature text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index inspections_project_idx on inspections (project_id, inspected_at desc, id desc)`.execute(db);
  await sql`create index inspections_inspected_idx on inspections (inspected_at desc, id desc)`.execute(db);
  await sql`create index inspections_template_idx on inspections (project_id, template_id, inspected_at)`.execute(db);
  await sql`
    create table inspection_answers (
      id serial primary key,
      inspection_id integer not null references inspections (id) on delete cascade,
      item_key text not null,
      position integer not null,
      value jsonb,
      outcome text not null check (outcome in ('pass', 'fail', 'na')),
      note text,
      unique (inspection_id, item_key)
    )`.execute(db);

  await sql`
    create table inspection_schedules (
      id serial primary key,
      project_id integer not null references projects (id) on delete cascade,
      template_id integer not null references inspection_templates (id) on delete cascade,
      frequency text not null check (frequency in ('daily', 'weekly')),
      starts_on date not null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      unique (project_id, template_id)
    )`.execute(db);

  await sql`
    create table corrective_actions (
      id serial primary key,
      project_id integer not null references projects (id) on delete cascade,
      source text not null check (source in ('inspection', 'incident', 'jha', 'manual')),
      inspection_id integer references inspections (id) on delete cascade,
      inspection_answer_id integer unique references inspection_answers (id) on delete cascade,
      incident_report_id integer references incident_reports (id) on delete set null,
      jha_form_id integer references jha_forms (id) on delete set null,
      description text not null,
      priority text not null check (priority in ('high', 'medium', 'low')),
      status text not null default 'open' check (status in ('open', 'in_progress', 'awaiting_verification', 'closed')),
      owner_user_id integer references users (id) on delete set null,
      raised_by integer references users (id) on delete set null,
      due_at timestamptz not null,
      evidence_note text,
      submitted_at timestamptz,
      verified_by integer references users (id) on delete set null,
      closed_at timestamptz,
      rejection_reason text,
      overdue_notified_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index corrective_actions_project_idx on corrective_actions (project_id, status, due_at)`.execute(db);
  await sql`create index corrective_actions_owner_idx on corrective_actions (owner_user_id, status, due_at)`.execute(db);
  await sql`create index corrective_actions_overdue_idx on corrective_actions (due_at) where status <> 'closed' and overdue_notified_at is null`.execute(
    db,
  );
  await sql`create index corrective_actions_inspection_idx on corrective_actions (inspection_id) where inspection_id is not null`.execute(
    db,
  );

  await sql`alter table photos add column inspection_answer_id integer references inspection_answers (id) on delete cascade`.execute(db);
  await sql`alter table photos add column corrective_action_id integer references corrective_actions (id) on delete cascade`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id, credential_id, inspection_answer_id, corrective_action_id) = 1)`.execute(
    db,
  );
  await sql`create index photos_inspection_answer_idx on photos (inspection_answer_id, id) where inspection_answer_id is not null`.execute(
    db,
  );
  await sql`create index photos_corrective_action_idx on photos (corrective_action_id, id) where corrective_action_id is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from photos where inspection_answer_id is not null or corrective_action_id is not null`.execute(db);
  await sql`alter table photos drop constraint photos_one_record`.execute(db);
  await sql`alter table photos add constraint photos_one_record
    check (num_nonnulls(incident_report_id, jha_form_id, toolbox_talk_id, credential_id) = 1)`.execute(db);
  await sql`alter table photos drop column corrective_action_id`.execute(db);
  await sql`alter table photos drop column inspection_answer_id`.execute(db);
  await sql`drop table if exists corrective_actions`.execute(db);
  await sql`drop table if exists inspection_schedules`.execute(db);
  await sql`drop table if exists inspection_answers`.execute(db);
  await sql`drop table if exists inspections`.execute(db);
  await sql`drop table if exists inspection_template_versions`.execute(db);
  await sql`drop function if exists inspection_template_versions_immutable()`.execute(db);
  await sql`drop table if exists inspection_templates`.execute(db);
}
