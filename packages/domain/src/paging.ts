import { z } from "zod";

/**
 * Pages of a list (docs/decisions/performance.md). The product's REST clients read whole lists; the web app's screens ask
 * for one page at a time with the same search and filters, and show how many match in all, so a
 * large contractor's 20,000 forms never reach the phone at once.
 */

/** The longest search a list accepts; the screens' search boxes stop there. */
export const SEARCH_MAX = 200;

/** A list's optional search text (every list searches case-insensitively, on the server). */
export const searchParam = z.string().trim().max(SEARCH_MAX, "Search is too long").optional();

/** The most rows one page may ask for: a screen shows about 50 rows at a time. */
export const PAGE_LIMIT_MAX = 100;

const pageParams = {
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** A list's query with a required page: `limit` rows from `offset`. */
export function pageQuerySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.extend(pageParams);
}

/** One page of a list and how many rows its filters match. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** The offset of a 1-based page number. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}

/** How many pages `total` rows fill (at least one, so an empty list still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
