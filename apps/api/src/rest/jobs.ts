import { get, type RestRoute } from "./table.js";

/** The job queue, for admins (docs/decisions/0116-job-queue.md). */
export const jobsRoutes: RestRoute[] = [get("/api/admin/failed-jobs", (c, r) => c.jobs.failed(r.input))];
