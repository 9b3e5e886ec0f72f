import { describe, expect, it } from "vitest";
import { groupTalksByWeek, isoWeek, talkWeeksRange } from "./talks.js";

describe("ISO weeks of toolbox talks", () => {
  it("numbers weeks as ISO 8601 does, across year ends", () => {
    expect(isoWeek("2026-02-09")).toBe("2026-W07");
    expect(isoWeek("2026-01-01")).toBe("2026-W01");
    // 2027-01-01 is a Friday: it belongs to the last week of 2026.
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2024-12-30")).toBe("2025-W01");
  });

  it("groups talks per week, newest week first, listing empty weeks, with attendance summed", () => {
    expect(talkWeeksRange("2026-02-11", 2)).toEqual({ from: "2026-02-02", to: "2026-02-16" });
    const weeks = groupTalksByWeek(
      [
        { id: 1, title: "Ladders", talkDate: "2026-02-02", attendeeCount: 3 },
        { id: 2, title: "Heat", talkDate: "2026-02-08", attendeeCount: 2 },
        { id: 3, title: "Trenches", talkDate: "2026-01-20", attendeeCount: 9 },
      ],
      "2026-02-11",
      3,
    );
    expect(weeks.map((w) => [w.week, w.weekStart, w.talkCount, w.attendeeCount])).toEqual([
      ["2026-W07", "2026-02-09", 0, 0],
      ["2026-W06", "2026-02-02", 2, 5],
      ["2026-W05", "2026-01-26", 0, 0],
    ]);
    expect(weeks[1]?.talks.map((t) => t.id)).toEqual([1, 2]);
  });
});
