import { type ComplianceStatus, complianceStatus, type UpcomingItem } from "@sitesafe/domain";
import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Database, IncidentSeverity, IncidentStatus, VideoStatus } from "../types.js";
import { projectFiguresOf, withFigures, workerComplianceQuery } from "./compliance.js";

// Queries for the dashboard area: each takes the database (or a transaction) first. Every function
// runs a fixed number of queries (aggregates and joins), however much data there is.

/**
 * What the viewer may count. Staff ("all") see every project; a worker sees their assigned
 * projects only. `workerId` is the viewer's own worker profile (managers may have one too), for
 * their own training, videos and assignments; null when they have none.
 */
export interface DashboardScope {
  kind: "all" | "worker";
  workerId: number | null;
}

/** Sentinel that matches no row, for viewers without a worker profile. */
const NO_WORKER = -1;

export interface DashboardStats {
  workerAssignedProjects: number;
  workerTrainingCompletion: number;
  activeProjects: number;
  registeredWorkers: number;
  safetyCompliance: number;
  incidentReports: number;
}

/** The stat cards other than the incident count (`incidentCount`): projects, workers, training. */
export type DashboardFigures = Omit<DashboardStats, "incidentReports">;

/**
 * The stat cards but the incident count, in one query. Staff: every active project, every worker,
 * the mean compliance of all workers (100 with none). A worker: their assigned active projects,
 * the workers on their projects and those workers' mean compliance.
 *
 * Apart from `incidentCount`, which is cheap and changes all day. For staff the company-wide cards
 * (`companyFigures`, an average over every training record) are the costly part and the same for
 * every staff member, so the server may reuse them for a few seconds (apps/api/src/figuresCache.ts);
 * the viewer's own cards (`ownFigures`) are read on every request.
 */
export async function figures(db: Kysely<Database>, scope: DashboardScope): Promise<DashboardFigures> {
  const w = scope.workerId ?? NO_WORKER;
  const all = scope.kind === "all";
  const assignedProjects = db.selectFrom("projectWorkers").select("projectId").where("workerId", "=", w);
  const colleagues = db.selectFrom("projectWorkers").select("workerId").where("projectId", "in", assignedProjects);
  const row = await db
    .selectNoFrom((eb) => [
      ...ownCards(db, eb, w),
      eb
        .selectFrom("projects")
        .select((e) => e.fn.countAll<number>().as("n"))
        .where("status", "=", "active")
        .$if(!all, (q) => q.where("id", "in", assignedProjects))
        .as("activeProjects"),
      eb
        .selectFrom("workers")
        .select((e) => e.fn.countAll<number>().as("n"))
        .$if(!all, (q) => q.where("id", "in", colleagues))
        .as("registeredWorkers"),
      eb
        .selectFrom(
          workerComplianceQuery(db)
            .$if(!all, (q) => q.where("w.id", "in", colleagues))
            .as("wc"),
        )
        .select(sql<number>`coalesce(round(avg(wc.compliance)), 100)`.as("mean"))
        .as("safetyCompliance"),
    ])
    .executeTakeFirstOrThrow();
  return {
    workerAssignedProjects: Number(row.workerAssignedProjects ?? 0),
    workerTrainingCompletion: Number(row.workerTrainingCompletion ?? 0),
    activeProjects: Number(row.activeProjects ?? 0),
    registeredWorkers: Number(row.registeredWorkers ?? 0),
    safetyCompliance: Number(row.safetyCompliance ?? 100),
  };
}

/** The viewer's own cards: their assigned projects and their own training completion. */
// biome-ignore lint/suspicious/noExplicitAny: the expression builder of any select without a FROM
function ownCards(db: Kysely<Database>, eb: ExpressionBuilder<any, any>, w: number) {
  return [
    eb
      .selectFrom("projectWorkers")
      .select((e) => e.fn.countAll<number>().as("n"))
      .where("workerId", "=", w)
      .as("workerAssignedProjects"),
    eb
      .selectFrom(workerComplianceQuery(db).where("w.id", "=", w).as("own"))
      .select("own.compliance")
      .as("workerTrainingCompletion"),
  ];
}

/** The staff dashboard's cards that are the same for every staff member. */
export type CompanyFigures = Pick<DashboardFigures, "activeProjects" | "registeredWorkers" | "safetyCompliance">;

/** Every active project, every worker and their mean compliance: one query over every training record. */
export async function companyFigures(db: Kysely<Database>): Promise<CompanyFigures> {
  const { activeProjects, registeredWorkers, safetyCompliance } = await figures(db, { kind: "all", workerId: null });
  return { activeProjects, registeredWorkers, safetyCompliance };
}

/** The viewer's own cards alone, in one short query (indexed by worker). */
export async function ownFigures(
  db: Kysely<Database>,
  workerId: number | null,
): Promise<Pick<DashboardFigures, "workerAssignedProjects" | "workerTrainingCompletion">> {
  const row = await db.selectNoFrom((eb) => ownCards(db, eb, workerId ?? NO_WORKER)).executeTakeFirstOrThrow();
  return {
    workerAssignedProjects: Number(row.workerAssignedProjects ?? 0),
    workerTrainingCompletion: Number(row.workerTrainingCompletion ?? 0),
  };
}

/** The incident card: every incident for staff, the incidents of a worker's assigned projects. */
export async function incidentCount(db: Kysely<Database>, scope: DashboardScope): Promise<number> {
  const w = scope.workerId ?? NO_WORKER;
  const row = await db
    .selectFrom("incidentReports")
    .select((e) => e.fn.countAll<number>().as("n"))
    .$if(scope.kind !== "all", (q) =>
      q.where("projectId", "in", db.selectFrom("projectWorkers").select("projectId").where("workerId", "=", w)),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * Upcoming items from three sources, in three queries, each already limited: required videos
 * coming due (a worker's completed ones left out), approved or pending hot work permits starting
 * later on visible projects, and the viewer's training modules not yet completed (due now, at
 * most `trainingLimit` of them). The caller merges them in time order.
 */
export async function upcomingSources(
  db: Kysely<Database>,
  scope: DashboardScope,
  now: Date,
  limit: number,
  trainingLimit: number,
): Promise<UpcomingItem[][]> {
  const w = scope.workerId ?? NO_WORKER;
  const videos = await db
    .selectFrom("safetyVideos as v")
    .select(["v.id", "v.title", "v.duration", "v.publishedAt", "v.requiredWatchByDate"])
    .where("v.requiredWatchByDate", ">", now)
    .$if(scope.kind === "worker", (q) =>
      q.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("workerVideos as wv")
              .select("wv.id")
              .whereRef("wv.videoId", "=", "v.id")
              .where("wv.workerId", "=", w)
              .where("wv.status", "=", "completed"),
          ),
        ),
      ),
    )
    .orderBy("v.requiredWatchByDate")
    .orderBy("v.id")
    .limit(limit)
    .execute();

  const permits = await db
    .selectFrom("hotWorkPermits as h")
    .innerJoin("projects as p", "p.id", "h.projectId")
    .select(["h.id", "h.title", "h.status", "h.startDate", "h.location", "p.name as projectName"])
    .where("h.status", "in", ["approved", "pending"])
    .where("h.startDate", ">", now)
    .$if(scope.kind === "worker", (q) =>
      q.where("h.projectId", "in", db.selectFrom("projectWorkers").select("projectId").where("workerId", "=", w)),
    )
    .orderBy("h.startDate")
    .orderBy("h.id")
    .limit(limit)
    .execute();

  const training =
    scope.workerId === null
      ? []
      : await db
          .selectFrom("trainingModules as m")
          .leftJoin("workerTrainings as wt", (join) => join.onRef("wt.moduleId", "=", "m.id").on("wt.workerId", "=", w))
          .select(["m.id", "m.title", "m.duration", "wt.status", "wt.progress"])
          .where((eb) => eb.or([eb("wt.status", "is", null), eb("wt.status", "<>", "completed")]))
          .orderBy("m.id")
          .limit(trainingLimit)
          .execute();

  return [
    videos.map((v) => ({
      id: `video-${v.id}`,
      type: "video" as const,
      title: v.title,
      datetime: v.requiredWatchByDate ?? now,
      details: `Required safety video (${formatDuration(v.duration)}) - watch by the deadline`,
    })),
    permits.map((p) => ({
      id: `permit-${p.id}`,
      type: "other" as const,
      title: `Hot work: ${p.title}`,
      datetime: p.startDate,
      details: `${p.status === "approved" ? "Approved" : "Pending approval"} - ${p.projectName}, ${p.location}`,
    })),
    training.map((m) => ({
      id: `training-${m.id}`,
      type: "training" as const,
      title: m.title,
      datetime: now,
      details:
        m.status === "in_progress"
          ? `Required training in progress (${m.progress}%) - ${m.duration} min`
          : `Required training not started - ${m.duration} min`,
    })),
  ];
}

export interface RecentVideo {
  id: number;
  title: string;
  duration: number;
  publishedAt: Date;
  requiredWatchByDate: Date | null;
  thumbnail: string | null;
  /** The viewer's own progress; null when they have no worker profile or have not started. */
  progress: { status: VideoStatus; watchedPercentage: number } | null;
}

/** The newest published videos with the viewer's real progress, in one query. */
export async function recentVideos(db: Kysely<Database>, workerId: number | null, now: Date, limit: number): Promise<RecentVideo[]> {
  const rows = await db
    .selectFrom("safetyVideos as v")
    .leftJoin("workerVideos as wv", (join) => join.onRef("wv.videoId", "=", "v.id").on("wv.workerId", "=", workerId ?? NO_WORKER))
    .select(["v.id", "v.title", "v.duration", "v.publishedAt", "v.requiredWatchByDate", "v.thumbnail", "wv.status", "wv.watchedPercentage"])
    .where("v.publishedAt", "<=", now)
    .orderBy("v.publishedAt", "desc")
    .orderBy("v.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(({ status, watchedPercentage, ...video }) => ({
    ...video,
    progress: status === null || watchedPercentage === null ? null : { status, watchedPercentage },
  }));
}

export interface RecentIncident {
  id: number;
  title: string;
  projectId: number;
  projectName: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  date: string;
  location: string;
  description: string;
}

/** The latest incidents (by date, then newest id) with their real project name; a worker's from their projects only. */
export async function recentIncidents(db: Kysely<Database>, scope: DashboardScope, limit: number): Promise<RecentIncident[]> {
  return db
    .selectFrom("incidentReports as i")
    .innerJoin("projects as p", "p.id", "i.projectId")
    .select(["i.id", "i.title", "i.projectId", "p.name as projectName", "i.severity", "i.status", "i.date", "i.location", "i.description"])
    .$if(scope.kind === "worker", (q) =>
      q.where(
        "i.projectId",
        "in",
        db
          .selectFrom("projectWorkers")
          .select("projectId")
          .where("workerId", "=", scope.workerId ?? NO_WORKER),
      ),
    )
    .orderBy("i.date", "desc")
    .orderBy("i.id", "desc")
    .limit(limit)
    .execute();
}

export interface ModuleCompletion {
  moduleId: number;
  title: string;
  percentage: number;
  completedCount: number;
  requiredCount: number;
}

export interface WorkerCompletion {
  workerId: number;
  completionPercentage: number;
  completedCount: number;
}

/**
 * Training completion in two queries. Staff count every worker; a worker counts only themselves.
 * Per module: the share of counted workers who completed it (0 with nobody counted).
 * Per worker: the product's overall training percentage and completed modules.
 */
export async function trainingCompletion(
  db: Kysely<Database>,
  scope: DashboardScope,
): Promise<{ modules: ModuleCompletion[]; workers: WorkerCompletion[] }> {
  const own = scope.kind === "worker";
  const w = scope.workerId ?? NO_WORKER;
  const modules = await db
    .selectFrom("trainingModules as m")
    .leftJoin("workerTrainings as wt", (join) => {
      const completed = join.onRef("wt.moduleId", "=", "m.id").on("wt.status", "=", "completed");
      return own ? completed.on("wt.workerId", "=", w) : completed;
    })
    .select((eb) => [
      "m.id as moduleId",
      "m.title",
      eb.fn.count<number>("wt.id").as("completedCount"),
      eb
        .selectFrom("workers")
        .select((e) => e.fn.countAll<number>().as("n"))
        .$if(own, (q) => q.where("id", "=", w))
        .as("requiredCount"),
    ])
    .groupBy(["m.id", "m.title"])
    .orderBy("m.id")
    .execute();

  const workers = await workerComplianceQuery(db)
    .select(sql<number>`count(wt.id) filter (where wt.status = 'completed')`.as("completedCount"))
    .$if(own, (q) => q.where("w.id", "=", w))
    .orderBy("w.id")
    .execute();

  return {
    modules: modules.map((m) => {
      const requiredCount = Number(m.requiredCount ?? 0);
      const completedCount = Number(m.completedCount);
      return {
        moduleId: m.moduleId,
        title: m.title,
        completedCount,
        requiredCount,
        percentage: requiredCount === 0 ? 0 : Math.round((100 * completedCount) / requiredCount),
      };
    }),
    workers: workers.map((r) => ({
      workerId: r.workerId,
      completionPercentage: Number(r.compliance),
      completedCount: Number(r.completedCount),
    })),
  };
}

export interface UnwatchedVideo {
  id: number;
  title: string;
  duration: number;
  publishedAt: Date;
  requiredWatchByDate: Date | null;
  watchedPercentage: number;
}

/** Published videos with a required-by date that this worker has not completed (overdue ones too), due first. */
export async function unwatchedRequiredVideos(db: Kysely<Database>, workerId: number, now: Date): Promise<UnwatchedVideo[]> {
  const rows = await db
    .selectFrom("safetyVideos as v")
    .leftJoin("workerVideos as wv", (join) => join.onRef("wv.videoId", "=", "v.id").on("wv.workerId", "=", workerId))
    .select(["v.id", "v.title", "v.duration", "v.publishedAt", "v.requiredWatchByDate", "wv.watchedPercentage"])
    .where("v.requiredWatchByDate", "is not", null)
    .where("v.publishedAt", "<=", now)
    .where((eb) => eb.or([eb("wv.status", "is", null), eb("wv.status", "<>", "completed")]))
    .orderBy("v.requiredWatchByDate")
    .orderBy("v.id")
    .execute();
  return rows.map((r) => ({ ...r, watchedPercentage: r.watchedPercentage ?? 0 }));
}

export interface ProjectStatsRow {
  id: number;
  name: string;
  location: string;
  status: string;
  workerCount: number;
  compliancePercentage: number;
  complianceStatus: ComplianceStatus;
}

/** The dashboard's project table: active projects first, then by name; a worker's assigned ones only. */
export async function projectStats(
  db: Kysely<Database>,
  scope: DashboardScope,
  limit: number,
  figures = projectFiguresOf(db),
): Promise<ProjectStatsRow[]> {
  const activeFirst = sql`case when p.status = 'active' then 0 else 1 end`;
  // The rows shown first, then the figures of those only (not of every project on the site).
  const shown = db
    .selectFrom("projects as p")
    .select("p.id")
    .$if(scope.kind === "worker", (q) =>
      q.where(
        "p.id",
        "in",
        db
          .selectFrom("projectWorkers")
          .select("projectId")
          .where("workerId", "=", scope.workerId ?? NO_WORKER),
      ),
    )
    .orderBy(activeFirst)
    .orderBy("p.name")
    .orderBy("p.id")
    .limit(limit);
  const rows = await db
    .selectFrom("projects as p")
    .select(["p.id", "p.name", "p.location", "p.status"])
    .where("p.id", "in", shown)
    .orderBy(activeFirst)
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  return withFigures(rows, await figures(rows.map((r) => r.id))).map((r) => ({
    ...r,
    complianceStatus: complianceStatus(r.compliancePercentage),
  }));
}
