import pg from "pg";

/**
 * Reading `timestamptz` columns fast (docs/decisions/performance.md). The driver's parser (postgres-date) runs three
 * regular expressions per value: on the benchmark machine a 50-row page of permits, seven
 * timestamps a row, spent more time turning timestamps into Dates than on anything else. PostgreSQL
 * prints them in one shape ("2026-11-23 08:03:54.981621+00", or "+05:30" in another time zone),
 * which is read here digit by digit into the same Date. Anything else (infinity, BC, years before
 * 100, historical offsets with seconds) goes to the driver's parser, so the answer never differs.
 *
 * Re-measured with the mixed benchmark (`DB_STOCK=timestamps pnpm bench:mixed`, 2026-11-24): with
 * the stock parser the memory-on runs were 8-11% slower in both rounds
 * (docs/decisions/0113-read-memory-one-module.md).
 */
const driverParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date | number | null;

const ZERO = 48;
const COLON = 58;

export function parseTimestamptz(text: string): Date | number | null {
  const n = text.length;
  // Year-month-day hour:minute:second: fixed positions for four-digit years.
  if (n < 22 || text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") return driverParser(text);
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  if (year < 100 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) return driverParser(text);

  // Fraction: milliseconds are its first three digits (a Date keeps no more, and drops the rest).
  let i = 19;
  let ms = 0;
  if (text[i] === ".") {
    i++;
    let place = 100;
    while (i < n) {
      const d = text.charCodeAt(i) - ZERO;
      if (d < 0 || d > 9) break;
      ms += d * place;
      place = place === 1 ? 0 : place / 10;
      i++;
    }
  }

  // Offset: "+HH" or "+HH:MM", and nothing after it.
  const sign = text[i] === "+" ? 1 : text[i] === "-" ? -1 : 0;
  if (sign === 0 || i + 3 > n) return driverParser(text);
  const offsetHours = digits(text, i + 1, i + 3);
  let offsetMinutes = 0;
  i += 3;
  if (i < n) {
    if (text.charCodeAt(i) !== COLON || i + 3 !== n) return driverParser(text);
    offsetMinutes = digits(text, i + 1, i + 3);
    i += 3;
  }
  if (offsetHours < 0 || offsetMinutes < 0) return driverParser(text);
  const offsetMs = sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMs);
}

/** The number written in text[from, to), or -1 when a character there is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}
