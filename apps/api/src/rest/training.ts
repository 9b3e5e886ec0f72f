import { get, post, put, type RestRoute } from "./table.js";

/** REST paths of the training area (docs/api.md), each onto a procedure. */
export const trainingRoutes: RestRoute[] = [
  get("/api/training-modules", (c, r) => c.training.modules(r.input)),
  get("/api/training-modules/:id", (c, r) => c.training.moduleById(r.input)),
  post("/api/training-modules", (c, r) => c.training.createModule(r.input)),
  put("/api/training-modules/:id/translations/:language", (c, r) => c.training.setTranslation(r.input)),
  get("/api/training-completion", (c, r) => c.training.completion(r.input)),
  // A static segment: listed before the :moduleId route so it reads as "force-refresh", never as a module id.
  get("/api/workers/:workerId/trainings/force-refresh", (c, r) => c.training.workerTrainingsForceRefresh(r.input)),
  get("/api/workers/:workerId/trainings", (c, r) => c.training.workerTrainings(r.input)),
  post("/api/workers/:workerId/trainings", (c, r) => c.training.createProgress(r.input)),
  put("/api/workers/:workerId/trainings/:moduleId", (c, r) => c.training.updateProgress(r.input)),
  // Beyond the product rules: the knowledge check is graded here, not in the browser.
  post("/api/workers/:workerId/trainings/:moduleId/attempts", (c, r) => c.training.submitAttempt(r.input)),
];
