import { z } from "zod";
import { DATE_OUT_OF_RANGE, isSupportedDate } from "./input.js";
import { idParam } from "./users.js";
import type { VideoStatus } from "./videoLabels.js";

export * from "./videoLabels.js";

/** Schemas, rules and formulas of the videos area (docs/product.md). */

/** A video counts as watched at 95% or more. */
export const VIDEO_COMPLETE_PERCENT = 95;
/** Default required-watch-by: the publish date plus 7 days. */
export const VIDEO_REQUIRED_DAYS = 7;
export const RELATED_VIDEOS_LIMIT = 3;
export const CARD_TAG_LIMIT = 2;

export const VIDEO_URL_REQUIRED = "Video URL is required";
export const VIDEO_URL_INVALID = "Please enter a valid URL";
export const VIDEO_URL_SOURCE = "URL must be from YouTube, Vimeo, or direct video link (.mp4)";

const YOUTUBE_HOSTS = ["youtube.com", "youtube-nocookie.com", "youtu.be"];
const VIMEO_HOSTS = ["vimeo.com"];
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Host match on whole labels, so "evil.com/?youtube.com" or "notyoutube.com" do not pass. */
const onHost = (url: URL, hosts: readonly string[]) => {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
};

const isMp4 = (url: URL) => url.pathname.toLowerCase().endsWith(".mp4");

/** The first failed URL rule's message, or null when the URL is acceptable. */
export function videoUrlProblem(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!text) return VIDEO_URL_REQUIRED;
  const url = parseHttpUrl(text);
  if (!url) return VIDEO_URL_INVALID;
  if (onHost(url, YOUTUBE_HOSTS) || onHost(url, VIMEO_HOSTS) || isMp4(url)) return null;
  return VIDEO_URL_SOURCE;
}

export const videoUrlSchema = z
  .string({ error: VIDEO_URL_REQUIRED })
  .trim()
  .max(2000, "Video URL is too long")
  .superRefine((value, ctx) => {
    const problem = videoUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The 11-character YouTube id of a watch, short, embed, shorts or live link; null otherwise. */
export function youTubeId(value: string | null | undefined): string | null {
  const url = parseHttpUrl((value ?? "").trim());
  if (!url || !onHost(url, YOUTUBE_HOSTS)) return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined;
  if (host === "youtu.be" || host.endsWith(".youtu.be")) {
    candidate = url.pathname.split("/")[1];
  } else if (url.searchParams.get("v")) {
    candidate = url.searchParams.get("v");
  } else {
    const [, kind, id] = url.pathname.split("/");
    if (kind && ["embed", "shorts", "live", "v"].includes(kind)) candidate = id;
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** The numeric Vimeo id (vimeo.com/123, vimeo.com/channels/x/123, player.vimeo.com/video/123). */
export function vimeoId(value: string | null | undefined): string | null {
  const url = parseHttpUrl((value ?? "").trim());
  if (!url || !onHost(url, VIMEO_HOSTS)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i] ?? "";
    if (/^\d+$/.test(segment)) return segment;
  }
  return null;
}

export type VideoSource =
  | { kind: "youtube"; id: string; embedUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string }
  | { kind: "file"; url: string };

/** How to play a video: a privacy-enhanced YouTube embed, a Vimeo player, or a <video> element. */
export function videoSource(value: string | null | undefined): VideoSource | null {
  const yt = youTubeId(value);
  if (yt) return { kind: "youtube", id: yt, embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` };
  const vm = vimeoId(value);
  if (vm) return { kind: "vimeo", id: vm, embedUrl: `https://player.vimeo.com/video/${vm}` };
  const url = parseHttpUrl((value ?? "").trim());
  if (url && isMp4(url)) return { kind: "file", url: url.toString() };
  return null;
}

/** A YouTube thumbnail derived from the id, when the URL is a YouTube link. */
export function youTubeThumbnail(value: string | null | undefined): string | null {
  const id = youTubeId(value);
  return id ? `https://img.youtube.com/vi/${id}/hqdefault.jpg` : null;
}

/** Tags are entered comma-separated: trimmed, blanks dropped, duplicates (ignoring case) once. */
export function parseTags(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of (text ?? "").split(",")) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Duration entered as minutes plus seconds (0 to 59), stored as total seconds. */
export function durationToSeconds(minutes: number | string | null | undefined, seconds: number | string | null | undefined): number {
  const m = Math.max(0, Math.floor(Number(minutes) || 0));
  const s = Math.max(0, Math.min(59, Math.floor(Number(seconds) || 0)));
  return m * 60 + s;
}

export function secondsToDuration(total: number | null | undefined): { minutes: number; seconds: number } {
  const t = Math.max(0, Math.floor(total ?? 0));
  return { minutes: Math.floor(t / 60), seconds: t % 60 };
}

export function defaultRequiredWatchBy(publishedAt: Date): Date {
  return new Date(publishedAt.getTime() + VIDEO_REQUIRED_DAYS * 24 * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// Inputs

const optionalDate = (message: string) =>
  z
    .union([z.literal(""), z.null(), z.coerce.date({ error: message }).refine(isSupportedDate, DATE_OUT_OF_RANGE)])
    .optional()
    .transform((v) => (v === "" || v == null ? undefined : v));

const tagsSchema = z
  .union([z.string().max(2000), z.array(z.string().max(100))])
  .optional()
  .transform((v) => (v === undefined ? [] : typeof v === "string" ? parseTags(v) : parseTags(v.join(","))))
  .pipe(z.array(z.string().max(50, "A tag can have at most 50 characters")).max(20, "A video can have at most 20 tags"));

const videoFields = {
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title is too long"),
  description: z.string().trim().max(5000, "Description is too long").optional().default(""),
  url: videoUrlSchema,
  duration: z.coerce
    .number({ error: "Duration must be a number" })
    .int("Duration must be a whole number of seconds")
    .min(0, "Duration cannot be negative")
    .max(24 * 60 * 60, "Duration is too long")
    .optional()
    .default(0),
  tags: tagsSchema,
  publishedAt: optionalDate("Please enter a valid date"),
  requiredWatchByDate: optionalDate("Please enter a valid date"),
  thumbnail: z
    .union([z.literal(""), z.null(), z.url({ protocol: /^https?$/, error: "Please enter a valid URL" }).max(2000)])
    .optional()
    .transform((v) => (v === "" || v == null ? undefined : v)),
};

function requiredAfterPublished(v: { publishedAt?: Date | undefined; requiredWatchByDate?: Date | undefined }, ctx: z.RefinementCtx) {
  if (v.publishedAt && v.requiredWatchByDate && v.requiredWatchByDate.getTime() < v.publishedAt.getTime()) {
    ctx.addIssue({ code: "custom", path: ["requiredWatchByDate"], message: "Required watch date must be on or after the publish date" });
  }
}

/** POST /api/safety-videos and the "Add Weekly Safety Video" dialog. */
export const createVideoSchema = z.object(videoFields).superRefine(requiredAfterPublished);
export type CreateVideoInput = z.input<typeof createVideoSchema>;
export type CreateVideo = z.infer<typeof createVideoSchema>;

/** PUT /api/safety-videos/:id: the same fields plus the id. */
export const updateVideoSchema = z.object({ id: idParam, ...videoFields }).superRefine(requiredAfterPublished);
export type UpdateVideoInput = z.input<typeof updateVideoSchema>;

/** The values stored for a new or edited video: publish now, required by +7 days, YouTube thumbnail. */
export function videoWithDefaults<
  T extends { url: string; publishedAt?: Date | undefined; requiredWatchByDate?: Date | undefined; thumbnail?: string | undefined },
>(
  input: T,
  now: Date = new Date(),
): Omit<T, "publishedAt" | "requiredWatchByDate" | "thumbnail"> & {
  publishedAt: Date;
  requiredWatchByDate: Date;
  thumbnail: string | null;
} {
  const publishedAt = input.publishedAt ?? now;
  return {
    ...input,
    publishedAt,
    requiredWatchByDate: input.requiredWatchByDate ?? defaultRequiredWatchBy(publishedAt),
    thumbnail: input.thumbnail ?? youTubeThumbnail(input.url),
  };
}

export const watchedPercentageSchema = z.coerce
  .number({ error: "Watched percentage must be a number" })
  .min(0, "Watched percentage must be between 0 and 100")
  .max(100, "Watched percentage must be between 0 and 100")
  .transform((v) => Math.round(v));

export const workerVideosSchema = z.object({ workerId: idParam });

/** POST /api/workers/:workerId/videos and PUT .../videos/:videoId. Status is derived from the percentage. */
export const recordVideoProgressSchema = z.object({
  workerId: idParam,
  videoId: idParam,
  watchedPercentage: watchedPercentageSchema,
});
export type RecordVideoProgressInput = z.input<typeof recordVideoProgressSchema>;

/**
 * POST /api/workers/:workerId/videos/:videoId/self-attest: "I watched this" where the player
 * cannot report progress. Stored apart from the tracked status and shown as self-attested.
 */
export const attestVideoSchema = z.object({ workerId: idParam, videoId: idParam });

/** Completed at 95% or more, otherwise partially watched. */
export function videoStatusForPercentage(percentage: number): Exclude<VideoStatus, "not_watched"> {
  return percentage >= VIDEO_COMPLETE_PERCENT ? "completed" : "partially_watched";
}

/** While playing, save at each new multiple of 10% and on reaching 95%. */
export function shouldSaveVideoProgress(current: number, lastSaved: number): boolean {
  if (current <= lastSaved) return false;
  if (current >= VIDEO_COMPLETE_PERCENT && lastSaved < VIDEO_COMPLETE_PERCENT) return true;
  return Math.floor(current / 10) > Math.floor(lastSaved / 10);
}

// ---------------------------------------------------------------------------------------------
// Tabs

export type VideoTab = "this-week" | "upcoming" | "previous";

interface Scheduled {
  publishedAt: Date | string;
  requiredWatchByDate: Date | string | null;
}

const time = (d: Date | string) => new Date(d).getTime();
const watchBy = (v: Scheduled) =>
  v.requiredWatchByDate ? time(v.requiredWatchByDate) : time(defaultRequiredWatchBy(new Date(v.publishedAt)));

/** This Week: published on or before now, and now on or before the required-by date. */
export const isThisWeekVideo = (v: Scheduled, now: Date = new Date()) =>
  time(v.publishedAt) <= now.getTime() && now.getTime() <= watchBy(v);
/** Upcoming: the publish date is in the future. */
export const isUpcomingVideo = (v: Scheduled, now: Date = new Date()) => time(v.publishedAt) > now.getTime();
/** Previous: the required-by date has passed. */
export const isPreviousVideo = (v: Scheduled, now: Date = new Date()) => watchBy(v) < now.getTime() && time(v.publishedAt) <= now.getTime();

export function videoTabOf(v: Scheduled, now: Date = new Date()): VideoTab {
  if (isUpcomingVideo(v, now)) return "upcoming";
  if (isThisWeekVideo(v, now)) return "this-week";
  return "previous";
}

/** Case-insensitive search over title, description and tags. */
export function videoMatches(v: { title: string; description: string; tags: readonly string[] }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [v.title, v.description, ...v.tags].some((f) => f.toLowerCase().includes(q));
}

/** Related videos: others sharing a tag first, then the most recent, up to 3. */
export function relatedVideos<T extends { id: number; tags: readonly string[] }>(
  video: T,
  all: readonly T[],
  limit = RELATED_VIDEOS_LIMIT,
): T[] {
  const tags = new Set(video.tags.map((t) => t.toLowerCase()));
  const others = all.filter((v) => v.id !== video.id);
  const sharing = others.filter((v) => v.tags.some((t) => tags.has(t.toLowerCase())));
  const rest = others.filter((v) => !sharing.includes(v));
  return [...sharing, ...rest].slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// The add/edit dialog: the same URL rule, duration as minutes plus seconds, tags as one text.

export const videoFormSchema = z.object({
  title: videoFields.title,
  description: z.string().max(5000, "Description is too long"),
  url: videoUrlSchema,
  minutes: z
    .union([z.number(), z.literal("")])
    .refine((v) => v === "" || (Number.isInteger(v) && v >= 0 && v <= 1440), "Minutes must be a whole number of 0 or more"),
  seconds: z
    .union([z.number(), z.literal("")])
    .refine((v) => v === "" || (Number.isInteger(v) && v >= 0 && v <= 59), "Seconds must be between 0 and 59"),
  tags: z.string().max(2000, "Too many tags"),
  publishedAt: z.string(),
  requiredWatchByDate: z.string(),
  thumbnail: z.union([z.literal(""), z.url({ protocol: /^https?$/, error: "Please enter a valid URL" })]),
});
export type VideoFormValues = z.input<typeof videoFormSchema>;

/** Dialog values (datetime-local strings in local time) as the create/update input. */
export function videoFormToInput(values: VideoFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    url: values.url.trim(),
    duration: durationToSeconds(values.minutes, values.seconds),
    tags: parseTags(values.tags),
    publishedAt: values.publishedAt ? new Date(values.publishedAt) : undefined,
    requiredWatchByDate: values.requiredWatchByDate ? new Date(values.requiredWatchByDate) : undefined,
    thumbnail: values.thumbnail.trim() || undefined,
  };
}

/** GET /api/dashboard/unwatched-required-videos: an optional user (the caller by default). */
export const unwatchedVideosQuerySchema = z.object({ userId: idParam.optional() });
