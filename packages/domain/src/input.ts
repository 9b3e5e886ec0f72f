import type { FieldIssue } from "./errors.js";

/**
 * The one rule every input passes before any route reads it (docs/security.md, finding 8): values the
 * database cannot hold are the caller's mistake, answered with a clear 400, never a 500.
 *
 * - Text never contains the NUL character: PostgreSQL text cannot store it, and a search for it
 *   failed inside the query.
 * - Dates lie between the years 1900 and 2999, the range the date-only fields always had: beyond
 *   it PostgreSQL could not store a timestamp (or one derived from it, such as a video's watch-by
 *   date 30 days on), and no construction record is dated there.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2999;
export const NUL_IN_TEXT = "Text must not contain the NUL character";
export const DATE_OUT_OF_RANGE = `Please enter a date between the years ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

const EARLIEST_MS = Date.UTC(EARLIEST_YEAR, 0, 1);
const LATEST_MS = Date.UTC(LATEST_YEAR + 1, 0, 1) - 1;

/** Whether a date (an invalid one included) is within the supported years. */
export function isSupportedDate(date: Date): boolean {
  const ms = date.getTime();
  return ms >= EARLIEST_MS && ms <= LATEST_MS;
}

/** A whole value that reads as an ISO date or date-time, with its year: "2026-03-02", "+275760-09-13T00:00:00Z". */
const DATE_LIKE = /^\s*([+-]?\d{4,6})-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?\s*$/i;

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_IN_TEXT;
  const date = DATE_LIKE.exec(text);
  if (date) {
    const year = Number(date[1]);
    if (year < EARLIEST_YEAR || year > LATEST_YEAR) return DATE_OUT_OF_RANGE;
  }
  return null;
}

/**
 * The first value in `input` (any JSON-like value: a body, a query, a tRPC input; keys included)
 * that breaks the rule above, as a field issue, or null when there is none.
 */
export function unsupportedInput(input: unknown): FieldIssue | null {
  const stack: { value: unknown; path: string }[] = [{ value: input, path: "" }];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (typeof value === "string") {
      const message = textProblem(value);
      if (message) return { path, message };
    } else if (value instanceof Date) {
      if (!isSupportedDate(value))
        return { path, message: Number.isNaN(value.getTime()) ? "Please enter a valid date" : DATE_OUT_OF_RANGE };
    } else if (typeof value === "object" && value !== null && !seen.has(value) && !ArrayBuffer.isView(value)) {
      seen.add(value);
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes("\u0000")) return { path: at, message: NUL_IN_TEXT };
        stack.push({ value: item, path: at });
      }
    }
  }
  return null;
}
