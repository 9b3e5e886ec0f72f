import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { get, post, put } from "../rest/meta.js";
import * as service from "../services/push.js";
import { authedProcedure, router } from "../trpc.js";

/** Web Push (services/push.ts): each signed-in user subscribes and unsubscribes their own devices. */
export const pushRouter = router({
  /** The server's VAPID public key, the browser's applicationServerKey. */
  publicKey: authedProcedure
    .meta({ rest: get("/api/push/vapid-public-key"), output: out.vapidPublicKey })
    .query(({ ctx }) => service.publicKey(ctx)),

  /** This browser's subscription for the caller (an endpoint already known is updated, not doubled). */
  subscribe: authedProcedure
    .meta({ rest: put("/api/push/subscription"), output: out.pushDevices })
    .input(pushSubscriptionSchema)
    .mutation(({ ctx, input }) => service.subscribe(ctx, input)),

  /** Forgets this browser's subscription; 404 if the caller has none with that endpoint. */
  unsubscribe: authedProcedure
    .meta({ rest: post("/api/push/unsubscribe", { status: 200 }), output: out.pushDevices })
    .input(pushUnsubscribeSchema)
    .mutation(({ ctx, input }) => service.unsubscribe(ctx, input)),
});
