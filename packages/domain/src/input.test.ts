import { describe, expect, it } from "vitest";
import { DATE_OUT_OF_RANGE, isSupportedDate, NUL_IN_TEXT, unsupportedInput } from "./input.js";

describe("the input rule: no NUL in text, dates within 1900 to 2999", () => {
  it("passes ordinary input, however nested", () => {
    expect(
      unsupportedInput({
        title: "Ladder slipped",
        date: "2026-03-02",
        at: "2026-03-02T10:00:00Z",
        tags: ["a", "b"],
        n: 8.64e15,
        nested: [{ x: null }],
      }),
    ).toBeNull();
    expect(unsupportedInput(undefined)).toBeNull();
    expect(unsupportedInput("1900-01-01")).toBeNull();
    expect(unsupportedInput("2999-12-31T23:59:59.999Z")).toBeNull();
    expect(unsupportedInput(new Date("2026-01-01"))).toBeNull();
    // Text that merely contains a date-like part is text.
    expect(unsupportedInput({ content: "Inspected on 1850-01-01 by the original builder" })).toBeNull();
  });

  it("finds a NUL in any string or key, with its path", () => {
    expect(unsupportedInput({ search: "\u0000" })).toEqual({ path: "search", message: NUL_IN_TEXT });
    expect(unsupportedInput({ hazards: [{ description: "ok" }, { description: "a\u0000b" }] })).toEqual({
      path: "hazards.1.description",
      message: NUL_IN_TEXT,
    });
    expect(unsupportedInput({ info: { "ke\u0000y": 1 } })).toEqual({ path: "info.ke\u0000y", message: NUL_IN_TEXT });
  });

  it("finds dates outside the years, as ISO text or as Date", () => {
    for (const text of [
      "+275760-09-13T00:00:00Z",
      "-271821-04-20T00:00:00.000Z",
      "9999-12-31",
      "0001-01-01",
      "1899-12-31T23:59:59Z",
      "3000-01-01T00:00:00+02:00",
    ]) {
      expect(unsupportedInput({ publishedAt: text }), text).toEqual({ path: "publishedAt", message: DATE_OUT_OF_RANGE });
    }
    expect(unsupportedInput({ d: new Date(8.64e15) })).toEqual({ path: "d", message: DATE_OUT_OF_RANGE });
    expect(unsupportedInput({ d: new Date(Number.NaN) })).toEqual({ path: "d", message: "Please enter a valid date" });
    expect(isSupportedDate(new Date(Date.UTC(1899, 11, 31, 23, 59, 59)))).toBe(false);
    expect(isSupportedDate(new Date(Date.UTC(3000, 0, 1)))).toBe(false);
    expect(DATE_OUT_OF_RANGE).toBe("Please enter a date between the years 1900 and 2999");
  });

  it("does not loop on a value that refers to itself, nor read binary data", () => {
    const a: Record<string, unknown> = { x: "ok" };
    a.self = a;
    expect(unsupportedInput(a)).toBeNull();
    expect(unsupportedInput({ data: new Uint8Array([0, 0, 0]) })).toBeNull();
  });
});
