import { get, post, type RestRoute } from "./table.js";

/** REST paths of crew sign-on (issue #34; docs/api.md), each onto a procedure. */
export const signOnRoutes: RestRoute[] = [
  get("/api/jha-forms/:id/sign-on", (c, r) => c.signOn.status({ kind: "jha", id: r.params.id as never })),
  post("/api/jha-forms/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "jha", id: r.params.id } as never)),
  get("/api/hot-work-permits/:id/sign-on", (c, r) => c.signOn.status({ kind: "permit", id: r.params.id as never })),
  post("/api/hot-work-permits/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "permit", id: r.params.id } as never)),
  get("/api/toolbox-talks/:id/sign-on", (c, r) => c.signOn.status({ kind: "talk", id: r.params.id as never })),
  post("/api/toolbox-talks/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "talk", id: r.params.id } as never)),
  get("/api/sign-on-signatures/:id", (c, r) => c.signOn.signatureImage(r.input)),
];
