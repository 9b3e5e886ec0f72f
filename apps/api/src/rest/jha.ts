import { del, get, post, put, type RestRoute } from "./table.js";

/** REST paths of the jha area (docs/api.md), each onto a procedure. */
export const jhaRoutes: RestRoute[] = [
  get("/api/jha-forms", (c, r) => c.jha.list(r.input)),
  post("/api/jha-forms", (c, r) => c.jha.create(r.input)),
  get("/api/jha-forms/:id", (c, r) => c.jha.byId(r.input)),
  put("/api/jha-forms/:id", (c, r) => c.jha.update(r.input)),
  del("/api/jha-forms/:id", (c, r) => c.jha.delete(r.input)),
  // Comments (the entity exists in the product; the paths are ours).
  get("/api/jha-forms/:id/comments", (c, r) => c.jha.comments(r.input)),
  post("/api/jha-forms/:id/comments", (c, r) => c.jha.addComment({ ...r.body, jhaFormId: r.params.id } as never)),
  put("/api/jha-comments/:id", (c, r) => c.jha.updateComment(r.input)),
  del("/api/jha-comments/:id", (c, r) => c.jha.deleteComment(r.input)),
];
