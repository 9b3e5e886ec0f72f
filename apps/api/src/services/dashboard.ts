import { dashboard, workers } from "@sitesafe/db";
import {
  type Actor,
  canReadWorkerProgress,
  DASHBOARD_PROJECT_ROWS,
  DASHBOARD_RECENT_INCIDENTS_LIMIT,
  DASHBOARD_RECENT_VIDEOS_LIMIT,
  DASHBOARD_UPCOMING_LIMIT,
  DASHBOARD_UPCOMING_TRAINING_LIMIT,
  forbidden,
  isStaff,
  mergeUpcoming,
  type trainingCompletionQuerySchema,
  type unwatchedVideosQuerySchema,
} from "@sitesafe/domain";
import type { z } from "zod";
import type { ServiceContext } from "./context.js";

/** Application rules of the dashboard: each answer a fixed number of queries, scoped by role. */

/** Staff count everything; a worker counts their own records and their assigned projects'. */
function scopeOf(actor: Actor): dashboard.DashboardScope {
  return { kind: isStaff(actor) ? "all" : "worker", workerId: actor.workerId };
}

export async function stats(ctx: ServiceContext) {
  const scope = scopeOf(ctx.actor);
  if (scope.kind === "worker") {
    const [figures, incidents] = await Promise.all([dashboard.figures(ctx.db, scope), dashboard.incidentCount(ctx.db, scope)]);
    return { ...figures, incidentReports: incidents, userId: ctx.actor.userId };
  }
  // Staff: the company-wide cards (an average over every training record, a count of every incident
  // report) are the same for every staff member and are shared for a few seconds (figuresCache.ts,
  // docs/decisions/0128-staff-incident-count-shared.md); the viewer's own cards are read every time.
  const [own, company] = await Promise.all([
    dashboard.ownFigures(ctx.db, scope.workerId),
    ctx.figures.get("staffDashboard", async () => {
      const [figures, incidentReports] = await Promise.all([dashboard.companyFigures(ctx.db), dashboard.incidentCount(ctx.db, scope)]);
      return { ...figures, incidentReports };
    }),
  ]);
  return { ...own, ...company, userId: ctx.actor.userId };
}

export async function upcoming(ctx: ServiceContext) {
  const sources = await dashboard.upcomingSources(
    ctx.db,
    scopeOf(ctx.actor),
    new Date(),
    DASHBOARD_UPCOMING_LIMIT,
    DASHBOARD_UPCOMING_TRAINING_LIMIT,
  );
  return mergeUpcoming(sources, DASHBOARD_UPCOMING_LIMIT);
}

export function recentVideos(ctx: ServiceContext) {
  return dashboard.recentVideos(ctx.db, ctx.actor.workerId, new Date(), DASHBOARD_RECENT_VIDEOS_LIMIT);
}

export function recentIncidents(ctx: ServiceContext) {
  return dashboard.recentIncidents(ctx.db, scopeOf(ctx.actor), DASHBOARD_RECENT_INCIDENTS_LIMIT);
}

/**
 * Per module and per worker completion. `workerId` singles out one worker (staff: anyone; a
 * worker: only themselves, 403 otherwise); by default the viewer's own profile.
 */
export async function trainingCompletion(ctx: ServiceContext, input: z.infer<typeof trainingCompletionQuerySchema> | undefined) {
  const target = input?.workerId ?? ctx.actor.workerId;
  if (input?.workerId !== undefined && !canReadWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
  const scope = scopeOf(ctx.actor);
  // Staff figures cover every worker and training record and are the same for every staff member
  // (figuresCache.ts); a worker's are their own.
  const { modules, workers: rows } =
    scope.kind === "worker"
      ? await dashboard.trainingCompletion(ctx.db, scope)
      : await ctx.figures.get("staffTraining", () => dashboard.trainingCompletion(ctx.db, scope));
  const selected = target === null ? undefined : rows.find((r) => r.workerId === target);
  return {
    modules,
    worker: selected
      ? { completionPercentage: selected.completionPercentage, completedCount: selected.completedCount, totalModules: modules.length }
      : null,
    workerCompletionPercentages: Object.fromEntries(rows.map((r) => [String(r.workerId), r.completionPercentage])) as Record<
      string,
      number
    >,
  };
}

/** A worker's own required videos not yet completed; staff may ask about any user. */
export async function unwatchedRequiredVideos(ctx: ServiceContext, input: z.infer<typeof unwatchedVideosQuerySchema> | undefined) {
  const userId = input?.userId ?? ctx.actor.userId;
  if (userId !== ctx.actor.userId && !isStaff(ctx.actor)) throw forbidden();
  const workerId = userId === ctx.actor.userId ? ctx.actor.workerId : ((await workers.findWorkerByUserId(ctx.db, userId))?.id ?? null);
  if (workerId === null) return { count: 0, videos: [] };
  const videos = await dashboard.unwatchedRequiredVideos(ctx.db, workerId, new Date());
  return { count: videos.length, videos };
}

/** The project table: every project for staff, the assigned ones for a worker. */
export function projectStats(ctx: ServiceContext) {
  return dashboard.projectStats(ctx.db, scopeOf(ctx.actor), DASHBOARD_PROJECT_ROWS, ctx.projectFigures);
}
