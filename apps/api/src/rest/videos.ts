import { get, post, put, type RestRoute } from "./table.js";

/** REST paths of the videos area (docs/api.md), each onto a procedure. */
export const videosRoutes: RestRoute[] = [
  get("/api/safety-videos", (c) => c.videos.list()),
  post("/api/safety-videos", (c, r) => c.videos.create(r.input)),
  get("/api/safety-videos/:id", (c, r) => c.videos.byId(r.input)),
  put("/api/safety-videos/:id", (c, r) => c.videos.update(r.input)),
  get("/api/workers/:workerId/videos", (c, r) => c.videos.workerVideos(r.input)),
  post("/api/workers/:workerId/videos", (c, r) => c.videos.createProgress(r.input)),
  put("/api/workers/:workerId/videos/:videoId", (c, r) => c.videos.updateProgress(r.input)),
  // Beyond the product rules: "I watched this", kept apart from the player-tracked status.
  post("/api/workers/:workerId/videos/:videoId/self-attest", (c, r) => c.videos.selfAttest(r.input), 200),
  get("/api/workers/:workerId/required-videos", (c, r) => c.videos.requiredVideos(r.input)),
];
