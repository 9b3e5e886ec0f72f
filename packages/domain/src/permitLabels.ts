/**
 * The permits area's vocabulary and its labels, without schemas: the signed-in screens' English texts
 * (each feature's locales/en.ts in apps/web, loaded with the layout on every first screen) read these, and a
 * module of zod schemas costs a phone the time to build them all (issue #37; docs/conventions.md,
 * "Schema-free modules"). The schemas are in permits.ts, which re-exports this module; the statuses are in permitStateMachine.ts.
 */

import type { PermitStatus } from "./permitStateMachine.js";

export const permitStatusLabels: Record<PermitStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  closed: "Closed",
};

export const permitStatusColors: Record<PermitStatus, string> = {
  pending: "yellow",
  approved: "green",
  rejected: "red",
  closed: "gray",
};

/** History entries in words: "requested", "approved" and so on. */
export const permitActionLabels: Record<string, string> = {
  requested: "Requested the permit",
  updated: "Updated the permit",
  approved: "Approved the permit",
  rejected: "Rejected the permit",
  closed: "Closed the permit",
  signed: "Took a crew signature",
  fireWatchStarted: "Fire watch started",
  fireWatchOverdue: "Fire watch overdue: managers told",
  fireWatchSignedOff: "Signed off the fire watch: area inspected, no smoke, no heat",
};
