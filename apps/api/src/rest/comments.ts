import { commentUpdateKind } from "@sitesafe/domain";
import { del, get, post, put, type RestRoute } from "./table.js";

/**
 * REST paths of the comments area (spec rules-and-api.md section 7), each onto a procedure. The
 * one PUT carries three payloads: status "in_progress" marks in progress, status "resolved" (with
 * managerResponse) resolves, anything else is the author's edit.
 */
export const commentsRoutes: RestRoute[] = [
  get("/api/safety-comments", (c, r) => c.comments.list(r.input)),
  post("/api/safety-comments", (c, r) => c.comments.create(r.input)),
  put("/api/safety-comments/:id", (c, r) => {
    switch (commentUpdateKind(r.body)) {
      case "markInProgress":
        return c.comments.markInProgress(r.input);
      case "resolve":
        return c.comments.resolve(r.input);
      case "edit":
        return c.comments.update(r.input);
    }
  }),
  del("/api/safety-comments/:id", (c, r) => c.comments.delete(r.input)),
];
