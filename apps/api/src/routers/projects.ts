import { router } from "../trpc.js";

/** Procedures of the projects area. */
export const projectsRouter = router({});
