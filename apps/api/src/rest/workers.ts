import type { RestRoute } from "./table.js";

/** REST paths of the workers area (spec rules-and-api.md section 7), each onto a procedure. */
export const workersRoutes: RestRoute[] = [];
