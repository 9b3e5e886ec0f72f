import { trainingCompletionQuerySchema, unwatchedVideosQuerySchema } from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { get } from "../rest/meta.js";
import * as service from "../services/dashboard.js";
import { overdueFireWatches } from "../services/fireWatches.js";
import { authedProcedure, router } from "../trpc.js";

/** Procedures of the dashboard area: each a fixed number of queries, scoped by role (services/dashboard.ts). */
export const dashboardRouter = router({
  stats: authedProcedure.meta({ rest: get("/api/dashboard/stats"), output: out.dashboardStats }).query(({ ctx }) => service.stats(ctx)),

  upcoming: authedProcedure
    .meta({ rest: get("/api/dashboard/upcoming"), output: out.dashboardUpcoming })
    .query(({ ctx }) => service.upcoming(ctx)),

  recentVideos: authedProcedure
    .meta({ rest: get("/api/dashboard/recent-videos"), output: out.dashboardRecentVideos })
    .query(({ ctx }) => service.recentVideos(ctx)),

  recentIncidents: authedProcedure
    .meta({ rest: get("/api/dashboard/recent-incidents"), output: out.dashboardRecentIncidents })
    .query(({ ctx }) => service.recentIncidents(ctx)),

  /**
   * Per module and per worker completion. `workerId` singles out one worker (staff: anyone; a
   * worker: only themselves, 403 otherwise); by default the viewer's own profile.
   */
  trainingCompletion: authedProcedure
    .meta({ rest: get("/api/dashboard/training-completion"), output: out.dashboardTrainingCompletion })
    .input(trainingCompletionQuerySchema.optional())
    .query(({ ctx, input }) => service.trainingCompletion(ctx, input)),

  /** A worker's own required videos not yet completed; staff may ask about any user. */
  unwatchedRequiredVideos: authedProcedure
    .meta({ rest: get("/api/dashboard/unwatched-required-videos"), output: out.dashboardUnwatchedRequiredVideos })
    .input(unwatchedVideosQuerySchema.optional())
    .query(({ ctx, input }) => service.unwatchedRequiredVideos(ctx, input)),

  /** The project table: every project for staff, the assigned ones for a worker. */
  projectStats: authedProcedure
    .meta({ rest: get("/api/dashboard/project-stats"), output: out.dashboardProjectStats })
    .query(({ ctx }) => service.projectStats(ctx)),

  /** Fire watches not signed off 15 minutes after their end, on the projects the caller sees. */
  overdueFireWatches: authedProcedure
    .meta({ rest: get("/api/dashboard/overdue-fire-watches"), output: out.list(out.overdueFireWatch) })
    .query(({ ctx }) => overdueFireWatches(ctx)),
});
