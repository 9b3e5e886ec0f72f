/**
 * The record areas the shared record form and page serve: each area's list (where Back and a
 * delete lead) and its records' kind (their photos, their drafts' keys). The area is also the
 * texts' namespace, whose `form.` and `detail.` keys these pieces read.
 */
export const RECORD_AREAS = {
  jha: { list: "/forms/jha", kind: "jha" },
  incidents: { list: "/forms/incident-reports", kind: "incident" },
} as const;

export type RecordArea = keyof typeof RECORD_AREAS;
