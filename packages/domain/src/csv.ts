/**
 * The one way SiteSafe writes a CSV cell, for every CSV it produces: the list exports
 * (apps/api/src/rest/csv.ts) and the OSHA files (`toCsv` in osha.ts: the 300 log and both ITA
 * uploads). Keeping one function keeps one rule against CSV injection.
 */

/** What a spreadsheet would start a formula with: =, +, -, @, tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * gets a leading apostrophe (OWASP's advice on CSV injection), so it shows as typed. Numbers and
 * booleans are never changed, so a numeric field stays a number; a caller that holds a number as
 * text (the OSHA files) writes only non-negative digits there. Quoted when the text holds a quote,
 * comma or line break, or starts or ends with spaces. Dates as ISO 8601, empty for null.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (no line end) of cells, each written by `csvCell`. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(",");
}
