import { byIdSchema, notificationListSchema, notificationPreferenceSchema } from "@sitesafe/domain";
import * as service from "../services/notifications.js";
import { authedProcedure, router } from "../trpc.js";

/** The signed-in user's own notifications (services/notifications.ts): nobody reads another's. */
export const notificationsRouter = router({
  list: authedProcedure.input(notificationListSchema).query(({ ctx, input }) => service.myNotifications(ctx, input)),

  unreadCount: authedProcedure.query(({ ctx }) => service.myUnreadCount(ctx)),

  markRead: authedProcedure.input(byIdSchema).mutation(({ ctx, input }) => service.markRead(ctx, input.id)),

  markAllRead: authedProcedure.mutation(({ ctx }) => service.markAllRead(ctx)),

  /** Which kinds the caller also gets by e-mail; the legally required ones cannot be switched off. */
  preferences: authedProcedure.query(({ ctx }) => service.myPreferences(ctx)),

  setPreference: authedProcedure.input(notificationPreferenceSchema).mutation(({ ctx, input }) => service.setPreference(ctx, input)),
});
