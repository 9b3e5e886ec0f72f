import { EARLIEST_YEAR, LATEST_YEAR } from "./input.js";

/**
 * Incident severities and statuses with their labels and colours, and the date rules of a report
 * (docs/product.md). No schemas here: the dashboard shows these on its first screen, and a module
 * of zod schemas costs a phone the time to build them (issue #37). The schemas are in incidents.ts.
 */

export const incidentSeverities = ["minor", "moderate", "severe", "near_miss"] as const;
export type IncidentSeverity = (typeof incidentSeverities)[number];

export const incidentStatuses = ["open", "in_progress", "closed"] as const;
export type IncidentStatus = (typeof incidentStatuses)[number];

/** Severity colours: severe red, moderate orange, minor yellow, near_miss blue ("Near Miss"). */
export const severityLabels: Record<IncidentSeverity, string> = {
  minor: "Minor",
  moderate: "Moderate",
  severe: "Severe",
  near_miss: "Near Miss",
};
export const severityColors: Record<IncidentSeverity, string> = {
  severe: "red",
  moderate: "orange",
  minor: "yellow",
  near_miss: "blue",
};

/** Status labels: open Open, in_progress In Progress, closed Resolved. */
export const incidentStatusLabels: Record<IncidentStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  closed: "Resolved",
};
export const incidentStatusColors: Record<IncidentStatus, string> = {
  open: "red",
  in_progress: "blue",
  closed: "green",
};

export const INVALID_DATE = "Please enter a valid date";
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= EARLIEST_YEAR && y <= LATEST_YEAR;
}

/** Today as YYYY-MM-DD in local time: the form's and the server's default incident date. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
