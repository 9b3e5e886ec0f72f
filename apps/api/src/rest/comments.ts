import type { RestRoute } from "./table.js";

/** REST paths of the comments area (spec rules-and-api.md section 7), each onto a procedure. */
export const commentsRoutes: RestRoute[] = [];
