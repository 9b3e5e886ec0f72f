import { byIdSchema, notificationListSchema, notificationPreferenceSchema } from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { get, put } from "../rest/meta.js";
import * as service from "../services/notifications.js";
import { authedProcedure, router } from "../trpc.js";

/** The signed-in user's own notifications (services/notifications.ts): nobody reads another's. */
export const notificationsRouter = router({
  list: authedProcedure
    .meta({ rest: get("/api/notifications"), output: out.list(out.notification) })
    .input(notificationListSchema)
    .query(({ ctx, input }) => service.myNotifications(ctx, input)),

  unreadCount: authedProcedure
    .meta({ rest: get("/api/notifications/unread-count"), output: out.unreadCount })
    .query(({ ctx }) => service.myUnreadCount(ctx)),

  markRead: authedProcedure
    .meta({ rest: put("/api/notifications/:id/read"), output: out.unreadCount })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => service.markRead(ctx, input.id)),

  markAllRead: authedProcedure
    .meta({ rest: put("/api/notifications/read-all"), output: out.unreadCount })
    .mutation(({ ctx }) => service.markAllRead(ctx)),

  /** Which kinds the caller also gets by e-mail; the legally required ones cannot be switched off. */
  preferences: authedProcedure
    .meta({ rest: get("/api/notification-preferences"), output: out.list(out.notificationPreference) })
    .query(({ ctx }) => service.myPreferences(ctx)),

  setPreference: authedProcedure
    .meta({ rest: put("/api/notification-preferences"), output: out.list(out.notificationPreference) })
    .input(notificationPreferenceSchema)
    .mutation(({ ctx, input }) => service.setPreference(ctx, input)),
});
