import { commentUpdateKind } from "@sitesafe/domain";
import { del, get, post, put, type RestRoute } from "./table.js";

/**
 * REST paths of the comments area (docs/api.md), each onto a procedure. The
 * one PUT carries three payloads: status "resolved" (with managerResponse) resolves, staff's
 * status "in_progress" marks in progress, the author's title and content are an edit, whatever
 * status they carry along (domain comments.ts `commentUpdateKind`).
 */
export const commentsRoutes: RestRoute[] = [
  get("/api/safety-comments", (c, r) => c.comments.list(r.input)),
  post("/api/safety-comments", (c, r) => c.comments.create(r.input)),
  {
    ...put("/api/safety-comments/:id", async (c, r) => {
      // Who sends it decides, with the body, which action this is (commentUpdateKind).
      const session = await c.auth.session();
      switch (commentUpdateKind(r.body, session?.actor ?? null)) {
        case "markInProgress":
          return c.comments.markInProgress(r.input);
        case "resolve":
          return c.comments.resolve(r.input);
        case "edit":
          return c.comments.update(r.input);
      }
    }),
    // The answer comes from comments.update, resolve or markInProgress (one shape), not auth.session.
    procedure: "comments.update",
  },
  del("/api/safety-comments/:id", (c, r) => c.comments.delete(r.input)),
];
