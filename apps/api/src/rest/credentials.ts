import { del, get, post, type RestRoute } from "./table.js";

/**
 * REST paths of credentials (issue #36; docs/api.md). A worker's credentials and compliance hang
 * under the worker, a project's compliance under the project; the card's photos are photo routes
 * (rest/photos.ts).
 */
export const credentialsRoutes: RestRoute[] = [
  get("/api/credential-types", (c) => c.credentials.types()),
  post("/api/credential-types", (c, r) => c.credentials.createType(r.input)),
  get("/api/credential-requirements", (c, r) => c.credentials.requirements(r.input)),
  post("/api/credential-requirements", (c, r) => c.credentials.createRequirement(r.input)),
  del("/api/credential-requirements/:id", (c, r) => c.credentials.deleteRequirement(r.input)),
  get("/api/workers/:workerId/credentials", (c, r) => c.credentials.ofWorker(r.input)),
  post("/api/workers/:workerId/credentials", (c, r) => c.credentials.create(r.input)),
  get("/api/workers/:workerId/credential-compliance", (c, r) => c.credentials.workerCompliance(r.input)),
  get("/api/projects/:id/credential-compliance", (c, r) => c.credentials.projectCompliance(r.input)),
  get("/api/projects/:id/fire-watch-check", (c, r) => c.credentials.fireWatchCheck(r.input)),
  // A static segment: Fastify's router prefers it over "/api/credentials/:id".
  post("/api/credentials/import", (c, r) => c.credentials.import(r.input), 200),
  get("/api/credentials/:id", (c, r) => c.credentials.byId(r.input)),
  post("/api/credentials/:id/verify", (c, r) => c.credentials.verify(r.input), 200),
  post("/api/credentials/:id/reject", (c, r) => c.credentials.reject(r.input), 200),
  del("/api/credentials/:id", (c, r) => c.credentials.delete(r.input)),
];
