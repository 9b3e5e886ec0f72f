import { type Kysely, sql } from "kysely";

/**
 * Toolbox talks (issue #34): a library of topics in English and Spanish that staff add to (a topic
 * may point to a training module or safety video), the talks given on a project with their content
 * copied from the topic (a later edit of the library does not change what the crew heard), and
 * their attendance as crew signatures (migration 0023), which now belong to a JHA form, a permit or
 * a talk. And the public sign-on links of a JHA form or talk: a short-lived, revocable token (only
 * its SHA-256 is stored) that opens a minimal page where someone without the app signs; each
 * signature made through one names it.
 */
const SEED: [string, string, string][] = [
  [
    "en",
    "Ladder safety",
    "Inspect the ladder before each use. Set it on firm, level ground at a 4 to 1 angle and extend it 3 feet above the landing. Keep three points of contact and face the ladder. Never stand on the top two steps. Tie off extension ladders.",
  ],
  [
    "es",
    "Seguridad con escaleras",
    "Revise la escalera antes de cada uso. Apóyela en suelo firme y nivelado con un ángulo de 4 a 1 y que sobresalga 3 pies del punto de llegada. Mantenga tres puntos de contacto y de frente a la escalera. Nunca se pare en los dos últimos peldaños. Amarre las escaleras extensibles.",
  ],
  [
    "en",
    "Trench and excavation safety",
    "Never enter a trench 5 feet or deeper without a protective system: sloping, shoring or a trench box. Keep spoil and equipment at least 2 feet from the edge. Use a ladder within 25 feet of every worker. The competent person inspects the trench every day and after rain.",
  ],
  [
    "es",
    "Seguridad en zanjas y excavaciones",
    "Nunca entre en una zanja de 5 pies o más sin un sistema de protección: taludes, apuntalamiento o caja de zanja. Mantenga la tierra y el equipo a 2 pies del borde como mínimo. Tenga una escalera a menos de 25 pies de cada trabajador. La persona competente inspecciona la zanja cada día y después de la lluvia.",
  ],
  [
    "en",
    "Heat illness prevention",
    "Drink water every 15 minutes, even when you are not thirsty. Rest in the shade when you need to. New and returning workers build up to full shifts over a week. Know the signs: dizziness, cramps, confusion. Report them at once and cool the worker down.",
  ],
  [
    "es",
    "Prevención de enfermedades por calor",
    "Tome agua cada 15 minutos, aunque no tenga sed. Descanse a la sombra cuando lo necesite. Los trabajadores nuevos o que regresan aumentan su jornada poco a poco durante una semana. Conozca las señales: mareo, calambres, confusión. Avise de inmediato y refresque al trabajador.",
  ],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table toolbox_talk_topics (
      id serial primary key,
      language text not null check (language in ('en', 'es')),
      title text not null,
      content text not null,
      training_module_id integer references training_modules (id) on delete set null,
      video_id integer references safety_videos (id) on delete set null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  for (const [language, title, content] of SEED) {
    await sql`insert into toolbox_talk_topics (language, title, content) values (${language}, ${title}, ${content})`.execute(db);
  }
  await sql`
    create table toolbox_talks (
      id serial primary key,
      project_id integer not null references projects (id) on delete cascade,
      topic_id integer references toolbox_talk_topics (id) on delete set null,
      title text not null,
      content text not null,
      language text not null check (language in ('en', 'es')),
      talk_date date not null,
      presenter_worker_id integer references workers (id) on delete set null,
      presenter_name text not null,
      notes text,
      training_module_id integer references training_modules (id) on delete set null,
      video_id integer references safety_videos (id) on delete set null,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index toolbox_talks_project_date_idx on toolbox_talks (project_id, talk_date desc, id desc)`.execute(db);
  await sql`create index toolbox_talks_date_idx on toolbox_talks (talk_date desc, id desc)`.execute(db);

  await sql`alter table crew_signatures add column toolbox_talk_id integer references toolbox_talks (id) on delete cascade`.execute(db);
  await sql`alter table crew_signatures drop constraint crew_signatures_one_record`.execute(db);
  await sql`alter table crew_signatures add constraint crew_signatures_one_record
    check (num_nonnulls(jha_form_id, hot_work_permit_id, toolbox_talk_id) = 1)`.execute(db);
  await sql`drop index crew_signatures_once_per_version`.execute(db);
  await sql`
    create unique index crew_signatures_once_per_version on crew_signatures
      (coalesce(jha_form_id, 0), coalesce(hot_work_permit_id, 0), coalesce(toolbox_talk_id, 0), worker_id, record_version)
      where worker_id is not null`.execute(db);
  await sql`create index crew_signatures_talk_idx on crew_signatures (toolbox_talk_id, id) where toolbox_talk_id is not null`.execute(db);

  await sql`
    create table sign_on_links (
      id serial primary key,
      jha_form_id integer references jha_forms (id) on delete cascade,
      toolbox_talk_id integer references toolbox_talks (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      token_hash text not null unique,
      token_preview text not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      created_by integer references users (id) on delete set null,
      created_at timestamptz not null default now(),
      constraint sign_on_links_one_record check (num_nonnulls(jha_form_id, toolbox_talk_id) = 1)
    )`.execute(db);
  await sql`create index sign_on_links_jha_idx on sign_on_links (jha_form_id, id) where jha_form_id is not null`.execute(db);
  await sql`create index sign_on_links_talk_idx on sign_on_links (toolbox_talk_id, id) where toolbox_talk_id is not null`.execute(db);
  await sql`alter table crew_signatures add column sign_on_link_id integer references sign_on_links (id) on delete set null`.execute(db);
  await sql`create index crew_signatures_link_idx on crew_signatures (sign_on_link_id, signed_at) where sign_on_link_id is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table crew_signatures drop column sign_on_link_id`.execute(db);
  await sql`drop table if exists sign_on_links`.execute(db);
  await sql`delete from crew_signatures where toolbox_talk_id is not null`.execute(db);
  await sql`drop index if exists crew_signatures_once_per_version`.execute(db);
  await sql`alter table crew_signatures drop constraint crew_signatures_one_record`.execute(db);
  await sql`alter table crew_signatures add constraint crew_signatures_one_record check (num_nonnulls(jha_form_id, hot_work_permit_id) = 1)`.execute(
    db,
  );
  await sql`alter table crew_signatures drop column toolbox_talk_id`.execute(db);
  await sql`
    create unique index crew_signatures_once_per_version on crew_signatures
      (coalesce(jha_form_id, 0), coalesce(hot_work_permit_id, 0), worker_id, record_version)
      where worker_id is not null`.execute(db);
  await sql`drop table if exists toolbox_talks`.execute(db);
  await sql`drop table if exists toolbox_talk_topics`.execute(db);
}
