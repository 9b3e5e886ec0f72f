import { router } from "../trpc.js";

/** Procedures of the dashboard area. */
export const dashboardRouter = router({});
