import { type Kysely, sql } from "kysely";

/**
 * Indexes found missing by the large-dataset benchmark (bench/, docs/decisions/performance.md).
 * 0001 already indexes most foreign keys and list orders; this adds the rest:
 *   - every foreign key that had none. PostgreSQL does not index the referencing side of a foreign
 *     key, so deleting a user or a project scans the whole referencing table once per deleted row
 *     (ON DELETE SET NULL / CASCADE), and joins from the parent side cannot use an index.
 *   - the sort orders of lists that page with LIMIT, so a page of 50 reads 50 index entries
 *     instead of sorting the whole table.
 * IF NOT EXISTS: a database where an operator already added one of these by hand still migrates.
 */
const indexes: { name: string; on: string; why: string }[] = [
  // --- foreign keys without an index --------------------------------------------------------
  { name: "safety_plans_uploaded_by_idx", on: "safety_plans (uploaded_by)", why: "FK to users: user deletion sets it to NULL" },
  { name: "training_modules_created_by_idx", on: "training_modules (created_by)", why: "FK to users: user deletion sets it to NULL" },
  { name: "safety_videos_created_by_idx", on: "safety_videos (created_by)", why: "FK to users: user deletion sets it to NULL" },
  {
    name: "hot_work_permits_approved_by_idx",
    on: "hot_work_permits (approved_by)",
    why: "FK to users: user deletion sets it to NULL; permit detail joins the approver",
  },
  {
    name: "hot_work_permits_rejected_by_idx",
    on: "hot_work_permits (rejected_by)",
    why: "FK to users: user deletion sets it to NULL; permit detail joins the rejecter",
  },
  {
    name: "hot_work_permits_closed_by_idx",
    on: "hot_work_permits (closed_by)",
    why: "FK to users: user deletion sets it to NULL; permit detail joins the closer",
  },
  { name: "invite_tokens_created_by_idx", on: "invite_tokens (created_by)", why: "FK to users: user deletion sets it to NULL" },
  { name: "invite_tokens_used_by_idx", on: "invite_tokens (used_by)", why: "FK to users: user deletion sets it to NULL" },
  {
    name: "audit_events_actor_user_idx",
    on: "audit_events (actor_user_id)",
    why: "FK to users: the audit trail grows without bound, and user deletion sets it to NULL",
  },

  // --- filters and list orders ----------------------------------------------------------------
  // Compliance (queries/compliance.ts) is computed per worker from status and progress alone: with
  // both in the index, one worker's compliance is an index-only read of ~20 entries, not 20 heap rows.
  {
    name: "worker_trainings_compliance_idx",
    on: "worker_trainings (worker_id) include (status, progress)",
    why: "per-worker compliance, index-only",
  },
  // GET /api/users: newest first (created_at desc, id desc); a backward scan serves it.
  { name: "users_created_idx", on: "users (created_at, id)", why: "users list order" },
  // GET /api/workers and the worker pickers: last name, first name, id.
  { name: "workers_name_idx", on: "workers (last_name, first_name, id)", why: "workers list order" },
  // GET /api/incident-reports: date desc, created_at desc, id desc. 0001's (date, id) misses the
  // middle column, so a page had to sort every report of the same date range.
  { name: "incident_reports_list_idx", on: "incident_reports (date, created_at, id)", why: "incident list order" },
  // GET /api/jha-forms: submitted_at desc, id desc (0001 has submitted_at alone).
  { name: "jha_forms_list_idx", on: "jha_forms (submitted_at, id)", why: "JHA list order" },
  // Expired-session cleanup deletes by expiry.
  { name: "sessions_expires_idx", on: "sessions (expires_at)", why: "expired-session cleanup" },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of indexes) {
    await sql.raw(`create index if not exists ${index.name} on ${index.on}`).execute(db);
    // The reason travels with the schema: \di+ shows it to whoever wonders whether to drop it.
    await sql.raw(`comment on index ${index.name} is '${index.why.replace(/'/g, "''")}'`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [...indexes].reverse()) {
    await sql.raw(`drop index if exists ${index.name}`).execute(db);
  }
}
