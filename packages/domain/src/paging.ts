import { z } from "zod";
import { PAGE_LIMIT_MAX, SEARCH_MAX } from "./pages.js";

/**
 * Pages of a list (docs/decisions/performance.md). The product's REST clients read whole lists; the web app's screens ask
 * for one page at a time with the same search and filters, and show how many match in all, so a
 * large contractor's 20,000 forms never reach the phone at once.
 */

/** A list's optional search text (every list searches case-insensitively, on the server). */
export const searchParam = z.string().trim().max(SEARCH_MAX, "Search is too long").optional();

const pageParams = {
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** A list's query with a required page: `limit` rows from `offset`. */
export function pageQuerySchema<S extends z.ZodObject>(listQuery: S) {
  return listQuery.extend(pageParams);
}
