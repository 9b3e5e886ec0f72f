/**
 * The training area's vocabulary and its labels, without schemas: the signed-in screens' English texts
 * (each feature's locales/en.ts in apps/web, loaded with the layout on every first screen) read these, and a
 * module of zod schemas costs a phone the time to build them all (issue #37; docs/conventions.md,
 * "Schema-free modules"). The schemas are in training.ts, which re-exports this module.
 */

export const trainingModuleTypes = [
  "site_safety",
  "spotter_safety",
  "equipment_operation",
  "fall_protection",
  "hazardous_materials",
] as const;
export type TrainingModuleType = (typeof trainingModuleTypes)[number];

export const trainingModuleTypeLabels: Record<TrainingModuleType, string> = {
  site_safety: "Site Safety",
  spotter_safety: "Spotter Safety",
  equipment_operation: "Equipment Operation",
  fall_protection: "Fall Protection",
  hazardous_materials: "Hazardous Materials",
};

export const trainingStatuses = ["not_started", "in_progress", "completed"] as const;
export type TrainingStatus = (typeof trainingStatuses)[number];

export const trainingStatusLabels: Record<TrainingStatus, string> = {
  not_started: "Not Started",
  in_progress: "In Progress",
  completed: "Completed",
};

/** The module card's button for the worker's status. */
export function trainingActionLabel(status: TrainingStatus | null | undefined): string {
  if (status === "completed") return "Review Training";
  if (status === "in_progress") return "Continue Training";
  return "Start Training";
}
