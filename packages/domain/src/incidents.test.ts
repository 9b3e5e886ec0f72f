import { describe, expect, it } from "vitest";
import { incidentStatusColors, incidentStatusLabels, isIsoDate, localToday, severityColors, severityLabels } from "./incidentLabels.js";
import { incidentListQuerySchema, incidentReportSchema, incidentReportUpdateSchema } from "./incidents.js";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("incident labels and colours (docs/product.md)", () => {
  it("severity colours: severe red, moderate orange, minor yellow, near_miss blue", () => {
    expect(severityColors).toEqual({ severe: "red", moderate: "orange", minor: "yellow", near_miss: "blue" });
    expect(severityLabels.near_miss).toBe("Near Miss");
    expect(severityLabels).toEqual({ minor: "Minor", moderate: "Moderate", severe: "Severe", near_miss: "Near Miss" });
  });

  it("status labels: open Open, in_progress In Progress, closed Resolved", () => {
    expect(incidentStatusLabels).toEqual({ open: "Open", in_progress: "In Progress", closed: "Resolved" });
    expect(Object.keys(incidentStatusColors).sort()).toEqual(["closed", "in_progress", "open"]);
  });
});

describe("incidentReportSchema", () => {
  it("applies the defaults: severity minor, status open, date today, no involved workers", () => {
    const parsed = incidentReportSchema.parse({ projectId: 1, title: "Slip" });
    expect(parsed).toMatchObject({
      severity: "minor",
      status: "open",
      date: localToday(),
      involvedWorkers: [],
      description: "",
      location: "",
    });
    expect(parsed.actionTaken).toBeNull();
    expect(parsed.reportedBy).toBeUndefined();
  });

  it("keeps given values and removes duplicate involved workers", () => {
    const parsed = incidentReportSchema.parse({
      projectId: "2",
      title: " Fall ",
      severity: "near_miss",
      status: "in_progress",
      date: "2026-01-31",
      involvedWorkers: [3, 4, 3],
      actionTaken: "Area closed",
    });
    expect(parsed).toMatchObject({
      projectId: 2,
      title: "Fall",
      severity: "near_miss",
      status: "in_progress",
      date: "2026-01-31",
      involvedWorkers: [3, 4],
      actionTaken: "Area closed",
    });
  });

  it.each([
    [{ title: "" }, "Title is required"],
    [{ title: undefined }, "Title is required"],
    [{ projectId: undefined }, "Project is required"],
    [{ date: "2026-13-01" }, "Please enter a valid date"],
    [{ date: "2026-02-29" }, "Please enter a valid date"],
    [{ date: "March 3" }, "Please enter a valid date"],
    [{ severity: "bad" }, "Severity must be minor, moderate, severe or near miss"],
    [{ status: "resolved" }, "Status must be open, in progress or closed"],
    [{ involvedWorkers: ["1"] }, "Involved workers must be a list of worker ids"],
    [{ involvedWorkers: [0] }, "Involved workers must be a list of worker ids"],
    [{ involvedWorkers: 5 }, "Involved workers must be a list of worker ids"],
    [{ reportedBy: "x" }, "Please select a valid worker"],
  ])("rejects (%#)", (overrides, message) => {
    expect(firstMessage(incidentReportSchema.safeParse({ projectId: 1, title: "Slip", ...overrides }))).toBe(message);
  });

  it("update takes an id and any subset of fields without applying defaults", () => {
    expect(incidentReportUpdateSchema.parse({ id: "9", status: "closed" })).toEqual({ id: 9, status: "closed" });
    expect(firstMessage(incidentReportUpdateSchema.safeParse({ id: 9, date: "nope" }))).toBe("Please enter a valid date");
  });

  it("list query", () => {
    expect(incidentListQuerySchema.parse({ projectId: "3", search: "x", offset: "5", limit: "5" })).toEqual({
      projectId: 3,
      search: "x",
      offset: 5,
      limit: 5,
    });
  });
});

describe("dates and search", () => {
  it("checks calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-2-1")).toBe(false);
  });

  it("today is the local date", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
  });
});
