import { router } from "../trpc.js";

/** Procedures of the videos area. */
export const videosRouter = router({});
