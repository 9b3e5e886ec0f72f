import { audit, videos, workers } from "@sitesafe/db";
import {
  type attestVideoSchema,
  canReadWorkerProgress,
  canWriteWorkerProgress,
  type createVideoSchema,
  displayName,
  forbidden,
  notFound,
  type recordVideoProgressSchema,
  type updateVideoSchema,
  videoWithDefaults,
} from "@sitesafe/domain";
import type { z } from "zod";
import { assertCan } from "../context.js";
import type { ServiceContext } from "./context.js";
import { tellRequiredVideo } from "./trainingNotices.js";

/** Application rules of the safety videos area: who manages videos, whose progress is read or written, the audit rows. */

async function assertReadable(ctx: ServiceContext, workerId: number) {
  if (!canReadWorkerProgress(ctx.actor, workerId)) throw forbidden();
  if (!(await workers.workerExists(ctx.db, workerId))) throw notFound("Worker");
}

export async function recordProgress(ctx: ServiceContext, input: z.infer<typeof recordVideoProgressSchema>) {
  if (!canWriteWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
  if (!(await workers.workerExists(ctx.db, input.workerId))) throw notFound("Worker");
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

export async function findVideo(ctx: ServiceContext, id: number) {
  const video = await videos.findVideo(ctx.db, id);
  if (!video) throw notFound("Video");
  return video;
}

/** Admin and manager. */
export function createVideo(ctx: ServiceContext, input: z.infer<typeof createVideoSchema>) {
  assertCan(ctx.actor, "video.manage");
  return ctx.db.transaction().execute(async (trx) => {
    const video = await videos.insertVideo(trx, { ...storedValues(input), createdBy: ctx.user.id });
    // A required video already published: every worker is told, in this transaction (services/trainingNotices.ts).
    await tellRequiredVideo(trx, ctx.delivery, video, { userId: ctx.user.id, name: displayName(ctx.user) }, ctx.now());
    await audit.recordAudit(trx, {
      actor: ctx.actor,
      entity: "video",
      entityId: video.id,
      action: "created",
      details: { title: video.title },
    });
    return video;
  });
}

/** Admin and manager. */
export function updateVideo(ctx: ServiceContext, input: z.infer<typeof updateVideoSchema>) {
  assertCan(ctx.actor, "video.manage");
  const { id, ...fields } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const video = await videos.updateVideo(trx, id, storedValues(fields));
    if (!video) throw notFound("Video");
    await audit.recordAudit(trx, { actor: ctx.actor, entity: "video", entityId: id, action: "updated", details: { title: video.title } });
    return video;
  });
}

export async function workerVideos(ctx: ServiceContext, workerId: number) {
  await assertReadable(ctx, workerId);
  return videos.listWorkerVideos(ctx.db, workerId);
}

/** Stored apart from tracked completion. */
export async function selfAttest(ctx: ServiceContext, input: z.infer<typeof attestVideoSchema>) {
  if (!canWriteWorkerProgress(ctx.actor, input.workerId)) throw forbidden();
  if (!(await workers.workerExists(ctx.db, input.workerId))) throw notFound("Worker");
  if (!(await videos.videoExists(ctx.db, input.videoId))) throw notFound("Video");
  return ctx.db.transaction().execute(async (trx) => {
    const { record, firstTime } = await videos.attestWorkerVideo(trx, input);
    if (firstTime) {
      await audit.recordAudit(trx, {
        actor: ctx.actor,
        entity: "video",
        entityId: input.videoId,
        action: "self_attested",
        details: { workerId: input.workerId },
      });
    }
    return record;
  });
}

/** Required, published, not yet completed. */
export async function requiredVideos(ctx: ServiceContext, workerId: number) {
  await assertReadable(ctx, workerId);
  return videos.requiredVideosForWorker(ctx.db, workerId);
}
