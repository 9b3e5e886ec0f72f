import { type Database, notifications } from "@sitesafe/db";
import type { Kysely } from "kysely";
import type { QueueDefinition } from "../jobs/queue.js";
import { type Delivery, notify } from "./notifications.js";

/**
 * Training notices (docs/notifications.md): a required safety video published and a training
 * module added reach every worker (every module and every required video is required of each
 * worker: docs/product.md), and a weekly digest tells each worker what they still have to finish.
 * Through the same pipeline as every notification: the bell, e-mail and push by each one's choices.
 */

/** Workers are told in pages of this many: each page one insert of rows. */
const PAGE = 500;

/** Every worker, page by page: `each` is called with up to PAGE of them. */
async function forEachWorkerPage(db: Kysely<Database>, each: (page: notifications.Recipient[]) => Promise<void>): Promise<void> {
  let after = 0;
  for (;;) {
    const page = await notifications.workerRecipients(db, after, PAGE);
    if (page.length === 0) return;
    await each(page);
    const last = page[page.length - 1];
    if (!last || page.length < PAGE) return;
    after = last.userId;
  }
}

/** In the video's creating transaction: a required video already published tells every worker. */
export async function tellRequiredVideo(
  trx: Kysely<Database>,
  delivery: Delivery | undefined,
  video: { id: number; title: string; publishedAt: Date; requiredWatchByDate: Date | null },
  by: { userId: number; name: string },
  now: Date,
): Promise<void> {
  if (!video.requiredWatchByDate || video.publishedAt.getTime() > now.getTime()) return;
  await forEachWorkerPage(trx, async (recipients) => {
    await notify(trx, {
      kind: "video.required",
      entity: "video",
      entityId: video.id,
      projectId: null,
      params: { title: video.title, by: by.name, dueAt: video.requiredWatchByDate?.toISOString() ?? null },
      recipients,
      delivery,
      except: by.userId,
      now,
    });
  });
}

/** In the module's creating transaction: a new module is required training of every worker. */
export async function tellModuleAssigned(
  trx: Kysely<Database>,
  delivery: Delivery | undefined,
  module: { id: number; title: string },
  by: { userId: number; name: string },
  now: Date,
): Promise<void> {
  await forEachWorkerPage(trx, async (recipients) => {
    await notify(trx, {
      kind: "training.assigned",
      entity: "trainingModule",
      entityId: module.id,
      projectId: null,
      params: { title: module.title, by: by.name },
      recipients,
      delivery,
      except: by.userId,
      now,
    });
  });
}

/** The weekly digest's queue; its schedule is DIGEST_CRON in DIGEST_TIME_ZONE (config.ts). */
export const DIGEST_QUEUE: QueueDefinition = { name: "training-digest", retryLimit: 3, retryDelay: 60, expireInSeconds: 900 };

const WEEK_MS = 7 * 24 * 3600_000;
/** The digest's week: whole weeks since 1970-01-01, kept as the notification's entity id, so a week's digest is sent once. */
export const digestWeek = (now: Date): number => Math.floor(now.getTime() / WEEK_MS);

/**
 * The digest job: each worker with required training or videos still to finish is told how many;
 * a worker with nothing outstanding is not. Once a week per worker: a retried or doubled job skips
 * those already told this week. Each page of workers is one transaction.
 */
export async function sendTrainingDigest(db: Kysely<Database>, delivery: Delivery | undefined, now: Date): Promise<number[]> {
  const week = digestWeek(now);
  const told: number[] = [];
  await forEachWorkerPage(db, async (page) => {
    await db.transaction().execute(async (trx) => {
      const ids = page.map((r) => r.userId);
      const done = await notifications.alreadyTold(trx, ids, "training.digest", week);
      const outstanding = await notifications.outstandingTraining(trx, ids, now);
      for (const row of outstanding) {
        if (done.has(row.userId) || (row.modules === 0 && row.videos === 0)) continue;
        const recipient = page.find((r) => r.userId === row.userId);
        if (!recipient) continue;
        const sent = await notify(trx, {
          kind: "training.digest",
          entity: "trainingDigest",
          entityId: week,
          projectId: null,
          params: { modules: row.modules, videos: row.videos },
          recipients: [recipient],
          delivery,
          now,
        });
        told.push(...sent);
      }
    });
  });
  return told;
}
