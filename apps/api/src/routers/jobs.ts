import { z } from "zod";
import * as out from "../openapi/schemas.js";
import { get } from "../rest/meta.js";
import { failedJobs } from "../services/jobs.js";
import { adminProcedure, router } from "../trpc.js";

const failedQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }).optional();

/** The job queue as admins see it (jobs/queue.ts): jobs that failed for good, with their errors. */
export const jobsRouter = router({
  failed: adminProcedure
    .meta({ rest: get("/api/admin/failed-jobs"), output: out.list(out.failedJob) })
    .input(failedQuerySchema)
    .query(({ ctx, input }) => failedJobs(ctx.db, input?.limit ?? 50)),
});
