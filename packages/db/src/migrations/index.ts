import type { Migration } from "kysely";
import * as m0001 from "./0001_initial.js";
import * as m0002 from "./0002_training_seed.js";
import * as m0003 from "./0003_performance_indexes.js";
import * as m0004 from "./0004_upcoming_permits_index.js";
import * as m0005 from "./0005_data_versions.js";
import * as m0006 from "./0006_login_limits.js";
import * as m0007 from "./0007_quiz_attempts_attested_videos.js";
import * as m0008 from "./0008_photos.js";
import * as m0009 from "./0009_osha_recordkeeping.js";
import * as m0010 from "./0010_service_tokens.js";
import * as m0011 from "./0011_idempotency_keys.js";
import * as m0012 from "./0012_user_language.js";
import * as m0013 from "./0013_training_translations.js";
import * as m0014 from "./0014_static_training_spanish.js";
import * as m0015 from "./0015_audit_entity_versions.js";
import * as m0016 from "./0016_modified_versions.js";
import * as m0017 from "./0017_part_versions.js";
import * as m0018 from "./0018_language_choice.js";
import * as m0020 from "./0020_drop_data_versions.js";
import * as m0021 from "./0021_job_queue.js";
import * as m0022 from "./0022_notifications.js";
import * as m0023 from "./0023_crew_signatures.js";
import * as m0024 from "./0024_toolbox_talks.js";
import * as m0025 from "./0025_web_push.js";
import * as m0026 from "./0026_talk_photo.js";
import * as m0027 from "./0027_credentials.js";
import * as m0028 from "./0028_inspections.js";
import * as m0029 from "./0029_builtin_inspection_templates.js";
import * as m0030 from "./0030_notifications_created_index.js";
import * as m0031 from "./0031_action_source_indexes.js";
import * as m0032 from "./0032_staged_inspection_photos.js";

/**
 * Migrations in order. A static list (not a folder scan) so the same set runs from source in
 * tests and from dist in production. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_training_seed": m0002,
  "0003_performance_indexes": m0003,
  "0004_upcoming_permits_index": m0004,
  "0005_data_versions": m0005,
  "0006_login_limits": m0006,
  "0007_quiz_attempts_attested_videos": m0007,
  "0008_photos": m0008,
  "0009_osha_recordkeeping": m0009,
  "0010_service_tokens": m0010,
  "0011_idempotency_keys": m0011,
  "0012_user_language": m0012,
  "0013_training_translations": m0013,
  "0014_static_training_spanish": m0014,
  "0015_audit_entity_versions": m0015,
  "0016_modified_versions": m0016,
  "0017_part_versions": m0017,
  "0018_language_choice": m0018,
  "0020_drop_data_versions": m0020,
  "0021_job_queue": m0021,
  "0022_notifications": m0022,
  "0023_crew_signatures": m0023,
  "0024_toolbox_talks": m0024,
  "0025_web_push": m0025,
  "0026_talk_photo": m0026,
  "0027_credentials": m0027,
  "0028_inspections": m0028,
  "0029_builtin_inspection_templates": m0029,
  "0030_notifications_created_index": m0030,
  "0031_action_source_indexes": m0031,
  "0032_staged_inspection_photos": m0032,
};
