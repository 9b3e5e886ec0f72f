import { del, get, post, put, type RestRoute } from "./table.js";

/** REST paths of the incidents area (docs/api.md), each onto a procedure. */
export const incidentsRoutes: RestRoute[] = [
  get("/api/incident-reports", (c, r) => c.incidents.list(r.input)),
  post("/api/incident-reports", (c, r) => c.incidents.create(r.input)),
  get("/api/incident-reports/:id", (c, r) => c.incidents.byId(r.input)),
  put("/api/incident-reports/:id", (c, r) => c.incidents.update(r.input)),
  del("/api/incident-reports/:id", (c, r) => c.incidents.delete(r.input)),
  get("/api/incident-reports/:id/history", (c, r) => c.incidents.history(r.input)),
];
