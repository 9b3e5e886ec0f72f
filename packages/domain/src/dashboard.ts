import { type IncidentSeverity, severityColors, severityLabels } from "./incidentLabels.js";

/**
 * The dashboard's list sizes, timings and labels (docs/product.md). No schemas here (its query
 * schemas are in training.ts and videos.ts): the dashboard's first screen reads this module, and a
 * module of zod schemas costs a phone the time to build them (issue #37).
 */
export const DASHBOARD_UPCOMING_LIMIT = 5;
export const DASHBOARD_RECENT_INCIDENTS_LIMIT = 5;
export const DASHBOARD_RECENT_VIDEOS_LIMIT = 5;
export const DASHBOARD_COMMENT_PREVIEW = 3;
/** Upcoming training items: at most this many, so due videos and permits still show among the 5. */
export const DASHBOARD_UPCOMING_TRAINING_LIMIT = 2;
export const DASHBOARD_PROJECT_ROWS = 10;
export const DASHBOARD_STATS_REFETCH_MS = 60_000;

export const upcomingItemTypes = ["video", "jha", "training", "inspection", "other"] as const;
export type UpcomingItemType = (typeof upcomingItemTypes)[number];

export interface UpcomingItem {
  id: string;
  type: UpcomingItemType;
  title: string;
  datetime: Date;
  details: string;
}

/** Merges the upcoming items of every source in time order and keeps the first few. */
export function mergeUpcoming(sources: readonly (readonly UpcomingItem[])[], limit = DASHBOARD_UPCOMING_LIMIT): UpcomingItem[] {
  return sources
    .flat()
    .slice()
    .sort((a, b) => a.datetime.getTime() - b.datetime.getTime() || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/** Severity badges reuse the incidents area's map (severe red, moderate orange, minor yellow, near_miss blue "Near Miss"). */
export function dashboardSeverityBadge(severity: string): { color: string; label: string } {
  const known = severity in severityColors;
  return {
    color: known ? severityColors[severity as IncidentSeverity] : "gray",
    label: known ? severityLabels[severity as IncidentSeverity] : severity,
  };
}

/** The Safety Compliance card's caption: "N% to go" or "Fully compliant". */
export function complianceGapLabel(percentage: number): string {
  const pct = Math.max(0, Math.min(100, Math.round(percentage)));
  return pct >= 100 ? "Fully compliant" : `${100 - pct}% to go`;
}

/** The Required Unwatched Videos card's caption. */
export function unwatchedVideosLabel(count: number): string {
  return count > 0 ? "Required to watch" : "All caught up!";
}

/** The worker training banner: a warning below 100 %, a green confirmation at 100 %. */
export function trainingBanner(percentage: number): { complete: boolean; title: string } {
  return percentage >= 100
    ? { complete: true, title: "All Required Training Completed" }
    : { complete: false, title: "Required Training Incomplete" };
}

/** A video's progress on the dashboard: "Completed", "N%" or "Not started". */
export function videoProgressLabel(progress: { status: string; watchedPercentage: number } | null): string {
  if (!progress || (progress.status === "not_watched" && progress.watchedPercentage === 0)) return "Not started";
  if (progress.status === "completed") return "Completed";
  return `${progress.watchedPercentage}%`;
}
