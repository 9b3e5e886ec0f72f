import { router } from "../trpc.js";

/** Procedures of the workers area. */
export const workersRouter = router({});
