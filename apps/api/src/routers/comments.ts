import { router } from "../trpc.js";

/** Procedures of the comments area. */
export const commentsRouter = router({});
