import { type Kysely, sql } from "kysely";

/**
 * Every table of docs/product.md, plus sessions, audit_events and login_failures.
 * Safety records (JHA forms, incident reports, permits, messages) survive the deletion of the
 * person who filed them: their worker/user reference becomes NULL rather than taking the record
 * with it. Deleting a project removes its assignments, safety plan and forms (docs/architecture.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the evolving Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("worker").check(sql`role in ('admin','manager','worker')`))
    .addColumn("first_name", "text")
    .addColumn("last_name", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Case-insensitive uniqueness: "Bob" and "bob" are the same login, and the same mailbox.
  await sql`create unique index users_username_key on users (lower(username))`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await db.schema.createIndex("users_role_idx").on("users").column("role").execute();

  await db.schema
    .createTable("workers")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade").unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("company", "text")
    .addColumn("hardhat_number", "text")
    .addColumn("emergency_contact", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index workers_email_key on workers (lower(email))`.execute(db);
  await db.schema.createIndex("workers_role_idx").on("workers").column("role").execute();

  await db.schema
    .createTable("projects")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active").check(sql`status in ('active','completed','on_hold')`))
    .addColumn("description", "text")
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date")
    .addColumn("safety_manager_name", "text")
    .addColumn("safety_manager_phone", "text")
    .addColumn("safety_manager_email", "text")
    .addColumn("emergency_contact_info", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("has_safety_plan", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("projects_status_idx").on("projects").column("status").execute();

  await db.schema
    .createTable("safety_plans")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("project_id", "integer", (c) => c.notNull().unique().references("projects.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("file_type", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("description", "text")
    .addColumn("file_data", "bytea", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("project_workers")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("worker_id", "integer", (c) => c.notNull().references("workers.id").onDelete("cascade"))
    .addColumn("assigned_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("role", "text")
    .addUniqueConstraint("project_workers_project_worker_key", ["project_id", "worker_id"])
    .execute();
  await db.schema.createIndex("project_workers_worker_idx").on("project_workers").column("worker_id").execute();

  await db.schema
    .createTable("jha_forms")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("job_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("hazards", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("control_measures", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("submitted_by", "integer", (c) => c.references("workers.id").onDelete("set null"))
    .addColumn("submitted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("jha_forms_project_idx").on("jha_forms").columns(["project_id", "submitted_at"]).execute();
  await db.schema.createIndex("jha_forms_submitted_at_idx").on("jha_forms").column("submitted_at").execute();
  await db.schema.createIndex("jha_forms_submitted_by_idx").on("jha_forms").column("submitted_by").execute();

  await db.schema
    .createTable("jha_comments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("jha_form_id", "integer", (c) => c.notNull().references("jha_forms.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("visibility", "text", (c) => c.notNull().defaultTo("private").check(sql`visibility in ('private','public')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("jha_comments_form_idx").on("jha_comments").column("jha_form_id").execute();
  await db.schema.createIndex("jha_comments_user_idx").on("jha_comments").column("user_id").execute();

  await db.schema
    .createTable("incident_reports")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("severity", "text", (c) => c.notNull().defaultTo("minor").check(sql`severity in ('minor','moderate','severe','near_miss')`))
    .addColumn("date", "date", (c) => c.notNull().defaultTo(sql`current_date`))
    .addColumn("location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reported_by", "integer", (c) => c.references("workers.id").onDelete("set null"))
    .addColumn("involved_workers", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("action_taken", "text")
    .addColumn("preventive_measures", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open','in_progress','closed')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("incident_reports_project_idx").on("incident_reports").columns(["project_id", "date"]).execute();
  await db.schema.createIndex("incident_reports_date_idx").on("incident_reports").columns(["date", "id"]).execute();
  await db.schema.createIndex("incident_reports_reported_by_idx").on("incident_reports").column("reported_by").execute();

  await db.schema
    .createTable("training_modules")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Stable key for seeded modules (e.g. "spotter-safety") so static pages find their module.
    .addColumn("slug", "text", (c) => c.unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("type", "text", (c) =>
      c
        .notNull()
        .defaultTo("site_safety")
        .check(sql`type in ('site_safety','spotter_safety','equipment_operation','fall_protection','hazardous_materials')`),
    )
    .addColumn("content", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(30))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("training_modules_type_idx").on("training_modules").column("type").execute();

  await db.schema
    .createTable("worker_trainings")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("worker_id", "integer", (c) => c.notNull().references("workers.id").onDelete("cascade"))
    .addColumn("module_id", "integer", (c) => c.notNull().references("training_modules.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("not_started").check(sql`status in ('not_started','in_progress','completed')`),
    )
    .addColumn("completed_at", "timestamptz")
    .addColumn("last_accessed_at", "timestamptz")
    .addColumn("progress", "integer", (c) => c.notNull().defaultTo(0).check(sql`progress between 0 and 100`))
    .addUniqueConstraint("worker_trainings_worker_module_key", ["worker_id", "module_id"])
    .execute();
  await db.schema.createIndex("worker_trainings_module_idx").on("worker_trainings").column("module_id").execute();

  await db.schema
    .createTable("safety_videos")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("required_watch_by_date", "timestamptz")
    .addColumn("thumbnail", "text")
    .addColumn("tags", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("safety_videos_published_idx").on("safety_videos").column("published_at").execute();
  await db.schema.createIndex("safety_videos_required_idx").on("safety_videos").column("required_watch_by_date").execute();

  await db.schema
    .createTable("worker_videos")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("worker_id", "integer", (c) => c.notNull().references("workers.id").onDelete("cascade"))
    .addColumn("video_id", "integer", (c) => c.notNull().references("safety_videos.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("not_watched").check(sql`status in ('not_watched','partially_watched','completed')`),
    )
    .addColumn("watched_percentage", "integer", (c) => c.notNull().defaultTo(0).check(sql`watched_percentage between 0 and 100`))
    .addColumn("last_watched_at", "timestamptz")
    .addUniqueConstraint("worker_videos_worker_video_key", ["worker_id", "video_id"])
    .execute();
  await db.schema.createIndex("worker_videos_video_idx").on("worker_videos").column("video_id").execute();

  await db.schema
    .createTable("safety_comments")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("project_id", "integer", (c) => c.references("projects.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open").check(sql`status in ('open','in_progress','resolved','closed')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_at", "timestamptz")
    .addColumn("resolved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("manager_response", "text")
    .execute();
  await db.schema.createIndex("safety_comments_user_idx").on("safety_comments").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("safety_comments_project_idx").on("safety_comments").columns(["project_id", "created_at"]).execute();
  await db.schema.createIndex("safety_comments_created_idx").on("safety_comments").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("safety_comments_status_idx").on("safety_comments").column("status").execute();
  await db.schema.createIndex("safety_comments_resolved_by_idx").on("safety_comments").column("resolved_by").execute();

  await db.schema
    .createTable("hot_work_permits")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("work_description", "text", (c) => c.notNull())
    .addColumn("start_date", "timestamptz", (c) => c.notNull())
    .addColumn("end_date", "timestamptz", (c) => c.notNull())
    .addColumn("requested_by", "integer", (c) => c.references("workers.id").onDelete("set null"))
    .addColumn("requested_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(sql`status in ('pending','approved','rejected','closed')`))
    .addColumn("precautions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("equipment_used", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("fire_watch_required", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("fire_watch_by", "text")
    .addColumn("approved_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("approved_at", "timestamptz")
    .addColumn("rejected_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("rejected_at", "timestamptz")
    .addColumn("rejection_reason", "text")
    .addColumn("closed_at", "timestamptz")
    .addColumn("closed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("closing_notes", "text")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("hot_work_permits_project_idx").on("hot_work_permits").columns(["project_id", "requested_at"]).execute();
  await db.schema.createIndex("hot_work_permits_requested_idx").on("hot_work_permits").columns(["requested_at", "id"]).execute();
  await db.schema.createIndex("hot_work_permits_status_start_idx").on("hot_work_permits").columns(["status", "start_date"]).execute();
  await db.schema.createIndex("hot_work_permits_requested_by_idx").on("hot_work_permits").column("requested_by").execute();

  await db.schema
    .createTable("invite_tokens")
    .addColumn("id", "serial", (c) => c.primaryKey())
    // Only a SHA-256 of the token is kept; the full value is shown once, on creation.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("token_preview", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('admin','manager')`))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("used_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret_hash", "bytea", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("login_failures")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("failed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("login_failures_username_idx").on("login_failures").columns(["username", "failed_at"]).execute();
  await db.schema.createIndex("login_failures_ip_idx").on("login_failures").columns(["ip", "failed_at"]).execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // Kept even when the user row goes, so the record still says who did it.
    .addColumn("actor_name", "text")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("from_state", "text")
    .addColumn("to_state", "text")
    .addColumn("details", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("audit_events_entity_idx").on("audit_events").columns(["entity", "entity_id", "created_at"]).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_events",
    "login_failures",
    "sessions",
    "invite_tokens",
    "hot_work_permits",
    "safety_comments",
    "worker_videos",
    "safety_videos",
    "worker_trainings",
    "training_modules",
    "incident_reports",
    "jha_comments",
    "jha_forms",
    "project_workers",
    "safety_plans",
    "projects",
    "workers",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
