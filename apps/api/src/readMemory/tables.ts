import { dataVersions } from "@sitesafe/db";
import { type Actor, readableMessageAuthor, readableProjectIds } from "@sitesafe/domain";

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
 * - Some answers read part of a table, picked by a column (`Part`: a worker's projects, their own
 *   messages, one form's comments); they are versioned on that part's bucket counters (migration
 *   0017_part_versions) with the same function the read filters with.
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

/** Who reads, and with which input: what a part's keys are taken from (`countersOf`). */
export interface Reader {
  actor: Actor | null;
  input: unknown;
}

/**
 * The rows of `table` an answer reads, picked by the table's parting column (migration
 * 0017_part_versions): `keys` are the values it reads, undefined for every row. The answer is then
 * versioned on those values' bucket counters instead of the whole table's, so a report filed on
 * another site leaves a worker's lists remembered. `keys` must be the same function the read
 * filters with: a key missing here is a change the answer would not see. The guard sees tables,
 * not filters: test/readMemoryParts.test.ts checks every parted answer against the database.
 */
interface Part {
  table: string;
  keys(reader: Reader): readonly number[] | undefined;
}

function part(table: string, keys: (reader: Reader) => readonly number[] | undefined): Part {
  return { table, keys };
}

/** A worker's lists show their assigned projects only (`readableProjectIds`, as the services filter); staff's every project. */
function inReadableProjects(table: "hot_work_permits" | "incident_reports" | "jha_forms"): Part {
  return part(table, ({ actor }) => (actor ? readableProjectIds(actor) : undefined));
}

/** A worker's safety messages are their own (`readableMessageAuthor`, as the service filters); staff see everyone's. */
const OWN_MESSAGES = part("safety_comments", ({ actor }) => {
  const author = actor ? readableMessageAuthor(actor) : undefined;
  return author === undefined ? undefined : [author];
});

/** The comments of the one form whose id is the input (`jha.comments`). */
const COMMENTS_OF_FORM = part("jha_comments", ({ input }) => {
  const id = (input as { id?: unknown } | null)?.id;
  return typeof id === "number" ? [id] : undefined;
});

type Entry = string | Part;

/** `list` with `table` read in parts. */
function withPart(list: readonly string[], parted: Part): Entry[] {
  return list.map((table) => (table === parted.table ? parted : table));
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

const ANSWERS: Record<string, readonly Entry[]> = {
  "comments.list": withPart(SAFETY_MESSAGES, OWN_MESSAGES),
  "comments.page": withPart(SAFETY_MESSAGES, OWN_MESSAGES),
  "comments.byId": withPart(SAFETY_MESSAGES, OWN_MESSAGES),
  "comments.projectOptions": ["projects", "project_workers"],

  // dashboard.stats is not remembered whole: its parts are (services/dashboard.ts).
  "dashboard.stats:figures": ["projects", "project_workers", "training_modules", "worker_trainings", "workers"],
  "dashboard.stats:incidents": [inReadableProjects("incident_reports"), "project_workers"],
  "dashboard.upcoming": [
    inReadableProjects("hot_work_permits"),
    "projects",
    "project_workers",
    "safety_videos",
    "training_modules",
    "worker_trainings",
    "worker_videos",
    "workers",
  ],
  "dashboard.recentVideos": ["safety_videos", "worker_videos", "workers"],
  "dashboard.recentIncidents": [inReadableProjects("incident_reports"), "projects", "project_workers", "workers"],
  "dashboard.trainingCompletion": ["training_modules", "worker_trainings", "workers", "project_workers", "users"],
  "dashboard.unwatchedRequiredVideos": ["safety_videos", "worker_videos", "workers", "users"],
  "dashboard.projectStats": ["projects", "project_workers", ...FIGURES],

  "incidents.list": withPart(INCIDENTS, inReadableProjects("incident_reports")),
  "incidents.page": withPart(INCIDENTS, inReadableProjects("incident_reports")),
  "incidents.byId": oneRecord(INCIDENTS, "incident_reports"),
  "incidents.formOptions": FORM_OPTIONS,
  "incidents.history": [...INCIDENTS, ...historyOf("incident")],

  "inviteTokens.list": ["invite_tokens", "users"],

  "jha.list": withPart(JHA_FORMS, inReadableProjects("jha_forms")),
  "jha.page": withPart(JHA_FORMS, inReadableProjects("jha_forms")),
  "jha.byId": oneRecord(JHA_FORMS, "jha_forms"),
  "jha.formOptions": FORM_OPTIONS,
  "jha.comments": [...oneRecord(JHA_FORMS, "jha_forms"), COMMENTS_OF_FORM],

  "osha.log300": OSHA,
  "osha.summary300A": OSHA,
  "osha.rates": OSHA,

  "permits.list": withPart(PERMITS, inReadableProjects("hot_work_permits")),
  "permits.page": withPart(PERMITS, inReadableProjects("hot_work_permits")),
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

/** A scope's entry: its tables (the guard's and the tests' view), and its parts, resolved per reader. */
interface Scoped {
  tables: readonly string[];
  /** The counters of a reader with no parts to resolve: the same for everyone. */
  counters: readonly string[];
  parts: readonly Part[];
}

const byScope = new Map<string, Scoped>();
for (const [path, entries] of Object.entries(ANSWERS)) byScope.set(`answer:${path}`, scoped([...entries, ...ACTOR]));
for (const [scope, tables] of Object.entries(OTHERS)) byScope.set(scope, scoped(tables));

function scoped(entries: readonly Entry[]): Scoped {
  const parts = entries.filter((entry): entry is Part => typeof entry !== "string");
  const names = entries.filter((entry): entry is string => typeof entry === "string");
  return { tables: tidy([...names, ...parts.map((p) => p.table)]), counters: tidy(names), parts };
}

/** Sorted, once each: the same tables always make the same version text. */
function tidy(tables: readonly string[]): readonly string[] {
  return Object.freeze([...new Set(tables)].sort());
}

/** The tables `scope`'s value is read from; undefined when the map does not know it (then: every table). */
export function tablesOf(scope: string): readonly string[] | undefined {
  return byScope.get(scope)?.tables;
}

/**
 * The counters `scope`'s value is versioned on for this reader: its tables' counters, with each
 * part (`Part`) as the bucket counters of the reader's keys, or the whole table's when the reader
 * reads every row. Undefined when the map does not know the scope (then: every table).
 */
export function countersOf(scope: string, reader?: Reader): readonly string[] | undefined {
  const entry = byScope.get(scope);
  if (!entry || entry.parts.length === 0) return entry?.tables;
  const names = [...entry.counters];
  for (const p of entry.parts) {
    const keys = reader ? p.keys(reader) : undefined;
    if (keys === undefined) names.push(p.table);
    else for (const key of keys) names.push(dataVersions.partName(p.table, key));
  }
  return tidy(names);
}

/** The scopes whose entry reads part of a table (`Part`); test/readMemoryParts.test.ts checks each. */
export function partedScopes(): string[] {
  return [...byScope].filter(([, entry]) => entry.parts.length > 0).map(([scope]) => scope);
}

/** Every scope the map knows (the tests check the routers' remembered paths against it). */
export function knownScopes(): string[] {
  return [...byScope.keys()];
}
