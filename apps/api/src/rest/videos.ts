import type { RestRoute } from "./table.js";

/** REST paths of the videos area (spec rules-and-api.md section 7), each onto a procedure. */
export const videosRoutes: RestRoute[] = [];
