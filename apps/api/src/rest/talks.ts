import { csv, pdf, record } from "./osha.js";
import { get, post, type RestRoute } from "./table.js";

/**
 * REST paths of toolbox talks (issue #34; docs/api.md). A talk answers JSON, or its attendance
 * sheet: a PDF for `?format=pdf` (or `Accept: application/pdf`), CSV for `?format=csv`. A worker's
 * talks attended and a project's talks per week hang under the worker and the project. The group
 * photo's upload is a photo route (rest/photos.ts).
 */
export const talksRoutes: RestRoute[] = [
  get("/api/toolbox-talk-topics", (c) => c.talks.topics()),
  post("/api/toolbox-talk-topics", (c, r) => c.talks.createTopic(r.input)),
  get("/api/toolbox-talks", (c, r) => c.talks.list(r.input)),
  get("/api/workers/:workerId/toolbox-talks", (c, r) => c.talks.attendedBy(r.input)),
  get("/api/projects/:id/toolbox-talks", (c, r) => c.talks.projectWeeks(r.input)),
  post("/api/toolbox-talks", (c, r) => c.talks.create(r.input)),
  record("/api/toolbox-talks/:id", (c, r) => c.talks.byId({ id: r.params.id } as never), {
    pdf: async (c, r) => pdf(r.reply, await c.talks.attendancePdf({ id: r.params.id } as never)),
    csv: async (c, r) => csv(r.reply, await c.talks.attendanceCsv({ id: r.params.id } as never)),
  }),
];
