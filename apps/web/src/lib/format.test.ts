import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatAge,
  formatDate,
  formatDateTime,
  formatDuration,
  formatLongDateTime,
  formatMonth,
  formatNumber,
  formatPercent,
  formatUpcoming,
} from "./format";
import { applyLanguage, i18n } from "./i18n";

const now = new Date(2026, 10, 23, 10, 0); // Monday, Nov 23 2026, 10:00 local

describe("date formats", () => {
  it("formats dates, permit date-times and profile date-times as the product writes them", () => {
    expect(formatDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4))).toBe("Jan 5, 2026 3:04 PM");
    expect(formatLongDateTime(new Date(2026, 0, 5, 9, 7))).toBe("January 5, 2026 at 9:07 AM");
    expect(formatLongDateTime("not a date")).toBe("Unknown date");
    expect(formatMonth("2026-11")).toBe("November 2026");
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

describe("in Spanish", () => {
  beforeAll(() => applyLanguage("es", { remember: false }));
  afterAll(() => applyLanguage("en", { remember: false }));

  it("writes the day first, with Spanish month and day names", () => {
    expect(formatDate("2026-01-05")).toBe("5 ene 2026");
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4))).toBe("5 ene 2026, 3:04 PM");
    expect(formatLongDateTime(new Date(2026, 0, 5, 9, 7))).toBe("5 de enero de 2026 a las 9:07 AM");
    expect(formatLongDateTime("not a date")).toBe("Fecha desconocida");
    expect(formatMonth("2026-11")).toBe("noviembre de 2026");
    expect(formatUpcoming(new Date(2026, 10, 25, 8, 0), now)).toBe("Miércoles, 8:00 AM");
    expect(formatUpcoming(new Date(2026, 10, 24, 9, 30), now)).toBe("Mañana, 9:30 AM");
  });

  it("says ages in Spanish, singular and plural", () => {
    expect(formatAge(new Date(2026, 10, 22, 23), now)).toBe("Ayer");
    expect(formatAge(new Date(2026, 10, 17), now)).toBe("hace 6 días");
    expect(formatAge(new Date(2026, 10, 16), now)).toBe("hace 1 semana");
    expect(formatAge(new Date(2026, 7, 1), now)).toBe("hace 3 meses");
  });

  it("writes numbers as US Spanish does, and plurals of a million too", () => {
    expect(formatNumber(1250.5)).toBe("1,250.5");
    expect(formatPercent(85)).toMatch(/^85\s?%$/);
    expect(i18n.t("common:paging.total", { count: 1_000_000 })).toBe("1,000,000 en total");
  });
});

describe("whole numbers without Intl (issue #37)", () => {
  it("writes them as Intl does, in English and in US Spanish", async () => {
    const values = [0, 7, 12, 999, 1000, 1234, -1234, 65_536, 999_999, 1_000_000, 123_456_789, Number.MAX_SAFE_INTEGER];
    for (const language of ["en", "es"] as const) {
      await i18n.changeLanguage(language);
      for (const value of values) expect(formatNumber(value)).toBe(new Intl.NumberFormat(`${language}-US`).format(value));
      for (const value of [0, 5, 85, 100, 250]) {
        expect(formatPercent(value)).toBe(
          new Intl.NumberFormat(`${language}-US`, { style: "percent", maximumFractionDigits: 0 }).format(value / 100),
        );
      }
    }
    await i18n.changeLanguage("en");
  });
});

describe("numbers in English", () => {
  it("groups thousands", () => {
    expect(formatNumber(1250.5)).toBe("1,250.5");
    expect(formatPercent(85)).toBe("85%");
    expect(i18n.t("common:paging.total", { count: 2400 })).toBe("2,400 in all");
  });
});
