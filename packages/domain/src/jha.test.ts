import { describe, expect, it } from "vitest";
import {
  jhaCommentCreateSchema,
  jhaCommentSchema,
  jhaCommentUpdateSchema,
  jhaFormSchema,
  jhaFormUpdateSchema,
  jhaListQuerySchema,
  newControlMeasure,
} from "./jha.js";
import { canRemoveRow, highestRisk, newHazard, riskLevelColors, riskLevelLabels } from "./jhaRisk.js";

const valid = {
  projectId: 3,
  title: "Roof work",
  jobDescription: "Replace flashing",
  hazards: [{ description: "Fall from height", riskLevel: "high" }],
  controlMeasures: [{ description: "Harness and anchor", responsibility: "Crew lead" }],
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("jhaFormSchema", () => {
  it("accepts a valid form and coerces a Select's project id", () => {
    const parsed = jhaFormSchema.parse({ ...valid, projectId: "3", submittedBy: "7" });
    expect(parsed.projectId).toBe(3);
    expect(parsed.submittedBy).toBe(7);
  });

  it("treats a blank submitter as not chosen and a missing job description as empty", () => {
    const { jobDescription: _j, ...rest } = valid;
    const parsed = jhaFormSchema.parse({ ...rest, submittedBy: "" });
    expect(parsed.submittedBy).toBeNull();
    expect(parsed.jobDescription).toBe("");
  });

  it.each([
    [{ hazards: [] }, "At least one hazard must be identified"],
    [{ hazards: undefined }, "At least one hazard must be identified"],
    [{ hazards: [{ description: "", riskLevel: "low" }] }, "Hazard description is required"],
    [{ hazards: [{ description: "   ", riskLevel: "low" }] }, "Hazard description is required"],
    [{ hazards: [{ riskLevel: "low" }] }, "Hazard description is required"],
    [{ hazards: [{ description: "Dust", riskLevel: "severe" }] }, "Risk level must be low, medium or high"],
    // Nothing is preselected, so a hazard whose level nobody chose is refused with its own message.
    [{ hazards: [{ description: "Dust", riskLevel: "" }] }, "Choose the risk level of each hazard"],
    [{ hazards: [{ description: "Dust", riskLevel: null }] }, "Choose the risk level of each hazard"],
    [{ hazards: [{ description: "Dust" }] }, "Choose the risk level of each hazard"],
    [{ hazards: [{ description: "Dust", riskLevel: "low" }, { description: "Noise" }] }, "Choose the risk level of each hazard"],
    [{ controlMeasures: [] }, "At least one control measure must be specified"],
    [{ controlMeasures: undefined }, "At least one control measure must be specified"],
    [{ controlMeasures: [{ description: "", responsibility: "Lead" }] }, "Control measure is required"],
    [{ controlMeasures: [{ description: "Masks", responsibility: " " }] }, "Responsible person is required"],
    [{ controlMeasures: [{ description: "Masks" }] }, "Responsible person is required"],
    [{ title: "" }, "Title is required"],
    [{ projectId: "" }, "Project is required"],
    [{ projectId: null }, "Project is required"],
    [{ projectId: undefined }, "Project is required"],
    [{ submittedBy: "abc" }, "Please select a valid worker"],
  ])("rejects with the product's message (%#)", (overrides, message) => {
    expect(firstMessage(jhaFormSchema.safeParse({ ...valid, ...overrides }))).toBe(message);
  });

  it("update takes an id and any subset of the fields, with the same rules", () => {
    expect(jhaFormUpdateSchema.parse({ id: "4", title: "New" })).toEqual({ id: 4, title: "New" });
    expect(firstMessage(jhaFormUpdateSchema.safeParse({ id: 4, hazards: [] }))).toBe("At least one hazard must be identified");
  });

  it("list query takes an optional project id, search and paging", () => {
    expect(jhaListQuerySchema.parse({ projectId: "2", limit: "10" })).toEqual({ projectId: 2, limit: 10 });
    expect(jhaListQuerySchema.parse({})).toEqual({});
  });
});

describe("JHA comments", () => {
  it("defaults to private and trims", () => {
    expect(jhaCommentSchema.parse({ content: " ok " })).toEqual({ content: "ok", visibility: "private" });
    expect(jhaCommentCreateSchema.parse({ jhaFormId: "5", content: "x", visibility: "public" })).toEqual({
      jhaFormId: 5,
      content: "x",
      visibility: "public",
    });
  });

  it.each([
    [{ content: "" }, "Comment content is required"],
    [{ content: "  " }, "Comment content is required"],
    [{}, "Comment content is required"],
    [{ content: "a".repeat(1001) }, "Comment too long, maximum 1000 characters"],
    [{ content: "a", visibility: "team" }, "Visibility must be private or public"],
  ])("rejects (%#)", (input, message) => {
    expect(firstMessage(jhaCommentSchema.safeParse(input))).toBe(message);
  });

  it("accepts 1 and 1000 characters; an edit keeps visibility when left out", () => {
    expect(jhaCommentSchema.safeParse({ content: "a" }).success).toBe(true);
    expect(jhaCommentSchema.safeParse({ content: "a".repeat(1000) }).success).toBe(true);
    expect(jhaCommentUpdateSchema.parse({ id: 1, content: "b" })).toEqual({ id: 1, content: "b" });
  });
});

describe("JHA helpers", () => {
  it("new hazards have no risk level until one is chosen; new control measures are blank", () => {
    expect(newHazard()).toEqual({ description: "", riskLevel: "" });
    expect(newControlMeasure()).toEqual({ description: "", responsibility: "" });
  });

  it("the last hazard or control measure cannot be removed", () => {
    expect(canRemoveRow(1)).toBe(false);
    expect(canRemoveRow(2)).toBe(true);
  });

  it("finds the highest risk", () => {
    expect(highestRisk([])).toBeNull();
    expect(highestRisk([{ riskLevel: "low" }, { riskLevel: "medium" }])).toBe("medium");
    expect(highestRisk([{ riskLevel: "high" }, { riskLevel: "low" }])).toBe("high");
  });

  it("labels and colours risk levels", () => {
    expect(riskLevelLabels).toEqual({ low: "Low", medium: "Medium", high: "High" });
    expect(riskLevelColors).toEqual({ low: "green", medium: "yellow", high: "red" });
  });
});
