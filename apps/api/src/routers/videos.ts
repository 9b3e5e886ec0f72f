import {
  attestVideoSchema,
  byIdSchema,
  canReadWorkerProgress,
  canWriteWorkerProgress,
  createVideoSchema,
  forbidden,
  notFound,
  recordVideoProgressSchema,
  updateVideoSchema,
  videoWithDefaults,
  workerVideosSchema,
} from "@sitesafe/domain";
import { audit, training, videos } from "@sitesafe/db";
import type { z } from "zod";
import { assertCan } from "../context.js";
import { authedProcedure, remembered, router } from "../trpc.js";
import type { Context } from "../context.js";
import { once } from "../services/idempotency.js";

type Authed = Context & { actor: NonNullable<Context["actor"]> };

async function assertReadable(ctx: Authed, workerId: number) {
  if (!canReadWorkerProgress(ctx.actor, workerId)) throw forbidden();
  if (!(await training.workerExists(ctx.db, workerId))) throw notFound("Worker");
}

async function recordProgress(ctx: Authed, input: z.infer<typeof recordVideoProgressSchema>) {
  if (!canWriteWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
  if (!(await training.workerExists(ctx.db, input.workerId))) throw notFound("Worker");
  if (!(await videos.videoExists(ctx.db, input.videoId))) throw notFound("Video");
  return videos.upsertWorkerVideo(ctx.db, input);
}

const storedValues = (input: z.infer<typeof createVideoSchema>) => {
  const v = videoWithDefaults(input);
  return {
    title: v.title,
    description: v.description,
    url: v.url,
    duration: v.duration,
    tags: v.tags,
    publishedAt: v.publishedAt,
    requiredWatchByDate: v.requiredWatchByDate,
    thumbnail: v.thumbnail,
  };
};

/** Procedures of the videos area. */
export const videosRouter = router({
  /** GET /api/safety-videos: newest first. */
  list: authedProcedure.query(remembered(({ ctx }) => videos.listVideos(ctx.db))),

  /** GET /api/safety-videos/:id. */
  byId: authedProcedure.input(byIdSchema).query(remembered(async ({ ctx, input }) => {
    const video = await videos.findVideo(ctx.db, input.id);
    if (!video) throw notFound("Video");
    return video;
  })),

  /** POST /api/safety-videos: admin and manager. */
  create: authedProcedure.input(createVideoSchema).mutation(once(async ({ ctx, input }) => {
    assertCan(ctx.actor, "video.manage");
    return ctx.db.transaction().execute(async (trx) => {
      const video = await videos.insertVideo(trx, { ...storedValues(input), createdBy: ctx.user.id });
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "video", entityId: video.id, action: "created", details: { title: video.title } });
      return video;
    });
  })),

  /** PUT /api/safety-videos/:id: admin and manager. */
  update: authedProcedure.input(updateVideoSchema).mutation(async ({ ctx, input }) => {
    assertCan(ctx.actor, "video.manage");
    const { id, ...fields } = input;
    return ctx.db.transaction().execute(async (trx) => {
      const video = await videos.updateVideo(trx, id, storedValues(fields));
      if (!video) throw notFound("Video");
      await audit.recordAudit(trx, { actor: ctx.actor, entity: "video", entityId: id, action: "updated", details: { title: video.title } });
      return video;
    });
  }),

  /** GET /api/workers/:workerId/videos. */
  workerVideos: authedProcedure.input(workerVideosSchema).query(remembered(async ({ ctx, input }) => {
    await assertReadable(ctx, input.workerId);
    return videos.listWorkerVideos(ctx.db, input.workerId);
  })),

  /** POST /api/workers/:workerId/videos. */
  createProgress: authedProcedure.input(recordVideoProgressSchema).mutation(once(({ ctx, input }) => recordProgress(ctx, input))),

  /** PUT /api/workers/:workerId/videos/:videoId. */
  updateProgress: authedProcedure.input(recordVideoProgressSchema).mutation(({ ctx, input }) => recordProgress(ctx, input)),

  /** POST /api/workers/:workerId/videos/:videoId/self-attest: stored apart from tracked completion. */
  selfAttest: authedProcedure.input(attestVideoSchema).mutation(async ({ ctx, input }) => {
    if (!canWriteWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
    if (!(await training.workerExists(ctx.db, input.workerId))) throw notFound("Worker");
    if (!(await videos.videoExists(ctx.db, input.videoId))) throw notFound("Video");
    return ctx.db.transaction().execute(async (trx) => {
      const { record, firstTime } = await videos.attestWorkerVideo(trx, input);
      if (firstTime) {
        await audit.recordAudit(trx, { actor: ctx.actor, entity: "video", entityId: input.videoId, action: "self_attested", details: { workerId: input.workerId } });
      }
      return record;
    });
  }),

  /** GET /api/workers/:workerId/required-videos: required, published, not yet completed. */
  requiredVideos: authedProcedure.input(workerVideosSchema).query(remembered(async ({ ctx, input }) => {
    await assertReadable(ctx, input.workerId);
    return videos.requiredVideosForWorker(ctx.db, input.workerId);
  })),
});
