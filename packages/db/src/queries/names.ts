import { type RawBuilder, sql } from "kysely";

/**
 * How people are named in answers, written once for every query. `alias` is the users or workers
 * row's alias in the query (none when the query reads the table unaliased).
 */

const column = (alias: string | undefined, name: string) => sql.ref(alias ? `${alias}.${name}` : name);

/** "First Last" of a users or workers row, or null when both are empty. */
export const fullName = (alias?: string): RawBuilder<string | null> =>
  sql<string | null>`nullif(concat_ws(' ', ${column(alias, "firstName")}, ${column(alias, "lastName")}), '')`;

/** A user's display name: "First Last", or the username when the user has no name (as the audit trail names people). */
export const userDisplayName = (alias?: string): RawBuilder<string | null> =>
  sql<string | null>`coalesce(${fullName(alias)}, ${column(alias, "username")})`;

/** "First Last" of a workers row (both names are required there, so never null). */
export const workerName = (alias: string): RawBuilder<string> =>
  sql<string>`concat_ws(' ', ${column(alias, "firstName")}, ${column(alias, "lastName")})`;

/** A workers row's name as the search boxes match it: "first last", lower case. */
export const workerNameForSearch = (alias: string): RawBuilder<string> => sql<string>`lower(${workerName(alias)})`;
