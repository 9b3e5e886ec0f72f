/**
 * The pattern for a "contains" search: lower-cased, with LIKE's wildcards escaped so a search for
 * "50%" or "a_b" means that text. Compare it with `lower(column) like pattern`.
 */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
