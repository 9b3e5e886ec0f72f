import type { VideoStatus } from "@sitesafe/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../types.js";

/** Queries for the videos area: each takes the database (or a transaction) first. */

export interface SafetyVideo {
  id: number;
  title: string;
  description: string;
  url: string;
  duration: number;
  publishedAt: Date;
  requiredWatchByDate: Date | null;
  thumbnail: string | null;
  tags: string[];
  createdAt: Date;
}

const videoColumns = [
  "id",
  "title",
  "description",
  "url",
  "duration",
  "publishedAt",
  "requiredWatchByDate",
  "thumbnail",
  "tags",
  "createdAt",
] as const;

export interface VideoValues {
  title: string;
  description: string;
  url: string;
  duration: number;
  publishedAt: Date;
  requiredWatchByDate: Date | null;
  thumbnail: string | null;
  tags: string[];
}

/** Newest first by publish date. */
export async function listVideos(db: Kysely<Database>): Promise<SafetyVideo[]> {
  return db.selectFrom("safetyVideos").select(videoColumns).orderBy("publishedAt", "desc").orderBy("id", "desc").execute();
}

export async function findVideo(db: Kysely<Database>, id: number): Promise<SafetyVideo | undefined> {
  return db.selectFrom("safetyVideos").select(videoColumns).where("id", "=", id).executeTakeFirst();
}

export async function insertVideo(db: Kysely<Database>, video: VideoValues & { createdBy: number | null }): Promise<SafetyVideo> {
  return db
    .insertInto("safetyVideos")
    .values({ ...video, tags: JSON.stringify(video.tags) })
    .returning(videoColumns)
    .executeTakeFirstOrThrow();
}

export async function updateVideo(db: Kysely<Database>, id: number, video: VideoValues): Promise<SafetyVideo | undefined> {
  return db
    .updateTable("safetyVideos")
    .set({ ...video, tags: JSON.stringify(video.tags) })
    .where("id", "=", id)
    .returning(videoColumns)
    .executeTakeFirst();
}

export async function videoExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("safetyVideos").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

export interface WorkerVideo {
  id: number;
  workerId: number;
  videoId: number;
  status: VideoStatus;
  watchedPercentage: number;
  lastWatchedAt: Date | null;
  /** When the worker said "I watched this" without the player reporting; apart from status. */
  selfAttestedAt: Date | null;
}

const workerVideoColumns = ["id", "workerId", "videoId", "status", "watchedPercentage", "lastWatchedAt", "selfAttestedAt"] as const;

export async function listWorkerVideos(db: Kysely<Database>, workerId: number): Promise<WorkerVideo[]> {
  return db.selectFrom("workerVideos").select(workerVideoColumns).where("workerId", "=", workerId).orderBy("videoId", "asc").execute();
}

/**
 * One statement: the watched percentage never goes down (GREATEST), the status follows it
 * (completed at 95 or more), so two tabs saving at once cannot undo a completion.
 */
export async function upsertWorkerVideo(
  db: Kysely<Database>,
  input: { workerId: number; videoId: number; watchedPercentage: number },
): Promise<WorkerVideo> {
  const { workerId, videoId, watchedPercentage } = input;
  const result = await sql<{ id: number }>`
    insert into worker_videos as wv (worker_id, video_id, watched_percentage, status, last_watched_at)
    values (
      ${workerId}, ${videoId}, ${watchedPercentage},
      case when ${watchedPercentage}::int >= 95 then 'completed' else 'partially_watched' end,
      now()
    )
    on conflict (worker_id, video_id) do update set
      watched_percentage = greatest(wv.watched_percentage, excluded.watched_percentage),
      status = case when greatest(wv.watched_percentage, excluded.watched_percentage) >= 95 then 'completed' else 'partially_watched' end,
      last_watched_at = now()
    returning wv.id
  `.execute(db);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error("upsert returned no row");
  return db.selectFrom("workerVideos").select(workerVideoColumns).where("id", "=", id).executeTakeFirstOrThrow();
}

/**
 * "I watched this": stamps the first self-attestation and leaves the tracked status and
 * percentage as they are (a record created here starts as not watched, 0%).
 */
export async function attestWorkerVideo(
  db: Kysely<Database>,
  input: { workerId: number; videoId: number },
): Promise<{ record: WorkerVideo; firstTime: boolean }> {
  const result = await sql<{ id: number; inserted: boolean; before: Date | null }>`
    with previous as (
      select self_attested_at from worker_videos where worker_id = ${input.workerId} and video_id = ${input.videoId}
    )
    insert into worker_videos as wv (worker_id, video_id, watched_percentage, status, self_attested_at)
    values (${input.workerId}, ${input.videoId}, 0, 'not_watched', now())
    on conflict (worker_id, video_id) do update set self_attested_at = coalesce(wv.self_attested_at, now())
    returning wv.id, (select self_attested_at from previous) as before
  `.execute(db);
  const row = result.rows[0];
  if (!row) throw new Error("upsert returned no row");
  const record = await db.selectFrom("workerVideos").select(workerVideoColumns).where("id", "=", row.id).executeTakeFirstOrThrow();
  return { record, firstTime: row.before === null };
}

/**
 * Required videos the worker has not completed: a required-by date is set and the video is
 * already published (a video scheduled for next month is not yet due), earliest due first.
 */
export async function requiredVideosForWorker(db: Kysely<Database>, workerId: number, now: Date = new Date()): Promise<SafetyVideo[]> {
  return db
    .selectFrom("safetyVideos as v")
    .select(videoColumns.map((c) => `v.${c}` as const))
    .where("v.requiredWatchByDate", "is not", null)
    .where("v.publishedAt", "<=", now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("workerVideos as wv")
            .select("wv.id")
            .whereRef("wv.videoId", "=", "v.id")
            .where("wv.workerId", "=", workerId)
            .where("wv.status", "=", "completed"),
        ),
      ),
    )
    .orderBy("v.requiredWatchByDate", "asc")
    .orderBy("v.id", "asc")
    .execute();
}
