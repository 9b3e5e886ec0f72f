import { describe, expect, it } from "vitest";
import {
  assignWorkerSchema,
  EMERGENCY_CONTACT_LABELS,
  endsBeforeStart,
  formatFileSize,
  isDateOnly,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
  safetyPlanExtension,
  sanitizeFileName,
} from "./projects.js";

const valid = { name: "Harbor Tower", location: "Seattle", startDate: "2026-03-01" };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("projectSchema", () => {
  it("accepts the minimum and fills the form's defaults", () => {
    expect(projectSchema.parse(valid)).toEqual({
      ...valid,
      status: "active",
      description: null,
      endDate: null,
      safetyManagerName: null,
      safetyManagerPhone: null,
      safetyManagerEmail: null,
      emergencyContactInfo: {},
    });
  });

  it.each([
    [{ ...valid, startDate: undefined }, "Start date is required"],
    [{ ...valid, startDate: "" }, "Start date is required"],
    [{ ...valid, startDate: "01/03/2026" }, "Please enter a valid date"],
    [{ ...valid, startDate: "2026-02-29" }, "Please enter a valid date"],
    [{ ...valid, endDate: "2026-13-01" }, "Please enter a valid date"],
    [{ ...valid, safetyManagerEmail: "sam@" }, "Please enter a valid email address"],
    [{ ...valid, safetyManagerEmail: "sam example.com" }, "Please enter a valid email address"],
    [{ ...valid, name: "" }, "Project name is required"],
    [{ ...valid, location: undefined }, "Location is required"],
    [{ ...valid, status: "paused" }, "Status must be active, completed or on hold"],
    [{ ...valid, endDate: "2026-02-28" }, "End date must be on or after the start date"],
  ])("reports the rule's message (%#)", (input, message) => {
    expect(firstMessage(projectSchema.safeParse(input))).toBe(message);
  });

  it("turns blanks into null and drops blank emergency numbers", () => {
    const parsed = projectSchema.parse({
      ...valid,
      endDate: "",
      safetyManagerEmail: " ",
      emergencyContactInfo: { "Emergency Services": "911", "Poison Control": " " },
    });
    expect(parsed.endDate).toBeNull();
    expect(parsed.safetyManagerEmail).toBeNull();
    expect(parsed.emergencyContactInfo).toEqual({ "Emergency Services": "911" });
  });

  it("an end date on the start date is fine", () => {
    expect(projectSchema.safeParse({ ...valid, endDate: valid.startDate }).success).toBe(true);
    expect(endsBeforeStart({ startDate: "2026-01-02", endDate: "2026-01-01" })).toBe(true);
    expect(endsBeforeStart({ startDate: "2026-01-02", endDate: null })).toBe(false);
  });

  it("the update schema takes any subset, strips unknown fields and coerces the id", () => {
    expect(projectUpdateSchema.parse({ id: "7", status: "on_hold", hasSafetyPlan: true })).toEqual({ id: 7, status: "on_hold" });
    expect(firstMessage(projectUpdateSchema.safeParse({ status: "done" }))).toBeDefined();
  });

  it("has the six emergency contact labels in order", () => {
    expect(EMERGENCY_CONTACT_LABELS).toEqual([
      "Emergency Services",
      "Police Department",
      "Fire Department",
      "Medical Center",
      "Poison Control",
      "OSHA Hotline",
    ]);
  });
});

describe("lists and assignments", () => {
  it("list filters: status all or one, numeric limits", () => {
    expect(projectListSchema.parse({ status: "all", limit: "10", offset: "5" })).toEqual({ status: "all", limit: 10, offset: 5 });
    expect(projectListSchema.safeParse({ status: "paused" }).success).toBe(false);
  });

  it("assignment needs a worker", () => {
    expect(firstMessage(assignWorkerSchema.safeParse({ id: 1 }))).toBe("Worker is required");
    expect(assignWorkerSchema.parse({ id: "1", workerId: "2", role: "" })).toEqual({ id: 1, workerId: 2, role: null });
  });
});

describe("safety plan files", () => {
  it("accepts only the seven extensions, case-insensitively", () => {
    expect(safetyPlanExtension("Plan.PDF")).toBe(".pdf");
    expect(safetyPlanExtension("a.b.xlsx")).toBe(".xlsx");
    expect(safetyPlanExtension("plan.exe")).toBeNull();
    expect(safetyPlanExtension("plan")).toBeNull();
    expect(safetyPlanExtension("plan.pdf.exe")).toBeNull();
  });

  it("sanitises names: no directories, control or reserved characters, leading dots; keeps the extension", () => {
    expect(sanitizeFileName("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(sanitizeFileName("C:\\Users\\me\\plan.pdf")).toBe("plan.pdf");
    expect(sanitizeFileName('a"b<c>d|e?.pdf')).toBe("abcde.pdf");
    expect(sanitizeFileName("bad\u0000name\r\n.pdf")).toBe("badname.pdf");
    expect(sanitizeFileName("...hidden.txt")).toBe("hidden.txt");
    expect(sanitizeFileName(".pdf")).toBe("pdf");
    expect(sanitizeFileName("  .  ")).toBe("safety-plan");
    expect(sanitizeFileName(`${"x".repeat(400)}.docx`)).toBe(`${"x".repeat(145)}.docx`);
    expect(sanitizeFileName("Plan Sécurité.pdf")).toBe("Plan Sécurité.pdf");
  });

  it("dates and sizes", () => {
    expect(isDateOnly("2024-02-29")).toBe(true);
    expect(isDateOnly("2023-02-29")).toBe(false);
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2.0 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
