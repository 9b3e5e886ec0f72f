/**
 * The projects area's vocabulary and its labels, without schemas: the signed-in screens' English texts
 * (each feature's locales/en.ts in apps/web, loaded with the layout on every first screen) read these, and a
 * module of zod schemas costs a phone the time to build them all (issue #37; docs/conventions.md,
 * "Schema-free modules"). The schemas are in projects.ts, which re-exports this module.
 */

export const projectStatuses = ["active", "completed", "on_hold"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectStatusLabels: Record<ProjectStatus, string> = {
  active: "Active",
  completed: "Completed",
  on_hold: "On Hold",
};

export const projectStatusColors: Record<ProjectStatus, string> = {
  active: "green",
  completed: "blue",
  on_hold: "yellow",
};
