import { videos } from "@sitesafe/db";
import {
  attestVideoSchema,
  byIdSchema,
  createVideoSchema,
  recordVideoProgressSchema,
  updateVideoSchema,
  workerVideosSchema,
} from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { get, post, put } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as service from "../services/videos.js";
import { actionProcedure, authedProcedure, router } from "../trpc.js";

/** Procedures of the videos area: each its input schema, its permission, one call to services/videos.ts. */
export const videosRouter = router({
  /** GET /api/safety-videos: newest first. */
  list: authedProcedure
    .meta({ rest: get("/api/safety-videos"), output: out.list(out.video) })
    .query(({ ctx }) => videos.listVideos(ctx.db)),

  /** GET /api/safety-videos/:id. */
  byId: authedProcedure
    .meta({ rest: get("/api/safety-videos/:id"), output: out.video })
    .input(byIdSchema)
    .query(({ ctx, input }) => service.findVideo(ctx, input.id)),

  /** POST /api/safety-videos: admin and manager. */
  create: actionProcedure("video.manage")
    .meta({ rest: post("/api/safety-videos"), output: out.video })
    .input(createVideoSchema)
    .mutation(once(({ ctx, input }) => service.createVideo(ctx, input))),

  /** PUT /api/safety-videos/:id: admin and manager. */
  update: actionProcedure("video.manage")
    .meta({ rest: put("/api/safety-videos/:id"), output: out.video })
    .input(updateVideoSchema)
    .mutation(({ ctx, input }) => service.updateVideo(ctx, input)),

  /** GET /api/workers/:workerId/videos. */
  workerVideos: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/videos"), output: out.list(out.videoRecord) })
    .input(workerVideosSchema)
    .query(({ ctx, input }) => service.workerVideos(ctx, input.workerId)),

  /** POST /api/workers/:workerId/videos. */
  createProgress: authedProcedure
    .meta({ rest: post("/api/workers/:workerId/videos"), output: out.videoRecord })
    .input(recordVideoProgressSchema)
    .mutation(once(({ ctx, input }) => service.recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/videos/:videoId. */
  updateProgress: authedProcedure
    .meta({ rest: put("/api/workers/:workerId/videos/:videoId"), output: out.videoRecord })
    .input(recordVideoProgressSchema)
    .mutation(({ ctx, input }) => service.recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/videos/:videoId/self-attest: stored apart from tracked completion. */
  selfAttest: authedProcedure
    .meta({ rest: post("/api/workers/:workerId/videos/:videoId/self-attest", { status: 200 }), output: out.videoRecord })
    .input(attestVideoSchema)
    .mutation(({ ctx, input }) => service.selfAttest(ctx, input)),

  /** GET /api/workers/:workerId/required-videos: required, published, not yet completed. */
  requiredVideos: authedProcedure
    .meta({ rest: get("/api/workers/:workerId/required-videos"), output: out.list(out.video) })
    .input(workerVideosSchema)
    .query(({ ctx, input }) => service.requiredVideos(ctx, input.workerId)),
});
