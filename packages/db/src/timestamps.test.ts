import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseTimestamptz } from "./timestamps.js";

const driver = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date | number | null;

/** What the text means, written as ISO 8601 with the fraction cut to milliseconds. */
function meaning(text: string): number {
  const m = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?([+-]\d\d)(?::(\d\d))?$/.exec(text);
  if (!m) throw new Error(`not a timestamp: ${text}`);
  const ms = (m[7] ?? "").padEnd(3, "0").slice(0, 3);
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${ms}${m[8]}:${m[9] ?? "00"}`);
}

describe("reading timestamptz", () => {
  it("reads PostgreSQL's output in UTC and in other time zones", () => {
    expect(parseTimestamptz("2026-11-23 08:03:54.981621+00")).toEqual(new Date("2026-11-23T08:03:54.981Z"));
    expect(parseTimestamptz("2026-11-23 08:03:54+00")).toEqual(new Date("2026-11-23T08:03:54.000Z"));
    expect(parseTimestamptz("2026-01-01 00:00:00.5+05:30")).toEqual(new Date("2025-12-31T18:30:00.500Z"));
    expect(parseTimestamptz("2026-03-08 01:59:59.05-08")).toEqual(new Date("2026-03-08T09:59:59.050Z"));
    expect(parseTimestamptz("2024-02-29 23:59:59.999999-03:45")).toEqual(new Date("2024-03-01T03:44:59.999Z"));
  });

  it("gives the same instant as the text means, for thousands of generated values", () => {
    let seed = 20261123;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const two = (n: number) => String(n).padStart(2, "0");
    for (let k = 0; k < 5_000; k++) {
      const fraction =
        next(7) === 0
          ? ""
          : `.${String(next(1_000_000))
              .padStart(6, "0")
              .slice(0, 1 + next(6))}`;
      const offset = `${next(2) ? "+" : "-"}${two(next(15))}${next(3) === 0 ? `:${two([15, 30, 45][next(3)] as number)}` : ""}`;
      const text = `${1900 + next(200)}-${two(1 + next(12))}-${two(1 + next(28))} ${two(next(24))}:${two(next(60))}:${two(next(60))}${fraction}${offset}`;
      const parsed = parseTimestamptz(text) as Date;
      expect(parsed.getTime(), text).toBe(meaning(text));
      // And the driver's parser agrees wherever its own floating-point fraction does not slip.
      const theirs = driver(text) as Date;
      expect(Math.abs(parsed.getTime() - theirs.getTime()), text).toBeLessThanOrEqual(1);
    }
  });

  it("leaves what it does not recognise to the driver's parser", () => {
    expect(parseTimestamptz("infinity")).toBe(Number.POSITIVE_INFINITY);
    expect(parseTimestamptz("-infinity")).toBe(Number.NEGATIVE_INFINITY);
    for (const text of ["0044-03-15 12:00:00+00", "2000-01-01 00:00:00+00 BC", "1883-11-18 12:00:00-07:52:58", "12026-01-01 00:00:00+00"]) {
      expect(parseTimestamptz(text), text).toEqual(driver(text));
    }
  });
});
