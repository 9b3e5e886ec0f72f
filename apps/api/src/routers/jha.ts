import { router } from "../trpc.js";

/** Procedures of the jha area. */
export const jhaRouter = router({});
