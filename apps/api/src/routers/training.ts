import { router } from "../trpc.js";

/** Procedures of the training area. */
export const trainingRouter = router({});
