/**
 * Which tables each remembered value is read from (docs/decisions/0112-scoped-read-memory.md).
 * A remembered value is versioned on the change counters of its tables only
 * (`dataVersions.scopedVersion`): a write to another table leaves it remembered, a write to one of
 * its tables makes the next request read it again. So a table missing here is a real defect (an
 * answer that outlives a write to it: stale safety data on screen), and an extra table only costs
 * speed. When in doubt, list it.
 *
 * Scopes: "answer:<procedure path>" (every `remembered(...)` of routers/*.ts), "shared:<name>"
 * (`ctx.shared`, services/dashboard.ts), "figures:projects" and "figures:workers"
 * (figures.ts), "session" (sessions.ts). A scope not listed here is versioned
 * on every table: any write makes it read again.
 *
 * - Every answer also lists `ACTOR`: it is computed for the signed-in user's role, worker profile
 *   and project assignments (the session), which those tables hold.
 * - An answer that shows remembered figures or shared values lists their tables too (`FIGURES`).
 * - The guard (guard.ts, on in the API tests) records the tables every remembered computation
 *   actually queries and fails when one is missing from its entry; test/readMemoryTables.test.ts
 *   checks that `TRACKED_TABLES` is every table the database counts changes of, and that every
 *   remembered path of the routers has an entry.
 */

/** Every table with a change counter (migration 0005_data_versions); checked against the database by test/readMemoryTables.test.ts. */
export const TRACKED_TABLES: ReadonlySet<string> = new Set([
  "audit_events",
  "establishment_years",
  "establishments",
  "hot_work_permits",
  "idempotency_keys",
  "incident_recordkeeping",
  "incident_reports",
  "invite_tokens",
  "jha_comments",
  "jha_forms",
  "login_failures",
  "login_limits",
  "photos",
  "project_workers",
  "projects",
  "quiz_attempts",
  "safety_comments",
  "safety_plans",
  "safety_videos",
  "service_tokens",
  "sessions",
  "training_module_translations",
  "training_modules",
  "users",
  "worker_trainings",
  "worker_videos",
  "workers",
]);

/**
 * The audit history of one kind of record (`audit.auditHistory`, which reads the rows of that
 * entity only): the counter of that kind's audit rows, and the one a truncate of the table moves
 * (migration 0015_audit_entity_versions). Not the whole table's counter, which every filed record
 * moves: a permit page stays remembered while incidents are reported.
 */
function historyOf(entity: "incident" | "permit"): string[] {
  return [`audit_events:${entity}`, "audit_events:*"];
}

/**
 * A record read by id (`<area>.byId`): its own table counts only changes to existing rows
 * ("<table>:modified", migration 0016). A new row cannot change it: ids are never reused, and a
 * read of an id that did not exist was a 404, which is never remembered. Only for reads of one
 * row by its id.
 */
function oneRecord(tables: readonly string[], own: string): string[] {
  return tables.map((table) => (table === own ? `${own}:modified` : table));
}

/**
 * The table a counter of part of a table counts ("audit_events:permit" counts part of
 * "audit_events"); the name itself for a whole table's counter.
 */
export function tableOf(counter: string): string {
  const colon = counter.indexOf(":");
  return colon < 0 ? counter : counter.slice(0, colon);
}

/** What the session gives every answer: the user's role, worker profile and project assignments. */
const ACTOR = ["project_workers", "users", "workers"];
/** Project and worker figures: worker counts and compliance (compliance.ts of the db package). */
const FIGURES = ["project_workers", "projects", "training_modules", "worker_trainings", "workers"];

const SAFETY_MESSAGES = ["safety_comments", "projects", "project_workers", "users"];
const JHA_FORMS = ["jha_forms", "projects", "project_workers", "users", "workers"];
const INCIDENTS = ["incident_reports", "projects", "project_workers", "users", "workers"];
const PERMITS = ["hot_work_permits", "projects", "project_workers", "users", "workers"];
/** The project and worker choices of the JHA, incident and permit forms (services/forms.ts). */
const FORM_OPTIONS = ["projects", "project_workers", "users", "workers"];
const PROJECTS = ["projects", "project_workers", "safety_plans", "users", "workers", ...FIGURES];
const OSHA = ["establishment_years", "establishments", "incident_recordkeeping", "incident_reports", "projects", "workers"];
const TRAINING = ["training_modules", "training_module_translations", "quiz_attempts", "worker_trainings", "workers"];
const VIDEOS = ["safety_videos", "worker_videos", "workers"];
const WORKERS = [
  "workers",
  "users",
  "project_workers",
  "projects",
  "training_modules",
  "worker_trainings",
  "safety_videos",
  "worker_videos",
  ...FIGURES,
];

const ANSWERS: Record<string, readonly string[]> = {
  "comments.list": SAFETY_MESSAGES,
  "comments.page": SAFETY_MESSAGES,
  "comments.byId": SAFETY_MESSAGES,
  "comments.projectOptions": ["projects", "project_workers"],

  // dashboard.stats is not remembered whole: its parts are (services/dashboard.ts).
  "dashboard.stats:figures": ["projects", "project_workers", "training_modules", "worker_trainings", "workers"],
  "dashboard.stats:incidents": ["incident_reports", "project_workers"],
  "dashboard.upcoming": [
    "hot_work_permits",
    "projects",
    "project_workers",
    "safety_videos",
    "training_modules",
    "worker_trainings",
    "worker_videos",
    "workers",
  ],
  "dashboard.recentVideos": ["safety_videos", "worker_videos", "workers"],
  "dashboard.recentIncidents": ["incident_reports", "projects", "project_workers", "workers"],
  "dashboard.trainingCompletion": ["training_modules", "worker_trainings", "workers", "project_workers", "users"],
  "dashboard.unwatchedRequiredVideos": ["safety_videos", "worker_videos", "workers", "users"],
  "dashboard.projectStats": ["projects", "project_workers", ...FIGURES],

  "incidents.list": INCIDENTS,
  "incidents.page": INCIDENTS,
  "incidents.byId": oneRecord(INCIDENTS, "incident_reports"),
  "incidents.formOptions": FORM_OPTIONS,
  "incidents.history": [...INCIDENTS, ...historyOf("incident")],

  "inviteTokens.list": ["invite_tokens", "users"],

  "jha.list": JHA_FORMS,
  "jha.page": JHA_FORMS,
  "jha.byId": oneRecord(JHA_FORMS, "jha_forms"),
  "jha.formOptions": FORM_OPTIONS,
  "jha.comments": [...JHA_FORMS, "jha_comments"],

  "osha.log300": OSHA,
  "osha.summary300A": OSHA,
  "osha.rates": OSHA,

  "permits.list": PERMITS,
  "permits.page": PERMITS,
  "permits.formOptions": FORM_OPTIONS,
  "permits.byId": [...oneRecord(PERMITS, "hot_work_permits"), ...historyOf("permit")],

  "photos.list": ["photos", "incident_reports", "jha_forms", "projects", "project_workers", "users"],

  "projects.list": PROJECTS,
  "projects.page": PROJECTS,
  "projects.options": ["projects", "project_workers"],
  "projects.stats": PROJECTS,
  "projects.byId": PROJECTS,
  "projects.workers": [...PROJECTS, "safety_videos", "worker_videos"],
  "projects.safetyPlan": PROJECTS,
  "projects.safetyPlans": PROJECTS,

  "training.completion": [...TRAINING, "projects", "project_workers", "users"],
  "training.modules": TRAINING,
  "training.moduleById": TRAINING,
  "training.moduleBySlug": TRAINING,
  "training.workerTrainings": TRAINING,
  "training.workerSummaries": [...TRAINING, "project_workers", "users"],

  "users.list": ["users", "workers"],
  "users.page": ["users", "workers"],
  "users.byId": ["users", "workers"],
  "users.workerByUserId": ["users", "workers"],
  "users.workerProfile": ["users", "workers"],

  "videos.list": VIDEOS,
  "videos.byId": VIDEOS,
  "videos.workerVideos": VIDEOS,
  "videos.requiredVideos": VIDEOS,

  "workers.list": WORKERS,
  "workers.page": WORKERS,
  "workers.byId": WORKERS,
  "workers.projects": WORKERS,
  "workers.trainingRecords": [...WORKERS, ...TRAINING],
  "workers.videoRecords": WORKERS,
};

const OTHERS: Record<string, readonly string[]> = {
  "shared:dashboard.staffFigures": ["projects", "project_workers", "training_modules", "worker_trainings", "workers"],
  "shared:dashboard.staffIncidents": ["incident_reports"],
  "shared:dashboard.staffTraining": ["training_modules", "worker_trainings", "workers", "project_workers", "users"],
  "figures:projects": FIGURES,
  "figures:workers": FIGURES,
  /** The session, its user, worker profile and assignments (sessions.findSessionWithActor). */
  session: ["sessions", "users", "workers", "project_workers"],
};

const byScope = new Map<string, readonly string[]>();
for (const [path, tables] of Object.entries(ANSWERS)) byScope.set(`answer:${path}`, tidy([...tables, ...ACTOR]));
for (const [scope, tables] of Object.entries(OTHERS)) byScope.set(scope, tidy(tables));

/** Sorted, once each: the same tables always make the same version text. */
function tidy(tables: readonly string[]): readonly string[] {
  return Object.freeze([...new Set(tables)].sort());
}

/** The tables `scope`'s value is read from; undefined when the map does not know it (then: every table). */
export function tablesOf(scope: string): readonly string[] | undefined {
  return byScope.get(scope);
}

/** Every scope the map knows (the tests check the routers' remembered paths against it). */
export function knownScopes(): string[] {
  return [...byScope.keys()];
}
