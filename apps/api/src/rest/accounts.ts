import { del, get, post, put } from "./table.js";

/** Session and account; users and invite tokens (docs/api.md). */
export const accountsRoutes = [
  get("/api/user", (c) => c.auth.me()),
  put("/api/user/language", (c, r) => c.auth.setLanguage(r.input)),
  post("/api/login", (c, r) => c.auth.login(r.input), 200),
  post("/api/register", (c, r) => c.auth.register(r.input)),
  post("/api/logout", (c) => c.auth.logout(), 200),
  post("/api/change-password", (c, r) => c.auth.changePassword(r.input), 200),
  post("/api/reset-password", (c, r) => c.users.resetPassword(r.input), 200),
  get("/api/users", (c, r) => c.users.list(r.input)),
  get("/api/users/:id", (c, r) => c.users.byId(r.input)),
  del("/api/users/:id", (c, r) => c.users.delete(r.input)),
  get("/api/workers/byUserId/:userId", (c, r) => c.users.workerByUserId(r.input)),
  get("/api/worker-profile", (c) => c.users.workerProfile()),
  post("/api/invite-tokens", (c, r) => c.inviteTokens.create(r.input)),
  get("/api/invite-tokens", (c) => c.inviteTokens.list()),
  del("/api/invite-tokens/:id", (c, r) => c.inviteTokens.delete(r.input)),
];
