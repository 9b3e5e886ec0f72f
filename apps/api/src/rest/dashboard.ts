import { get, type RestRoute } from "./table.js";

/** REST paths of the dashboard area (docs/api.md), each onto a procedure. */
export const dashboardRoutes: RestRoute[] = [
  get("/api/dashboard/stats", (c) => c.dashboard.stats()),
  get("/api/dashboard/upcoming", (c) => c.dashboard.upcoming()),
  get("/api/dashboard/recent-videos", (c) => c.dashboard.recentVideos()),
  get("/api/dashboard/recent-incidents", (c) => c.dashboard.recentIncidents()),
  get("/api/dashboard/training-completion", (c, r) => c.dashboard.trainingCompletion(r.input)),
  get("/api/dashboard/unwatched-required-videos", (c, r) => c.dashboard.unwatchedRequiredVideos(r.input)),
  get("/api/dashboard/project-stats", (c) => c.dashboard.projectStats()),
  get("/api/dashboard/overdue-fire-watches", (c) => c.dashboard.overdueFireWatches()),
];
