/**
 * The arithmetic and bounds of a list's pages, without schemas: every list screen reads these, and
 * a module of zod schemas costs a phone the time to build them (issue #37; docs/conventions.md,
 * "Schema-free modules"). The query schemas are in paging.ts.
 */

/** The longest search a list accepts; the screens' search boxes stop there. */
export const SEARCH_MAX = 200;

/** The most rows one page may ask for: a screen shows about 50 rows at a time. */
export const PAGE_LIMIT_MAX = 100;

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
