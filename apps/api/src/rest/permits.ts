import { del, get, post, put, type RestRoute } from "./table.js";

/** REST paths of the permits area (docs/api.md), each onto a procedure. */
export const permitsRoutes: RestRoute[] = [
  get("/api/hot-work-permits", (c, r) => c.permits.list(r.input)),
  post("/api/hot-work-permits", (c, r) => c.permits.create(r.input)),
  get("/api/hot-work-permits/:id", (c, r) => c.permits.byId(r.input)),
  put("/api/hot-work-permits/:id", (c, r) => c.permits.update(r.input)),
  del("/api/hot-work-permits/:id", (c, r) => c.permits.delete(r.input)),
  put("/api/hot-work-permits/:id/approve", (c, r) => c.permits.approve(r.input)),
  put("/api/hot-work-permits/:id/reject", (c, r) => c.permits.reject(r.input)),
  put("/api/hot-work-permits/:id/close", (c, r) => c.permits.close(r.input)),
  put("/api/hot-work-permits/:id/fire-watch/sign-off", (c, r) => c.permits.signOffFireWatch(r.input)),
];
