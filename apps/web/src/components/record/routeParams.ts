/** The largest id a record can have (a PostgreSQL integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record route's `$id` (/talks/12, /forms/jha/12): the positive whole number it names, or 0 for
 * anything else, for which the record's page answers "not found" without asking the server.
 */
export function recordId(param: string): number {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * A route's search parameters that name records (`/videos?vid=3&wid=7`): each of `keys` that is a
 * positive whole number (at most `max`), as a number; any other value is left out.
 */
export function searchIds<K extends string>(search: Record<string, unknown>, keys: readonly K[], max = Number.MAX_SAFE_INTEGER) {
  const ids: Partial<Record<K, number>> = {};
  for (const key of keys) {
    const value = search[key];
    const n = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(n) && n > 0 && n <= max) ids[key] = n;
  }
  return ids;
}
