import { videos } from "@sitesafe/db";
import {
  attestVideoSchema,
  byIdSchema,
  createVideoSchema,
  recordVideoProgressSchema,
  updateVideoSchema,
  workerVideosSchema,
} from "@sitesafe/domain";
import { once } from "../services/idempotency.js";
import * as service from "../services/videos.js";
import { actionProcedure, authedProcedure, router } from "../trpc.js";

/** Procedures of the videos area: each its input schema, its permission, one call to services/videos.ts. */
export const videosRouter = router({
  /** GET /api/safety-videos: newest first. */
  list: authedProcedure.query(({ ctx }) => videos.listVideos(ctx.db)),

  /** GET /api/safety-videos/:id. */
  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => service.findVideo(ctx, input.id)),

  /** POST /api/safety-videos: admin and manager. */
  create: actionProcedure("video.manage")
    .input(createVideoSchema)
    .mutation(once(({ ctx, input }) => service.createVideo(ctx, input))),

  /** PUT /api/safety-videos/:id: admin and manager. */
  update: actionProcedure("video.manage")
    .input(updateVideoSchema)
    .mutation(({ ctx, input }) => service.updateVideo(ctx, input)),

  /** GET /api/workers/:workerId/videos. */
  workerVideos: authedProcedure.input(workerVideosSchema).query(({ ctx, input }) => service.workerVideos(ctx, input.workerId)),

  /** POST /api/workers/:workerId/videos. */
  createProgress: authedProcedure.input(recordVideoProgressSchema).mutation(once(({ ctx, input }) => service.recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/videos/:videoId. */
  updateProgress: authedProcedure.input(recordVideoProgressSchema).mutation(({ ctx, input }) => service.recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/videos/:videoId/self-attest: stored apart from tracked completion. */
  selfAttest: authedProcedure.input(attestVideoSchema).mutation(({ ctx, input }) => service.selfAttest(ctx, input)),

  /** GET /api/workers/:workerId/required-videos: required, published, not yet completed. */
  requiredVideos: authedProcedure.input(workerVideosSchema).query(({ ctx, input }) => service.requiredVideos(ctx, input.workerId)),
});
