import type { Migration } from "kysely";
import * as m0001 from "./0001_initial.js";

/**
 * Migrations in order. A static list (not a folder scan) so the same set runs from source in
 * tests and from dist in production. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};
