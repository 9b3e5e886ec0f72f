import { describe, expect, it } from "vitest";
import { editFields, hasReadOnly, showValue } from "./editFields";

describe("the Outbox's edit fields", () => {
  it("lets text, numbers, yes/no answers, projects and people be edited, and shows lists, groups and empty fields read-only", () => {
    const long = "x".repeat(61);
    const fields = editFields({
      jobTitle: "Roofing",
      description: long,
      projectId: 7,
      date: "2026-01-05",
      firstAidGiven: true,
      reportedToOsha: false,
      hazards: ["Falls", "Heat"],
      witness: { name: "Ann", phone: "" },
      supervisorId: null,
      reportedBy: 12,
      hours: 3,
    });
    expect(fields).toEqual([
      { key: "jobTitle", kind: "text", value: "Roofing", long: false },
      { key: "description", kind: "text", value: long, long: true },
      { key: "projectId", kind: "choice", of: "project", value: 7 },
      { key: "date", kind: "text", value: "2026-01-05", long: false },
      { key: "firstAidGiven", kind: "boolean", value: true },
      { key: "reportedToOsha", kind: "boolean", value: false },
      { key: "hazards", kind: "readOnly", value: ["Falls", "Heat"], shown: "Falls; Heat" },
      { key: "witness", kind: "readOnly", value: { name: "Ann", phone: "" }, shown: "Ann" },
      { key: "supervisorId", kind: "readOnly", value: null, shown: "" },
      { key: "reportedBy", kind: "choice", of: "worker", value: 12 },
      { key: "hours", kind: "number", value: 3 },
    ]);
    expect(hasReadOnly(fields)).toBe(true);
    expect(hasReadOnly(editFields({ title: "A", done: false }))).toBe(false);
  });

  it("shows a list of groups item by item, their filled-in answers only", () => {
    expect(showValue([{ description: "Shoring", responsibility: "Foreman" }, { description: "Rope", responsibility: "" }, 3, false])).toBe(
      "Shoring – Foreman; Rope; 3; false",
    );
    expect(showValue([])).toBe("");
    expect(showValue(undefined)).toBe("");
  });
});
