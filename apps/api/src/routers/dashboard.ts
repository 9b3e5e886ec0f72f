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
  trainingCompletionQuerySchema,
  unwatchedVideosQuerySchema,
} from "@sitesafe/domain";
import { dashboard, workers } from "@sitesafe/db";
import { authedProcedure, remembered, router } from "../trpc.js";

/** Staff count everything; a worker counts their own records and their assigned projects'. */
function scopeOf(actor: Actor): dashboard.DashboardScope {
  return { kind: isStaff(actor) ? "all" : "worker", workerId: actor.workerId };
}


/** Procedures of the dashboard area: each a fixed number of queries, scoped by role. */
export const dashboardRouter = router({
  stats: authedProcedure.query(remembered(async ({ ctx }) => {
    const scope = scopeOf(ctx.actor);
    // The company-wide figures are the same for every admin and manager and average every training
    // record on the site (~60 ms at 100,000 records): computed once per change of the data and
    // shared. Workers' figures are their own.
    const figures = scope.kind === "worker" ? await dashboard.stats(ctx.db, scope) : await ctx.shared("dashboard.staffStats", () => dashboard.stats(ctx.db, scope));
    return { ...figures, userId: ctx.actor.userId };
  })),

  upcoming: authedProcedure.query(remembered(async ({ ctx }) => {
    const sources = await dashboard.upcomingSources(ctx.db, scopeOf(ctx.actor), new Date(), DASHBOARD_UPCOMING_LIMIT, DASHBOARD_UPCOMING_TRAINING_LIMIT);
    return mergeUpcoming(sources, DASHBOARD_UPCOMING_LIMIT);
  })),

  recentVideos: authedProcedure.query(remembered(({ ctx }) =>
    dashboard.recentVideos(ctx.db, ctx.actor.workerId, new Date(), DASHBOARD_RECENT_VIDEOS_LIMIT),
  )),

  recentIncidents: authedProcedure.query(remembered(({ ctx }) =>
    dashboard.recentIncidents(ctx.db, scopeOf(ctx.actor), DASHBOARD_RECENT_INCIDENTS_LIMIT),
  )),

  /**
   * Per module and per worker completion. `workerId` singles out one worker (staff: anyone; a
   * worker: only themselves, 403 otherwise); by default the viewer's own profile.
   */
  trainingCompletion: authedProcedure.input(trainingCompletionQuerySchema.optional()).query(remembered(async ({ ctx, input }) => {
    const target = input?.workerId ?? ctx.actor.workerId;
    if (input?.workerId !== undefined && !canReadWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
    const scope = scopeOf(ctx.actor);
    // Staff figures aggregate every training record of the company (like the stats above): the
    // same for every admin and manager, so they are shared for a few seconds.
    const { modules, workers: rows } =
      scope.kind === "worker" ? await dashboard.trainingCompletion(ctx.db, scope) : await ctx.shared("dashboard.staffTraining", () => dashboard.trainingCompletion(ctx.db, scope));
    const selected = target === null ? undefined : rows.find((r) => r.workerId === target);
    return {
      modules,
      worker: selected
        ? { completionPercentage: selected.completionPercentage, completedCount: selected.completedCount, totalModules: modules.length }
        : null,
      workerCompletionPercentages: Object.fromEntries(rows.map((r) => [String(r.workerId), r.completionPercentage])) as Record<string, number>,
    };
  })),

  /** A worker's own required videos not yet completed; staff may ask about any user. */
  unwatchedRequiredVideos: authedProcedure.input(unwatchedVideosQuerySchema.optional()).query(remembered(async ({ ctx, input }) => {
    const userId = input?.userId ?? ctx.actor.userId;
    if (userId !== ctx.actor.userId && !isStaff(ctx.actor)) throw forbidden();
    const workerId = userId === ctx.actor.userId ? ctx.actor.workerId : ((await workers.findWorkerByUserId(ctx.db, userId))?.id ?? null);
    if (workerId === null) return { count: 0, videos: [] };
    const videos = await dashboard.unwatchedRequiredVideos(ctx.db, workerId, new Date());
    return { count: videos.length, videos };
  })),

  /** The project table: every project for staff, the assigned ones for a worker. */
  projectStats: authedProcedure.query(remembered(({ ctx }) => dashboard.projectStats(ctx.db, scopeOf(ctx.actor), DASHBOARD_PROJECT_ROWS, ctx.projectFigures))),
});
