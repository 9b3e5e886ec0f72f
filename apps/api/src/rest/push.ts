import { get, post, put, type RestRoute } from "./table.js";

/** Web Push (docs/notifications.md): the caller's own devices. */
export const pushRoutes: RestRoute[] = [
  get("/api/push/vapid-public-key", (c) => c.push.publicKey()),
  put("/api/push/subscription", (c, r) => c.push.subscribe(r.input)),
  post("/api/push/unsubscribe", (c, r) => c.push.unsubscribe(r.input), 200),
];
