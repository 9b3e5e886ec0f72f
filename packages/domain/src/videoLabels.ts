/**
 * The videos area's vocabulary and its labels, without schemas: the signed-in screens' English texts
 * (each feature's locales/en.ts in apps/web, loaded with the layout on every first screen) read these, and a
 * module of zod schemas costs a phone the time to build them all (issue #37; docs/conventions.md,
 * "Schema-free modules"). The schemas are in videos.ts, which re-exports this module.
 */

export const videoStatuses = ["not_watched", "partially_watched", "completed"] as const;
export type VideoStatus = (typeof videoStatuses)[number];

export const videoStatusLabels: Record<VideoStatus, string> = {
  not_watched: "Not Watched",
  partially_watched: "Partially Watched",
  completed: "Completed",
};
