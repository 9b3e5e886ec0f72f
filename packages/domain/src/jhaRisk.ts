/**
 * A JHA's risk levels, their labels and colours, and the form's row rules, without schemas: the
 * JHA list and form read these on a phone's first screen of the area, and a module of zod schemas
 * costs the time to build them (issue #37; docs/conventions.md, "Schema-free modules"). The JHA
 * schemas are in jha.ts.
 */

export const riskLevels = ["low", "medium", "high"] as const;
export type RiskLevel = (typeof riskLevels)[number];

export const riskLevelLabels: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High" };
export const riskLevelColors: Record<RiskLevel, string> = { low: "green", medium: "yellow", high: "red" };

/** A hazard row of the form: its risk level is blank until someone chooses one. */
export interface HazardDraft {
  description: string;
  riskLevel: RiskLevel | "";
}

/** A new hazard row starts with no risk level: the person filing chooses it (docs/product.md). */
export function newHazard(): HazardDraft {
  return { description: "", riskLevel: "" };
}

/** The last hazard and the last control measure cannot be removed. */
export function canRemoveRow(count: number): boolean {
  return count > 1;
}

const riskRank: Record<RiskLevel, number> = { low: 1, medium: 2, high: 3 };

/** The highest risk among the hazards, or null with none. */
export function highestRisk(hazards: readonly { riskLevel: RiskLevel }[]): RiskLevel | null {
  let best: RiskLevel | null = null;
  for (const h of hazards) if (best === null || riskRank[h.riskLevel] > riskRank[best]) best = h.riskLevel;
  return best;
}
