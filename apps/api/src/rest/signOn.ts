import { csv, record } from "./osha.js";
import { del, get, post, type RestRoute } from "./table.js";

/** REST paths of crew sign-on (issue #34; docs/api.md), each onto a procedure. */
export const signOnRoutes: RestRoute[] = [
  get("/api/jha-forms/:id/sign-on", (c, r) => c.signOn.status({ kind: "jha", id: r.params.id as never })),
  post("/api/jha-forms/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "jha", id: r.params.id } as never)),
  get("/api/hot-work-permits/:id/sign-on", (c, r) => c.signOn.status({ kind: "permit", id: r.params.id as never })),
  post("/api/hot-work-permits/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "permit", id: r.params.id } as never)),
  get("/api/toolbox-talks/:id/sign-on", (c, r) => c.signOn.status({ kind: "talk", id: r.params.id as never })),
  post("/api/toolbox-talks/:id/sign-on", (c, r) => c.signOn.sign({ ...r.body, kind: "talk", id: r.params.id } as never)),
  // Public sign-on links (QR code / short link): managed by whoever collects the record's sign-on.
  post("/api/sign-on-links", (c, r) => c.signOn.createLink(r.input)),
  get("/api/sign-on-links", (c, r) => c.signOn.links(r.input)),
  del("/api/sign-on-links/:id", (c, r) => c.signOn.revokeLink(r.input)),
  // The public page's two calls: no account, the token is the key.
  get("/api/public/sign-on/:token", (c, r) => c.signOn.publicView(r.input)),
  post("/api/public/sign-on/:token", (c, r) => c.signOn.publicSign({ ...r.body, token: r.params.token } as never)),
  // Reporting (staff): a project's week of briefing coverage, JSON or `?format=csv`.
  record("/api/sign-on/coverage", (c, r) => c.signOn.coverage(r.input), {
    csv: async (c, r) => csv(r.reply, await c.signOn.coverageCsv(r.input)),
  }),
  get("/api/sign-on-signatures/:id", (c, r) => c.signOn.signatureImage(r.input)),
];
