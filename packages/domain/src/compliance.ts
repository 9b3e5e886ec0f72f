/**
 * Compliance labels and colours (docs/product.md).
 * Worker compliance = the worker's overall training percentage; project compliance = mean of its
 * workers' compliance (100 with no workers); dashboard safety compliance = mean over all workers.
 */

export const complianceStatuses = ["Compliant", "At Risk", "Non-Compliant"] as const;
export type ComplianceStatus = (typeof complianceStatuses)[number];

/** Project stats status: Compliant at 80 or more, At Risk at 50 or more, else Non-Compliant. */
export function complianceStatus(percentage: number): ComplianceStatus {
  if (percentage >= 80) return "Compliant";
  if (percentage >= 50) return "At Risk";
  return "Non-Compliant";
}

export type WorkerComplianceLabel = "Fully Compliant" | "Mostly Compliant" | "Partially Compliant" | "Non-Compliant";

/** Worker compliance labels: 100 fully, 75 mostly, 50 partially, else non-compliant. */
export function workerComplianceLabel(percentage: number): WorkerComplianceLabel {
  if (percentage >= 100) return "Fully Compliant";
  if (percentage >= 75) return "Mostly Compliant";
  if (percentage >= 50) return "Partially Compliant";
  return "Non-Compliant";
}

/** Mantine colour names for each place a compliance bar appears (the product gives each its own scale). */
export type ComplianceBarContext = "dashboard" | "projectCard" | "workerTable" | "moduleCard" | "dashboardTable";

export function complianceColor(percentage: number, context: ComplianceBarContext): string {
  switch (context) {
    case "dashboard":
      return percentage >= 80 ? "green" : percentage >= 50 ? "orange" : "red";
    case "dashboardTable":
      return percentage >= 90 ? "green" : percentage >= 85 ? "yellow" : "red";
    case "projectCard":
    case "moduleCard":
      return percentage >= 90 ? "green" : percentage >= 70 ? "blue" : "red";
    case "workerTable":
      if (percentage >= 80) return "green";
      if (percentage >= 50) return "yellow";
      if (percentage >= 25) return "orange";
      return "red";
  }
}

/** Mean of worker compliance values, 100 when there are none, rounded to a whole percent. */
export function meanCompliance(values: readonly number[]): number {
  if (values.length === 0) return 100;
  return Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);
}
