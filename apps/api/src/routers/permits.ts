import { router } from "../trpc.js";

/** Procedures of the permits area. */
export const permitsRouter = router({});
