import { trainingCompletionQuerySchema, unwatchedVideosQuerySchema } from "@sitesafe/domain";
import * as service from "../services/dashboard.js";
import { overdueFireWatches } from "../services/fireWatches.js";
import { authedProcedure, router } from "../trpc.js";

/** Procedures of the dashboard area: each a fixed number of queries, scoped by role (services/dashboard.ts). */
export const dashboardRouter = router({
  stats: authedProcedure.query(({ ctx }) => service.stats(ctx)),

  upcoming: authedProcedure.query(({ ctx }) => service.upcoming(ctx)),

  recentVideos: authedProcedure.query(({ ctx }) => service.recentVideos(ctx)),

  recentIncidents: authedProcedure.query(({ ctx }) => service.recentIncidents(ctx)),

  /**
   * Per module and per worker completion. `workerId` singles out one worker (staff: anyone; a
   * worker: only themselves, 403 otherwise); by default the viewer's own profile.
   */
  trainingCompletion: authedProcedure
    .input(trainingCompletionQuerySchema.optional())
    .query(({ ctx, input }) => service.trainingCompletion(ctx, input)),

  /** A worker's own required videos not yet completed; staff may ask about any user. */
  unwatchedRequiredVideos: authedProcedure
    .input(unwatchedVideosQuerySchema.optional())
    .query(({ ctx, input }) => service.unwatchedRequiredVideos(ctx, input)),

  /** The project table: every project for staff, the assigned ones for a worker. */
  projectStats: authedProcedure.query(({ ctx }) => service.projectStats(ctx)),

  /** Fire watches not signed off 15 minutes after their end, on the projects the caller sees. */
  overdueFireWatches: authedProcedure.query(({ ctx }) => overdueFireWatches(ctx)),
});
