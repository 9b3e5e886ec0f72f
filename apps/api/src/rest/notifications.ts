import { get, put, type RestRoute } from "./table.js";

/** The caller's notifications (docs/notifications.md). */
export const notificationsRoutes: RestRoute[] = [
  get("/api/notifications", (c, r) => c.notifications.list(r.input)),
  get("/api/notifications/unread-count", (c) => c.notifications.unreadCount()),
  put("/api/notifications/read-all", (c) => c.notifications.markAllRead()),
  put("/api/notifications/:id/read", (c, r) => c.notifications.markRead(r.input)),
  get("/api/notification-preferences", (c) => c.notifications.preferences()),
  put("/api/notification-preferences", (c, r) => c.notifications.setPreference(r.input)),
];
