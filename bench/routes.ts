import type { Database, DbHandle } from "@sitesafe/db";

/**
 * What bench.ts and explain.ts share: the seed:large accounts, the dataset's counts and ids, and
 * the routes to drive (every GET of docs/api.md, plus /api/bare).
 */

export function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** Credentials created by seed:large (apps/api/src/scripts/seed-large.ts). */
export const ADMIN = { username: "bench_admin", password: "BenchAdmin123!" };
export const WORKER = { username: "bench_worker", password: "Worker123!" };

export type Who = "admin" | "worker" | "anonymous";
/**
 * dashboard: /api/dashboard/*, p95 <= 50 ms, at least 6% of the bare route's req/s.
 * page: a bounded list (a page of 50, one project's or one worker's rows, the module and video
 *   catalogues, an OSHA log): p95 <= 100 ms, at least 6% of the bare route.
 * record: one record, or the signed-in user's own items: p95 <= 100 ms, at least 12% of the bare route.
 * full: a whole table in one answer, as the REST lists answer without `limit`. Its cost grows
 *   with the data by design, so it is measured and must succeed, but has no latency budget.
 */
export type Budget = "ceiling" | "dashboard" | "page" | "record" | "full";

export interface RouteSpec {
  label: string;
  path: string;
  as: Who;
  budget: Budget;
}

const TABLES = {
  users: "users",
  workers: "workers",
  projects: "projects",
  project_workers: "projectWorkers",
  safety_plans: "safetyPlans",
  training_modules: "trainingModules",
  worker_trainings: "workerTrainings",
  safety_videos: "safetyVideos",
  worker_videos: "workerVideos",
  jha_forms: "jhaForms",
  incident_reports: "incidentReports",
  hot_work_permits: "hotWorkPermits",
  safety_comments: "safetyComments",
  photos: "photos",
} as const satisfies Record<string, keyof Database>;

export async function countRows(handle: DbHandle, table: keyof Database): Promise<number> {
  const row = await handle.db
    .selectFrom(table)
    .select((e) => e.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface Dataset {
  counts: Record<string, number>;
  ids: {
    workerUserId: number;
    workerId: number;
    projectId: number;
    jhaFormId: number;
    incidentId: number;
    permitId: number;
    moduleId: number;
    videoId: number;
    /** The company establishment (the largest OSHA log) and the last full year. */
    establishmentId: number;
    oshaYear: number;
    /** An incident report and a JHA form of the worker's project with photos, and one of the photos. */
    photoIncidentId: number;
    photoJhaId: number;
    photoId: number;
  };
}

/** Row counts and real ids, read before the server starts (the embedded database allows one process). */
export async function readDataset(handle: DbHandle): Promise<Dataset> {
  const { db } = handle;
  const counts: Record<string, number> = {};
  for (const [label, table] of Object.entries(TABLES)) counts[label] = await countRows(handle, table);
  const byStatus = await db
    .selectFrom("hotWorkPermits")
    .select(["status", (e) => e.fn.countAll<number>().as("n")])
    .groupBy("status")
    .orderBy("status")
    .execute();
  for (const { status, n } of byStatus) counts[`hot_work_permits ${status}`] = Number(n);

  const noDataset = () =>
    fail(
      `The database has no seed:large dataset (user "${WORKER.username}" assigned to projects with records). Run pnpm seed:large first.`,
    );
  const worker = await db
    .selectFrom("users as u")
    .innerJoin("workers as w", "w.userId", "u.id")
    .select(["u.id as userId", "w.id as workerId"])
    .where((eb) => eb(eb.fn("lower", ["u.username"]), "=", WORKER.username))
    .executeTakeFirst();
  if (!worker) return noDataset();
  // One of the worker's projects, preferably one with a safety plan (its GET answers 404 otherwise).
  const project = await db
    .selectFrom("projectWorkers as pw")
    .leftJoin("safetyPlans as sp", "sp.projectId", "pw.projectId")
    .select(["pw.projectId", "sp.id as planId"])
    .where("pw.workerId", "=", worker.workerId)
    .orderBy("pw.projectId")
    .execute()
    .then((rows) => rows.find((r) => r.planId !== null) ?? rows[0]);
  if (!project) return noDataset();
  const projectId = project.projectId;
  const maxId = async (table: "jhaForms" | "incidentReports" | "hotWorkPermits") =>
    (
      await db
        .selectFrom(table)
        .select((e) => e.fn.max("id").as("id"))
        .where("projectId", "=", projectId)
        .executeTakeFirst()
    )?.id;
  const ids = {
    workerUserId: worker.userId,
    workerId: worker.workerId,
    projectId,
    jhaFormId: await maxId("jhaForms"),
    incidentId: await maxId("incidentReports"),
    permitId: await maxId("hotWorkPermits"),
    moduleId: (
      await db
        .selectFrom("trainingModules")
        .select((e) => e.fn.min("id").as("id"))
        .executeTakeFirst()
    )?.id,
    videoId: (
      await db
        .selectFrom("safetyVideos")
        .select((e) => e.fn.max("id").as("id"))
        .executeTakeFirst()
    )?.id,
    establishmentId: (
      await db.selectFrom("establishments").select("id").orderBy("isCompanyDefault", "desc").orderBy("id").executeTakeFirst()
    )?.id,
    oshaYear: new Date().getUTCFullYear() - 1,
    ...(await photoIds(handle, projectId)),
  };
  if (Object.values(ids).some((v) => v === null || v === undefined)) return noDataset();
  return { counts, ids: Object.fromEntries(Object.entries(ids).map(([k, v]) => [k, Number(v)])) as Dataset["ids"] };
}

/** The newest incident report and JHA form of the project that have photos (seed:large adds them to a share). */
async function photoIds(handle: DbHandle, projectId: number) {
  const { db } = handle;
  const incident = await db
    .selectFrom("photos as ph")
    .innerJoin("incidentReports as ir", "ir.id", "ph.incidentReportId")
    .select(["ph.incidentReportId", "ph.id"])
    .where("ir.projectId", "=", projectId)
    .orderBy("ph.incidentReportId", "desc")
    .orderBy("ph.id")
    .executeTakeFirst();
  const form = await db
    .selectFrom("photos as ph")
    .innerJoin("jhaForms as jf", "jf.id", "ph.jhaFormId")
    .select("ph.jhaFormId")
    .where("jf.projectId", "=", projectId)
    .orderBy("ph.jhaFormId", "desc")
    .executeTakeFirst();
  return { photoIncidentId: incident?.incidentReportId, photoJhaId: form?.jhaFormId, photoId: incident?.id };
}

export function routes(ids: Dataset["ids"]): RouteSpec[] {
  const r = (label: string, path: string, as: Who, budget: Budget): RouteSpec => ({ label, path, as, budget });
  return [
    r("bare (ceiling)", "/api/bare", "anonymous", "ceiling"),
    // Session and account
    r("user", "/api/user", "admin", "record"),
    r("users (all)", "/api/users", "admin", "full"),
    r("users/:id", `/api/users/${ids.workerUserId}`, "admin", "record"),
    r("workers/byUserId/:userId", `/api/workers/byUserId/${ids.workerUserId}`, "admin", "record"),
    r("worker-profile (worker)", "/api/worker-profile", "worker", "record"),
    r("invite-tokens", "/api/invite-tokens", "admin", "page"),
    // Projects
    r("projects ?limit=50", "/api/projects?limit=50", "admin", "page"),
    r("projects (all)", "/api/projects", "admin", "full"),
    r("projects (worker)", "/api/projects", "worker", "record"),
    r("projects/stats", "/api/projects/stats", "admin", "full"),
    r("projects/:id", `/api/projects/${ids.projectId}`, "admin", "record"),
    r("projects/:id/workers", `/api/projects/${ids.projectId}/workers`, "admin", "page"),
    r("projects/:id/safety-plan", `/api/projects/${ids.projectId}/safety-plan`, "admin", "record"),
    // Workers
    r("workers ?limit=50", "/api/workers?limit=50", "admin", "page"),
    r("workers (all)", "/api/workers", "admin", "full"),
    r("workers/:id", `/api/workers/${ids.workerId}`, "admin", "record"),
    r("workers/:id/projects", `/api/workers/${ids.workerId}/projects`, "admin", "record"),
    // Forms
    r("jha-forms ?limit=50", "/api/jha-forms?limit=50", "admin", "page"),
    r("jha-forms (all)", "/api/jha-forms", "admin", "full"),
    r("jha-forms ?projectId&limit=50", `/api/jha-forms?projectId=${ids.projectId}&limit=50`, "admin", "page"),
    r("jha-forms ?limit=50 (worker)", "/api/jha-forms?limit=50", "worker", "page"),
    r("jha-forms/:id", `/api/jha-forms/${ids.jhaFormId}`, "admin", "record"),
    r("incident-reports ?limit=50", "/api/incident-reports?limit=50", "admin", "page"),
    r("incident-reports (all)", "/api/incident-reports", "admin", "full"),
    r("incident-reports ?projectId&limit=50", `/api/incident-reports?projectId=${ids.projectId}&limit=50`, "admin", "page"),
    r("incident-reports ?limit=50 (worker)", "/api/incident-reports?limit=50", "worker", "page"),
    r("incident-reports/:id", `/api/incident-reports/${ids.incidentId}`, "admin", "record"),
    // Photos (docs/decisions/0108-photos.md): the lists of a record, a thumbnail (p95 <= 100 ms like any bounded answer), a photo
    r("incident-reports/:id/photos", `/api/incident-reports/${ids.photoIncidentId}/photos`, "admin", "page"),
    r("incident-reports/:id/photos (worker)", `/api/incident-reports/${ids.photoIncidentId}/photos`, "worker", "page"),
    r("jha-forms/:id/photos (worker)", `/api/jha-forms/${ids.photoJhaId}/photos`, "worker", "page"),
    r("photos/:id/thumbnail (worker)", `/api/photos/${ids.photoId}/thumbnail`, "worker", "record"),
    r("photos/:id/thumbnail", `/api/photos/${ids.photoId}/thumbnail`, "admin", "record"),
    r("photos/:id (worker)", `/api/photos/${ids.photoId}`, "worker", "record"),
    // Hot work permits
    r("hot-work-permits ?limit=50", "/api/hot-work-permits?limit=50", "admin", "page"),
    r("hot-work-permits (all)", "/api/hot-work-permits", "admin", "full"),
    r("hot-work-permits ?limit=50 (worker)", "/api/hot-work-permits?limit=50", "worker", "page"),
    r("hot-work-permits/:id", `/api/hot-work-permits/${ids.permitId}`, "admin", "record"),
    // Safety comments
    r("safety-comments ?limit=50", "/api/safety-comments?limit=50", "admin", "page"),
    r("safety-comments (all)", "/api/safety-comments", "admin", "full"),
    r("safety-comments ?limit=50 (worker)", "/api/safety-comments?limit=50", "worker", "page"),
    // Dashboard
    r("dashboard/stats", "/api/dashboard/stats", "admin", "dashboard"),
    r("dashboard/stats (worker)", "/api/dashboard/stats", "worker", "dashboard"),
    r("dashboard/upcoming", "/api/dashboard/upcoming", "admin", "dashboard"),
    r("dashboard/upcoming (worker)", "/api/dashboard/upcoming", "worker", "dashboard"),
    r("dashboard/recent-videos (worker)", "/api/dashboard/recent-videos", "worker", "dashboard"),
    r("dashboard/recent-incidents", "/api/dashboard/recent-incidents", "admin", "dashboard"),
    r("dashboard/recent-incidents (worker)", "/api/dashboard/recent-incidents", "worker", "dashboard"),
    r("dashboard/training-completion", "/api/dashboard/training-completion", "admin", "dashboard"),
    r("dashboard/training-completion (worker)", "/api/dashboard/training-completion", "worker", "dashboard"),
    r(
      "dashboard/unwatched-required-videos (worker)",
      `/api/dashboard/unwatched-required-videos?userId=${ids.workerUserId}`,
      "worker",
      "dashboard",
    ),
    r("dashboard/project-stats", "/api/dashboard/project-stats", "admin", "dashboard"),
    // Training
    r("training-modules", "/api/training-modules", "admin", "page"),
    r("training-modules ?type", "/api/training-modules?type=fall_protection", "admin", "page"),
    r("training-modules/:id", `/api/training-modules/${ids.moduleId}`, "admin", "record"),
    r("workers/:id/trainings (worker)", `/api/workers/${ids.workerId}/trainings`, "worker", "record"),
    r("workers/:id/trainings/force-refresh (worker)", `/api/workers/${ids.workerId}/trainings/force-refresh`, "worker", "record"),
    // Videos
    r("safety-videos", "/api/safety-videos", "admin", "page"),
    r("safety-videos/:id", `/api/safety-videos/${ids.videoId}`, "admin", "record"),
    r("workers/:id/videos (worker)", `/api/workers/${ids.workerId}/videos`, "worker", "record"),
    r("workers/:id/required-videos (worker)", `/api/workers/${ids.workerId}/required-videos`, "worker", "record"),
    // OSHA recordkeeping (views over incident data, computed on every read)
    r("osha/300 (company establishment)", `/api/osha/300?establishmentId=${ids.establishmentId}&year=${ids.oshaYear}`, "admin", "page"),
    r("osha/300a (company establishment)", `/api/osha/300a?establishmentId=${ids.establishmentId}&year=${ids.oshaYear}`, "admin", "page"),
    r("osha/rates (every establishment)", `/api/osha/rates?year=${ids.oshaYear}`, "admin", "page"),
    r("bare (again, at the end)", "/api/bare", "anonymous", "ceiling"),
  ];
}
