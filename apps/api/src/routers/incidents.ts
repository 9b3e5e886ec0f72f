import { router } from "../trpc.js";

/** Procedures of the incidents area. */
export const incidentsRouter = router({});
