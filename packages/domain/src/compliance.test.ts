import { describe, expect, it } from "vitest";
import { complianceColor, complianceStatus, meanCompliance, workerComplianceLabel } from "./compliance.js";

describe("compliance labels and colours (docs/product.md)", () => {
  it.each([
    [100, "Compliant"],
    [80, "Compliant"],
    [79, "At Risk"],
    [50, "At Risk"],
    [49, "Non-Compliant"],
    [0, "Non-Compliant"],
  ])("project status at %i%% is %s", (pct, label) => {
    expect(complianceStatus(pct)).toBe(label);
  });

  it.each([
    [100, "Fully Compliant"],
    [99, "Mostly Compliant"],
    [75, "Mostly Compliant"],
    [74, "Partially Compliant"],
    [50, "Partially Compliant"],
    [49, "Non-Compliant"],
  ])("worker label at %i%% is %s", (pct, label) => {
    expect(workerComplianceLabel(pct)).toBe(label);
  });

  it("uses each place's own colour scale", () => {
    expect([80, 79, 50, 49].map((p) => complianceColor(p, "dashboard"))).toEqual(["green", "orange", "orange", "red"]);
    expect([90, 89, 85, 84].map((p) => complianceColor(p, "dashboardTable"))).toEqual(["green", "yellow", "yellow", "red"]);
    expect([90, 89, 70, 69].map((p) => complianceColor(p, "projectCard"))).toEqual(["green", "blue", "blue", "red"]);
    expect([80, 79, 50, 49, 25, 24].map((p) => complianceColor(p, "workerTable"))).toEqual([
      "green",
      "yellow",
      "yellow",
      "orange",
      "orange",
      "red",
    ]);
  });

  it("averages worker compliance, 100 with no workers", () => {
    expect(meanCompliance([])).toBe(100);
    expect(meanCompliance([100, 50, 0])).toBe(50);
    expect(meanCompliance([33, 34])).toBe(34);
  });
});
