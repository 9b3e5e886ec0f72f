import { del, get, post, put, type RestRoute } from "./table.js";

/** REST paths of the workers area (docs/api.md), each onto a procedure. */
export const workersRoutes: RestRoute[] = [
  get("/api/workers", (c, r) => c.workers.list(r.input)),
  post("/api/workers", (c, r) => c.workers.create(r.input)),
  get("/api/workers/:id", (c, r) => c.workers.byId(r.input)),
  put("/api/workers/:id", (c, r) => c.workers.update(r.input)),
  del("/api/workers/:id", (c, r) => c.workers.delete(r.input)),
  get("/api/workers/:id/projects", (c, r) => c.workers.projects(r.input)),
  // Not in the product's table: the managers list and the admin-only manager form.
  get("/api/managers", (c, r) => c.workers.list({ ...(r.query as object), managersOnly: true })),
  post("/api/managers", (c, r) => c.workers.createManager(r.input)),
];
