import { del, get, post, put, type RestRoute } from "./table.js";

/**
 * REST paths of inspections and corrective actions (issue #35; docs/api.md). The item answers of
 * inspections and the action list answer JSON, or CSV for `?format=csv` (rest/csv.ts).
 */
export const inspectionsRoutes: RestRoute[] = [
  get("/api/inspection-templates", (c, r) => c.inspections.templates(r.input)),
  post("/api/inspection-templates", (c, r) => c.inspections.createTemplate(r.input)),
  get("/api/inspection-templates/:id", (c, r) => c.inspections.template(r.input)),
  put("/api/inspection-templates/:id", (c, r) => c.inspections.updateTemplate(r.input)),
  get("/api/inspection-schedules", (c, r) => c.inspections.schedules(r.input)),
  post("/api/inspection-schedules", (c, r) => c.inspections.createSchedule(r.input)),
  del("/api/inspection-schedules/:id", (c, r) => c.inspections.deleteSchedule(r.input)),
  get("/api/inspections", (c, r) => c.inspections.list(r.input)),
  get("/api/inspection-answers", (c, r) => c.inspections.answers(r.input)),
  post("/api/inspections", (c, r) => c.inspections.create(r.input)),
  get("/api/inspections/:id", (c, r) => c.inspections.byId(r.input)),
  get("/api/corrective-actions", (c, r) => c.correctiveActions.list(r.input)),
  post("/api/corrective-actions", (c, r) => c.correctiveActions.create(r.input)),
  get("/api/corrective-action-owners", (c, r) => c.correctiveActions.owners(r.input)),
  get("/api/corrective-actions/:id", (c, r) => c.correctiveActions.byId(r.input)),
  put("/api/corrective-actions/:id", (c, r) => c.correctiveActions.update(r.input)),
  put("/api/corrective-actions/:id/start", (c, r) => c.correctiveActions.start(r.input)),
  put("/api/corrective-actions/:id/submit", (c, r) => c.correctiveActions.submit(r.input)),
  put("/api/corrective-actions/:id/verify", (c, r) => c.correctiveActions.verify(r.input)),
  put("/api/corrective-actions/:id/reject", (c, r) => c.correctiveActions.reject(r.input)),
];
