import { describe, expect, it } from "vitest";
import { formatAge, formatDate, formatDateTime, formatDuration, formatLongDateTime, formatUpcoming } from "./format";

const now = new Date(2026, 10, 23, 10, 0); // Monday, Nov 23 2026, 10:00 local

describe("date formats", () => {
  it("formats dates, permit date-times and profile date-times as the spec writes them", () => {
    expect(formatDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4))).toBe("Jan 5, 2026 3:04 PM");
    expect(formatLongDateTime(new Date(2026, 0, 5, 9, 7))).toBe("January 5, 2026 at 9:07 AM");
    expect(formatLongDateTime("not a date")).toBe("Unknown date");
  });

  it("keeps a date-only value on its own day", () => {
    expect(formatDate("2026-03-01")).toBe("Mar 1, 2026");
  });
});

describe("ages", () => {
  it.each([
    [new Date(2026, 10, 23, 8), "Today"],
    [new Date(2026, 10, 22, 23), "Yesterday"],
    [new Date(2026, 10, 17), "6 days ago"],
    [new Date(2026, 10, 16), "1 week ago"],
    [new Date(2026, 10, 10), "1 week ago"],
    [new Date(2026, 10, 9), "2 weeks ago"],
    [new Date(2026, 9, 25), "4 weeks ago"],
    [new Date(2026, 9, 24), "1 month ago"],
    [new Date(2026, 7, 1), "3 months ago"],
  ])("%s -> %s", (date, label) => {
    expect(formatAge(date, now)).toBe(label);
  });
});

describe("durations and upcoming labels", () => {
  it("writes m:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(600)).toBe("10:00");
  });

  it("says Today, Tomorrow or the weekday, with the time", () => {
    expect(formatUpcoming(new Date(2026, 10, 23, 15, 0), now)).toBe("Today, 3:00 PM");
    expect(formatUpcoming(new Date(2026, 10, 24, 9, 30), now)).toBe("Tomorrow, 9:30 AM");
    expect(formatUpcoming(new Date(2026, 10, 25, 8, 0), now)).toBe("Wednesday, 8:00 AM");
  });
});
