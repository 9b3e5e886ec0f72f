import { type Kysely, sql } from "kysely";

/**
 * Crew sign-on (issue #34): one row per signature on a JHA form or a hot work permit. A signature
 * belongs to exactly one record and goes with it (cascade). It keeps the signer's name and company
 * as written at signing, so the roster outlives a deleted worker profile
 * (docs/decisions/0002-safety-records-outlive-people.md); `worker_id` links an account's worker
 * while it exists. `record_version` is the SHA-256 of the content the signer read. The PNG is
 * stored like a photo's bytes, bounded to 128 KB. `via` 'link' is a signature made through a public
 * sign-on link (migration 0024). One worker signs one version of a record once
 * (the unique index closes the race between two devices).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table crew_signatures (
      id serial primary key,
      jha_form_id integer references jha_forms (id) on delete cascade,
      hot_work_permit_id integer references hot_work_permits (id) on delete cascade,
      project_id integer not null references projects (id) on delete cascade,
      worker_id integer references workers (id) on delete set null,
      signer_name text not null check (length(signer_name) between 1 and 200),
      signer_company text,
      via text not null check (via in ('device', 'own', 'link')),
      collected_by integer references users (id) on delete set null,
      device text,
      record_version text not null check (record_version ~ '^[0-9a-f]{64}$'),
      signature_png bytea not null,
      byte_size integer not null check (byte_size > 0 and byte_size <= 131072),
      signed_at timestamptz not null default now(),
      constraint crew_signatures_one_record check (num_nonnulls(jha_form_id, hot_work_permit_id) = 1)
    )`.execute(db);
  await sql`create index crew_signatures_jha_idx on crew_signatures (jha_form_id, id) where jha_form_id is not null`.execute(db);
  await sql`create index crew_signatures_permit_idx on crew_signatures (hot_work_permit_id, id) where hot_work_permit_id is not null`.execute(
    db,
  );
  await sql`create index crew_signatures_worker_idx on crew_signatures (worker_id) where worker_id is not null`.execute(db);
  await sql`
    create unique index crew_signatures_once_per_version on crew_signatures
      (coalesce(jha_form_id, 0), coalesce(hot_work_permit_id, 0), worker_id, record_version)
      where worker_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists crew_signatures`.execute(db);
}
