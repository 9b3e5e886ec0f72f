import { describe, expect, it } from "vitest";
import {
  approvalGapLines,
  buildEquipmentList,
  closePermitSchema,
  defaultPermitEnd,
  HOT_WORK_EQUIPMENT,
  HOT_WORK_PRECAUTION_GROUPS,
  HOT_WORK_PRECAUTIONS,
  hasApprovalGaps,
  hotWorkPermitSchema,
  listPermitsSchema,
  OTHER_EQUIPMENT,
  PERMIT_DEFAULT_DURATION_HOURS,
  parseEquipmentList,
  permitApprovalGaps,
  permitStatusColors,
  permitStatusLabels,
  precautionGroups,
  rejectPermitSchema,
  updateHotWorkPermitSchema,
} from "./permits.js";

const valid = {
  projectId: 3,
  title: "Weld stair stringers",
  location: "Level 2, east stair",
  workDescription: "Welding new steel stringers to the landing beams.",
  startDate: "2026-03-02T08:00",
  endDate: "2026-03-02T16:00",
  precautions: [HOT_WORK_PRECAUTIONS[0], HOT_WORK_PRECAUTIONS[1]],
  equipmentUsed: ["Welding equipment", "Other: Plasma cutter"],
  fireWatchRequired: true,
  fireWatchBy: "Sam Watch",
  requestedBy: 9,
};

/** Field path and message of every issue. */
function issues(input: unknown) {
  const result = hotWorkPermitSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message]);
}

describe("hotWorkPermitSchema", () => {
  it("accepts a complete permit and reads the dates", () => {
    const result = hotWorkPermitSchema.parse(valid);
    expect(result.startDate).toBeInstanceOf(Date);
    expect(result.startDate.getTime()).toBe(new Date("2026-03-02T08:00").getTime());
    expect(result.fireWatchBy).toBe("Sam Watch");
    expect(result.equipmentUsed).toEqual(["Welding equipment", "Other: Plasma cutter"]);
  });

  it("accepts ISO strings and Date objects (docs/field-grade-screens.md: no longer an end equal to the start)", () => {
    const at = new Date("2026-03-02T08:00:00.000Z");
    expect(
      hotWorkPermitSchema.safeParse({ ...valid, startDate: at, endDate: new Date(at.getTime() + 3_600_000).toISOString() }).success,
    ).toBe(true);
    expect(hotWorkPermitSchema.safeParse({ ...valid, startDate: at, endDate: at.toISOString() }).success).toBe(false);
  });

  it("defaults fire watch to required", () => {
    const { fireWatchRequired: _f, ...rest } = valid;
    expect(hotWorkPermitSchema.parse(rest).fireWatchRequired).toBe(true);
  });

  it("clears the fire watch name when no fire watch is required", () => {
    expect(hotWorkPermitSchema.parse({ ...valid, fireWatchRequired: false }).fireWatchBy).toBeNull();
    expect(hotWorkPermitSchema.parse({ ...valid, fireWatchBy: "" }).fireWatchBy).toBeNull();
  });

  it.each([
    [{ projectId: 0 }, "projectId", "Please select a project"],
    [{ projectId: undefined }, "projectId", "Please select a project"],
    [{ projectId: -2 }, "projectId", "Please select a project"],
    [{ projectId: "x" }, "projectId", "Please select a project"],
    [{ title: "Weld" }, "title", "Title must be at least 5 characters"],
    [{ title: "    Weld   " }, "title", "Title must be at least 5 characters"],
    [{ title: undefined }, "title", "Title must be at least 5 characters"],
    [{ title: "x".repeat(101) }, "title", "Title must not exceed 100 characters"],
    [{ location: "L2" }, "location", "Location must be at least 3 characters"],
    [{ location: "" }, "location", "Location must be at least 3 characters"],
    [{ workDescription: "Too short" }, "workDescription", "Work description must be at least 10 characters"],
    [{ startDate: "" }, "startDate", "Start date is required"],
    [{ startDate: undefined }, "startDate", "Start date is required"],
    [{ startDate: "not a date" }, "startDate", "Please enter a valid date"],
    [{ endDate: "" }, "endDate", "End date is required"],
    [{ endDate: null }, "endDate", "End date is required"],
    [{ endDate: "2026-13-45T99:00" }, "endDate", "Please enter a valid date"],
    [{ endDate: "2026-03-02T07:59" }, "endDate", "End date must be on or after the start date"],
    [{ precautions: [] }, "precautions", "At least one safety precaution must be selected"],
    [{ precautions: undefined }, "precautions", "At least one safety precaution must be selected"],
    [{ precautions: ["Something made up"] }, "precautions.0", "Please choose precautions from the checklist"],
    [{ equipmentUsed: [] }, "equipmentUsed", "At least one piece of equipment must be specified"],
    [{ equipmentUsed: undefined }, "equipmentUsed", "At least one piece of equipment must be specified"],
    [{ equipmentUsed: ["Other: "] }, "equipmentUsed.0", "Please specify the other equipment"],
    [{ equipmentUsed: [OTHER_EQUIPMENT] }, "equipmentUsed.0", "Please choose equipment from the list or specify other equipment"],
    [{ equipmentUsed: ["Jackhammer"] }, "equipmentUsed.0", "Please choose equipment from the list or specify other equipment"],
    [{ requestedBy: 0 }, "requestedBy", "Requester information is required"],
    [{ requestedBy: undefined }, "requestedBy", "Requester information is required"],
  ])("refuses %o with %s: %s", (change, path, message) => {
    expect(issues({ ...valid, ...change })).toEqual([[path, message]]);
  });

  it("reports every failed field of an empty form, in form order", () => {
    const form = {
      projectId: 0,
      title: "",
      location: "",
      workDescription: "",
      startDate: "",
      endDate: "",
      precautions: [],
      equipmentUsed: [],
      fireWatchRequired: true,
      fireWatchBy: "",
      requestedBy: 0,
    };
    expect(issues(form)).toEqual([
      ["projectId", "Please select a project"],
      ["title", "Title must be at least 5 characters"],
      ["location", "Location must be at least 3 characters"],
      ["workDescription", "Work description must be at least 10 characters"],
      ["startDate", "Start date is required"],
      ["endDate", "End date is required"],
      ["precautions", "At least one safety precaution must be selected"],
      ["equipmentUsed", "At least one piece of equipment must be specified"],
      ["requestedBy", "Requester information is required"],
    ]);
  });

  it("checks the date order even while other fields fail", () => {
    expect(issues({ ...valid, title: "", endDate: "2026-03-01T08:00" })).toEqual([
      ["title", "Title must be at least 5 characters"],
      ["endDate", "End date must be on or after the start date"],
    ]);
  });

  it("drops unknown fields such as status (no mass assignment)", () => {
    const parsed = hotWorkPermitSchema.parse({ ...valid, status: "approved", approvedBy: 1 });
    expect(parsed).not.toHaveProperty("status");
    expect(parsed).not.toHaveProperty("approvedBy");
  });

  it("the update schema adds the id and keeps the same rules", () => {
    expect(updateHotWorkPermitSchema.safeParse({ ...valid, id: "4" }).success).toBe(true);
    const result = updateHotWorkPermitSchema.safeParse({ ...valid, id: 4, endDate: "2026-03-01T00:00" });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(["End date must be on or after the start date"]);
  });
});

describe("permit period and approval gaps", () => {
  it("refuses a zero-length permit with its own message, and accepts one minute", () => {
    expect(issues({ ...valid, endDate: valid.startDate })).toEqual([
      ["endDate", "End time must be after the start time: a permit cannot last zero minutes"],
    ]);
    const start = new Date(valid.startDate);
    expect(issues({ ...valid, endDate: new Date(start.getTime() + 60_000).toISOString() })).toEqual([]);
  });

  it("defaults the end to the start plus 4 hours", () => {
    expect(PERMIT_DEFAULT_DURATION_HOURS).toBe(4);
    expect(defaultPermitEnd(new Date("2026-03-02T22:30:00Z")).toISOString()).toBe("2026-03-03T02:30:00.000Z");
  });

  it("lists the unticked precautions in checklist order and an unnamed required fire watch", () => {
    const gaps = permitApprovalGaps({
      precautions: [HOT_WORK_PRECAUTIONS[1], HOT_WORK_PRECAUTIONS[0]],
      fireWatchRequired: true,
      fireWatchBy: "  ",
    });
    expect(gaps.missingPrecautions).toEqual(HOT_WORK_PRECAUTIONS.slice(2));
    expect(gaps.fireWatchUnnamed).toBe(true);
    expect(approvalGapLines(gaps)[0]).toBe("Fire watch required, but nobody is named");
    expect(approvalGapLines(gaps)[1]).toBe(`Not checked: ${HOT_WORK_PRECAUTIONS[2]}`);
    const none = permitApprovalGaps({ precautions: [...HOT_WORK_PRECAUTIONS], fireWatchRequired: false, fireWatchBy: null });
    expect(hasApprovalGaps(none)).toBe(false);
    expect(
      hasApprovalGaps(permitApprovalGaps({ precautions: [...HOT_WORK_PRECAUTIONS], fireWatchRequired: true, fireWatchBy: null })),
    ).toBe(true);
  });
});

describe("equipment and precaution constants", () => {
  it("puts each of the 14 precautions in exactly one group of the request form", () => {
    const grouped = precautionGroups.flatMap((group) => HOT_WORK_PRECAUTION_GROUPS[group]);
    expect(grouped).toHaveLength(HOT_WORK_PRECAUTIONS.length);
    expect(new Set(grouped)).toEqual(new Set(HOT_WORK_PRECAUTIONS));
    for (const group of precautionGroups) expect(HOT_WORK_PRECAUTION_GROUPS[group].length).toBeLessThanOrEqual(5);
  });

  it("has the product's 8 equipment choices, in order", () => {
    expect(HOT_WORK_EQUIPMENT).toEqual([
      "Cutting torch",
      "Welding equipment",
      "Grinders",
      "Soldering equipment",
      "Heat guns",
      "Brazing equipment",
      "Arc welder",
      "Other (please specify)",
    ]);
  });

  it("has 14 distinct precautions including the six the product names", () => {
    expect(HOT_WORK_PRECAUTIONS).toHaveLength(14);
    expect(new Set(HOT_WORK_PRECAUTIONS).size).toBe(14);
    const text = HOT_WORK_PRECAUTIONS.join("\n").toLowerCase();
    for (const named of ["fire extinguishers", "flammable", "fire watch", "30 minutes after", "secured upright", "ppe"]) {
      expect(text).toContain(named);
    }
  });

  it("stores other equipment as 'Other: {text}' and reads it back", () => {
    const list = buildEquipmentList(["Grinders", OTHER_EQUIPMENT, "Cutting torch"], "Plasma cutter");
    expect(list).toEqual(["Cutting torch", "Grinders", "Other: Plasma cutter"]);
    expect(parseEquipmentList(list)).toEqual({ selected: ["Cutting torch", "Grinders", OTHER_EQUIPMENT], otherText: "Plasma cutter" });
  });

  it("keeps a checked Other with no text yet, and drops the text when Other is unchecked", () => {
    expect(buildEquipmentList([OTHER_EQUIPMENT], "")).toEqual(["Other: "]);
    expect(parseEquipmentList(["Other: "])).toEqual({ selected: [OTHER_EQUIPMENT], otherText: "" });
    expect(buildEquipmentList(["Arc welder"], "Plasma cutter")).toEqual(["Arc welder"]);
  });
});

describe("reject, close and list inputs", () => {
  it.each(["", "   ", undefined, null])("refuses a blank rejection reason (%o)", (rejectionReason) => {
    const result = rejectPermitSchema.safeParse({ id: 1, rejectionReason });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toBe("Please provide a reason for rejecting this permit.");
  });

  it("trims a rejection reason", () => {
    expect(rejectPermitSchema.parse({ id: "2", rejectionReason: "  No fire watch  " })).toEqual({
      id: 2,
      rejectionReason: "No fire watch",
    });
  });

  it("closing notes are optional", () => {
    expect(closePermitSchema.parse({ id: 1 })).toEqual({ id: 1, closingNotes: null });
    expect(closePermitSchema.parse({ id: 1, closingNotes: "  " })).toEqual({ id: 1, closingNotes: null });
    expect(closePermitSchema.parse({ id: 1, closingNotes: "Area checked at 16:30" })).toEqual({
      id: 1,
      closingNotes: "Area checked at 16:30",
    });
  });

  it("list filters come from query strings", () => {
    expect(listPermitsSchema.parse({ limit: "10", offset: "20", projectId: "3", search: " weld " })).toEqual({
      limit: 10,
      offset: 20,
      projectId: 3,
      search: "weld",
    });
    expect(listPermitsSchema.parse({})).toEqual({});
    expect(listPermitsSchema.safeParse({ limit: "0" }).success).toBe(false);
  });
});

describe("labels and search", () => {
  it("labels and colours every status", () => {
    expect(permitStatusLabels).toEqual({ pending: "Pending", approved: "Approved", rejected: "Rejected", closed: "Closed" });
    expect(permitStatusColors).toEqual({ pending: "yellow", approved: "green", rejected: "red", closed: "gray" });
  });
});
