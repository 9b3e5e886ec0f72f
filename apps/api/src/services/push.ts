import { isIP } from "node:net";
import { type Database, notifications, push } from "@sitesafe/db";
import {
  AppError,
  canReadNotification,
  conflict,
  type NotificationEntity,
  type NotificationKind,
  notFound,
  notificationLink,
  PUSH_PAYLOAD_MAX_BYTES,
  PUSH_SUBSCRIPTIONS_PER_USER,
  type PushSubscriptionInput,
  pushEndpointAllowed,
} from "@sitesafe/domain";
import type { Kysely } from "kysely";
import webpush from "web-push";
import { type Config, DEFAULT_PUSH_SERVICE_HOSTS } from "../config.js";
import type { Logger } from "../context.js";
import { pushTextOf } from "../jobs/emailTexts.js";
import type { QueueDefinition } from "../jobs/queue.js";
import type { ServiceContext } from "./context.js";
import { actorOf } from "./notificationRecipients.js";

/**
 * Web Push (docs/notifications.md, docs/decisions/0121-web-push.md). The server signs its pushes
 * with one VAPID key pair, made on the first start and kept in the database (every instance signs
 * with the same). `notify` queues one `notification-push` job per notification and subscribed
 * device; the job encrypts the payload to the device's keys (RFC 8291, `web-push`) and posts it to
 * the push service. 404 or 410: the browser dropped the subscription, so it is deleted; any other
 * failure throws and the queue retries.
 */
export const PUSH_QUEUE: QueueDefinition = { name: "notification-push", retryLimit: 5, retryDelay: 30, expireInSeconds: 120 };

/** How long a push service keeps an undelivered push for a device that is off (seconds). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that does not answer within this is retried later. */
const PUSH_TIMEOUT_MS = 15_000;

/** The server's VAPID keys; made and saved on first use (two instances at once keep one pair). */
export async function vapidKeys(db: Kysely<Database>): Promise<push.VapidKeys> {
  const found = await push.findVapidKeys(db);
  if (found) return found;
  return push.saveVapidKeys(db, webpush.generateVAPIDKeys());
}

/** GET /api/push/vapid-public-key: what a browser subscribes with (applicationServerKey). */
export async function publicKey(ctx: ServiceContext) {
  return { publicKey: (await vapidKeys(ctx.db)).publicKey };
}

/**
 * Whether the server may post to this endpoint: https to one of the configured push services
 * (PUSH_SERVICE_HOSTS; the endpoint comes from the user, so any other host could aim the server at
 * the inside of its network), or, when the configuration allows it for tests, plain http to this
 * machine.
 */
export function endpointAllowed(endpoint: string, config: Pick<Config, "pushAllowLocalHttp" | "pushServiceHosts">): boolean {
  return endpointRefusal(endpoint, config) === null;
}

const NOT_HTTPS = "Endpoint must be an https address";
const NOT_A_PUSH_SERVICE = "Endpoint must be a known push service";
/** The endpoint is another user's device and the keys are not the ones it registered (saveSubscription). */
const PUSH_ENDPOINT_TAKEN = "This device is registered to another account";

/** Why the server will not post to this endpoint (a message for the 400), or null when it may. */
function endpointRefusal(endpoint: string, config: Pick<Config, "pushAllowLocalHttp" | "pushServiceHosts">): string | null {
  const allowLocal = config.pushAllowLocalHttp === true;
  if (!pushEndpointAllowed(endpoint, allowLocal)) return NOT_HTTPS;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0 || host === "localhost") return allowLocal && ["127.0.0.1", "::1", "localhost"].includes(host) ? null : NOT_HTTPS;
  return pushServiceHost(host, config.pushServiceHosts ?? DEFAULT_PUSH_SERVICE_HOSTS) ? null : NOT_A_PUSH_SERVICE;
}

/** Whether `host` is one of `allowed` ("*.apple.com" takes web.push.apple.com, not apple.com). */
export function pushServiceHost(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase();
  return allowed.some((entry) => (entry.startsWith("*.") ? name.endsWith(entry.slice(1)) : name === entry));
}

/** POST /api/push/subscriptions: this browser's subscription for the caller; the oldest beyond ten is dropped. */
export async function subscribe(ctx: ServiceContext, input: PushSubscriptionInput) {
  const refusal = endpointRefusal(input.endpoint, ctx.config);
  if (refusal) throw new AppError("BAD_REQUEST", refusal);
  const now = ctx.now();
  const devices = await ctx.db.transaction().execute(async (trx) => {
    const saved = await push.saveSubscription(
      trx,
      { userId: ctx.actor.userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, now },
      PUSH_SUBSCRIPTIONS_PER_USER,
    );
    if (saved === undefined) throw conflict(PUSH_ENDPOINT_TAKEN);
    return push.subscriptionCount(trx, ctx.actor.userId);
  });
  return { subscribed: true, devices };
}

/** POST /api/push/unsubscribe: forgets this browser's subscription; 404 when the caller has none of that endpoint. */
export async function unsubscribe(ctx: ServiceContext, input: { endpoint: string }) {
  if (!(await push.deleteSubscription(ctx.db, ctx.actor.userId, input.endpoint))) throw notFound("Push subscription");
  return { subscribed: false, devices: await push.subscriptionCount(ctx.db, ctx.actor.userId) };
}

/** What the service worker shows (apps/web/public/push-sw.js): small, in the reader's language. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  lang: string;
  tag: string;
  urgent: boolean;
}

/** The payload of one notification, its body shortened until the JSON fits PUSH_PAYLOAD_MAX_BYTES. */
export function pushPayloadOf(note: {
  id: number;
  kind: string;
  entity: string;
  entityId: number;
  params: Record<string, string | number | null>;
  urgent: boolean;
  language: "en" | "es" | null;
}): PushPayload {
  const language = note.language ?? "en";
  const text = pushTextOf(note.kind as NotificationKind, note.params, note.urgent, language);
  const payload: PushPayload = {
    title: text.title,
    body: text.body,
    url: notificationLink(note.entity as NotificationEntity, note.entityId),
    lang: language,
    tag: `notification-${note.id}`,
    urgent: note.urgent,
  };
  while (Buffer.byteLength(JSON.stringify(payload)) > PUSH_PAYLOAD_MAX_BYTES && payload.body.length > 0) {
    payload.body = `${[...payload.body].slice(0, Math.max(0, [...payload.body].length - 100)).join("")}…`.replace(/^…$/, "");
  }
  return payload;
}

export type PushOutcome = "sent" | "gone" | "skipped";

/**
 * The push job: one notification to one device, if the subscription is still its addressee's and
 * they may still read the record. Throws on a failure worth retrying.
 */
export async function pushNotification(
  db: Kysely<Database>,
  config: Pick<Config, "vapidSubject" | "pushAllowLocalHttp">,
  log: Logger,
  job: { notificationId: number; subscriptionId: number },
): Promise<PushOutcome> {
  const sub = await push.findSubscription(db, job.subscriptionId);
  const note = await notifications.notificationForEmail(db, job.notificationId);
  if (!sub || !note || sub.userId !== note.userId) return "skipped";
  const [recipient] = await notifications.recipientsAmong(db, [note.userId]);
  if (!recipient || !canReadNotification(actorOf(recipient), notifications.factsOf(note))) {
    log.info({ event: "push_skipped", notificationId: note.id }, "push not sent: the record is no longer theirs to read");
    return "skipped";
  }
  if (!endpointAllowed(sub.endpoint, config)) return "skipped";
  const keys = await vapidKeys(db);
  const payload = JSON.stringify(pushPayloadOf(note));
  const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    vapidDetails: { subject: config.vapidSubject ?? "mailto:admin@localhost", publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: note.urgent ? "high" : "normal",
    contentEncoding: "aes128gcm",
  });
  // Sent with fetch rather than web-push's own sender: a bounded wait, no redirects followed, and
  // (for tests) plain http to this machine, which web-push's https-only sender cannot do.
  const res = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body as Buffer,
    redirect: "manual",
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) {
    await push.deleteSubscriptionById(db, sub.id);
    log.info({ event: "push_subscription_gone", subscriptionId: sub.id, status: res.status }, "push subscription removed: gone");
    return "gone";
  }
  if (res.status < 200 || res.status >= 300) throw new Error(`push service answered ${res.status}`);
  return "sent";
}
