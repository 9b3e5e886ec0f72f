import { z } from "zod";
import { failedJobs } from "../services/jobs.js";
import { adminProcedure, router } from "../trpc.js";

const failedQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }).optional();

/** The job queue as admins see it (jobs/queue.ts): jobs that failed for good, with their errors. */
export const jobsRouter = router({
  failed: adminProcedure.input(failedQuerySchema).query(({ ctx, input }) => failedJobs(ctx.db, input?.limit ?? 50)),
});
