import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import type { DbHandle } from "@sitesafe/db";
import { AppError } from "@sitesafe/domain";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import helmet from "helmet";
import { AnswerBudget, RequestAnswers } from "./answerBudget.js";
import { type Config, DEFAULT_DIGEST_CRON } from "./config.js";
import { type Context, createContext, type SessionCookieJar } from "./context.js";
import { DatabaseRecovery } from "./databaseRecovery.js";
import { errorResponse, loggedCause, normaliseError, sendError } from "./errors.js";
import { FiguresCache } from "./figuresCache.js";
import { createMailer } from "./jobs/mailer.js";
import { JobQueue } from "./jobs/queue.js";
import { rememberLanguage } from "./language.js";
import { StreamSlots, WHOLE_LIST_STREAMS, WHOLE_LIST_STREAMS_PER_USER } from "./lists.js";
import { isApiRequest, isDisguisedApiRequest, isLimitedRequest, isStateChanging } from "./requests.js";
import { registerRest } from "./rest/register.js";
import { type AppRouter, appRouter } from "./router.js";
import { ACTION_OVERDUE_CRON, ACTION_OVERDUE_QUEUE, remindOverdueActions } from "./services/correctiveActions.js";
import { CREDENTIAL_REMINDER_CRON, CREDENTIAL_REMINDER_QUEUE, sendCredentialReminders } from "./services/credentialReminders.js";
import { advanceFireWatch, FIRE_WATCH_QUEUE, PERMIT_END_CRON, PERMIT_END_QUEUE, startDueFireWatches } from "./services/fireWatches.js";
import { deleteExpiredKeys } from "./services/idempotency.js";
import {
  type Delivery,
  EMAIL_QUEUE,
  emailNotification,
  pruneNotifications,
  RETENTION_CRON,
  RETENTION_QUEUE,
} from "./services/notifications.js";
import { pruneStagedPhotos } from "./services/photos.js";
import { PUSH_QUEUE, pushNotification, vapidKeys } from "./services/push.js";
import { DIGEST_QUEUE, sendTrainingDigest } from "./services/trainingNotices.js";

/** The error type and body, shaped in errors.ts; exported here as before. */
export { errorResponse } from "./errors.js";

export interface BuildServerOptions {
  config: Config;
  dbHandle: DbHandle;
  /** Fastify logger options; false silences it (tests). */
  logger?: boolean | Record<string, unknown>;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const SAFETY_PLAN_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Calls in one tRPC batch: the web app batches at most 10 (apps/web/src/lib/trpc.ts); more is
 * refused with 400 before anything is read. What a batch's answers may weigh together is bounded
 * by answerBudget.ts.
 */
export const TRPC_MAX_BATCH = 10;
const TOO_MANY_CALLS = "At most 10 calls can be sent in one batch";

const SESSION_COOKIE = "session";
/** Over HTTPS the cookie is Secure with the __Host- prefix: no subdomain can set or read it. */
const SECURE_SESSION_COOKIE = "__Host-session";

declare module "fastify" {
  interface FastifyInstance {
    /** Set on SIGTERM: new requests get 503 while in-flight ones finish. */
    shuttingDown: boolean;
    /** Requests being handled now (the 503s of a shutdown excluded). */
    inFlight: number;
  }
}

/**
 * Graceful stop: new requests get 503 at once, requests already being handled finish, and only
 * then does the server stop listening. A short grace lets requests already on the wire arrive and
 * get their 503 rather than a reset connection.
 */
export async function drainAndClose(app: FastifyInstance, { graceMs = 300, maxWaitMs = 25_000 } = {}): Promise<void> {
  app.shuttingDown = true;
  const deadline = Date.now() + maxWaitMs;
  while (app.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, graceMs));
  while (app.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await app.close();
}

export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const { config, dbHandle } = options;
  const app = Fastify({
    logger: withRedaction(options.logger ?? { level: config.logLevel }),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A tRPC batch puts every procedure name in one path parameter ("/trpc/a.b,c.d,..."): up to
    // TRPC_MAX_BATCH names. Fastify's default of 100 characters answered 414 to a page of 6 queries.
    routerOptions: { maxParamLength: 2000 },
    genReqId: () => randomUUID(),
  });
  app.decorate("shuttingDown", false);
  app.decorate("inFlight", 0);
  const delivery = registerJobQueue(app, options);
  // Fastify's own failures (unparsable JSON, body too large, bad content type, the rate limit) and
  // anything a hook threw: shaped by errors.ts like every other error. Set before any plugin is
  // registered: a plugin keeps the handler of when it was registered, and tRPC's body-too-large
  // answered Fastify's raw shape while it was set last (issue #30, L3).
  app.setErrorHandler((error, req, reply) => sendError(req, reply, error));

  await registerBodyParsers(app);
  await registerResponseHeaders(app);
  registerRequestGuards(app);
  const contextFor = requestContexts(options, delivery);
  if (config.rateLimitPerMinute > 0) await registerRateLimit(app, config.rateLimitPerMinute, contextFor);
  await registerTrpc(app, contextFor);
  const wholeListSlots = new StreamSlots(WHOLE_LIST_STREAMS, WHOLE_LIST_STREAMS_PER_USER);
  const recovery = registerDatabaseRecovery(app, options);
  await registerRest(app, { config, dbHandle, recovery, contextFor, wholeListSlots });

  registerIdempotencySweep(app, dbHandle);
  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * Each server's job queue. Not a Fastify decoration: a class type in Fastify's module augmentation
 * clashes when the API's sources and its built declarations are both in one program (packages/client).
 */
const jobQueues = new WeakMap<FastifyInstance, JobQueue>();

/** The job queue of a server built by buildServer (tests declare their own queues on it before ready). */
export function jobQueueOf(app: FastifyInstance): JobQueue {
  const jobs = jobQueues.get(app);
  if (!jobs) throw new Error("not a SiteSafe server");
  return jobs;
}

/** How soon a job queue that could not start (the database down or empty) tries again. */
const JOB_QUEUE_RETRY_MS = 5_000;

/**
 * The job queue (jobs/queue.ts, docs/decisions/0116-job-queue.md): its queues are created when the
 * server is ready, and this instance works on them unless RUN_JOBS=0; on close it finishes the jobs
 * in hand (up to 10 s) before the database is closed.
 */
function registerJobQueue(app: FastifyInstance, { config, dbHandle }: BuildServerOptions): Delivery {
  const jobs = new JobQueue({
    dbHandle,
    log: app.log,
    work: config.runJobs ?? true,
    now: config.now ?? (() => new Date()),
    pollingIntervalSeconds: config.jobPollingSeconds ?? 2,
  });
  const mailer = createMailer(config, app.log);
  const delivery: Delivery = { jobs, email: mailer !== null };
  jobs.define<{ permitId: number }>(FIRE_WATCH_QUEUE, async ({ permitId }, job) => {
    await advanceFireWatch(dbHandle.db, delivery, permitId, job.now);
  });
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}/`;
  jobs.define<{ notificationId: number }>(EMAIL_QUEUE, async ({ notificationId }) => {
    if (!mailer) return;
    await emailNotification(dbHandle.db, mailer, { publicUrl }, app.log, notificationId);
  });
  jobs.define<{ notificationId: number; subscriptionId: number }>(PUSH_QUEUE, async (data) => {
    await pushNotification(dbHandle.db, config, app.log, data);
  });
  // A permit whose end time passed unclosed starts its fire watch (services/fireWatches.ts).
  jobs.define(PERMIT_END_QUEUE, async (_data, job) => {
    await startDueFireWatches(dbHandle.db, delivery, job.now);
  });
  jobs.schedule(PERMIT_END_QUEUE.name, PERMIT_END_CRON);
  // The weekly digest of required training and videos still to finish (services/trainingNotices.ts).
  jobs.define(DIGEST_QUEUE, async (_data, job) => {
    await sendTrainingDigest(dbHandle.db, delivery, job.now);
  });
  jobs.schedule(DIGEST_QUEUE.name, config.digestCron ?? DEFAULT_DIGEST_CRON, config.digestTimeZone ?? "UTC");
  // Notifications older than NOTIFICATION_RETENTION_DAYS are deleted once a day (services/notifications.ts), and
  // so are staged inspection photos never attached within a day (services/photos.ts).
  jobs.define(RETENTION_QUEUE, async (_data, job) => {
    const deleted = await pruneNotifications(dbHandle.db, job.now);
    if (deleted > 0) app.log.info({ event: "notifications_pruned", deleted }, "old notifications deleted");
    const staged = await pruneStagedPhotos(dbHandle.db, job.now);
    if (staged > 0) app.log.info({ event: "staged_photos_pruned", deleted: staged }, "unattached staged photos deleted");
  });
  jobs.schedule(RETENTION_QUEUE.name, RETENTION_CRON);
  // Credentials expiring in 30 and 7 days: the worker and their projects' managers, once each (services/credentialReminders.ts).
  jobs.define(CREDENTIAL_REMINDER_QUEUE, async (_data, job) => {
    await sendCredentialReminders(dbHandle.db, delivery, job.now, config.digestTimeZone ?? "UTC");
  });
  jobs.schedule(CREDENTIAL_REMINDER_QUEUE.name, CREDENTIAL_REMINDER_CRON, config.digestTimeZone ?? "UTC");
  // Owners of overdue corrective actions are reminded once per action, daily (services/correctiveActions.ts).
  jobs.define(ACTION_OVERDUE_QUEUE, async (_data, job) => {
    await remindOverdueActions(dbHandle.db, delivery, job.now);
  });
  jobs.schedule(ACTION_OVERDUE_QUEUE.name, ACTION_OVERDUE_CRON, config.digestTimeZone ?? "UTC");
  jobQueues.set(app, jobs);
  // A database that is down or empty when the server gets ready must not stop the server: it answers
  // 503 and recovers (databaseRecovery.ts), and the queue starts once the database is back.
  let retry: NodeJS.Timeout | undefined;
  const start = async (): Promise<void> => {
    try {
      await jobs.start();
      // The VAPID keys are made on the first start (services/push.ts), before any push is sent.
      await vapidKeys(dbHandle.db);
    } catch (error) {
      app.log.warn({ err: error, event: "job_queue_start_failed" }, "job queue not started; trying again in 5 s");
      retry = setTimeout(() => void start(), JOB_QUEUE_RETRY_MS);
      retry.unref();
    }
  };
  app.addHook("onReady", start);
  app.addHook("onClose", async () => {
    clearTimeout(retry);
    await jobs.stop();
    mailer?.close();
  });
  return delivery;
}

/**
 * A database that comes back empty while the server runs is migrated and bootstrapped again
 * (databaseRecovery.ts): the health check asks, and so does every request that answered 503.
 */
function registerDatabaseRecovery(app: FastifyInstance, { config, dbHandle }: BuildServerOptions): DatabaseRecovery {
  const recovery = new DatabaseRecovery(dbHandle, config, app.log);
  app.addHook("onResponse", async (_req, reply) => {
    if (reply.statusCode === 503 && !app.shuttingDown) recovery.nudge();
  });
  return recovery;
}

/** Cookies, and multipart uploads within the safety plan's limits. */
async function registerBodyParsers(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: SAFETY_PLAN_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
}

/**
 * helmet's headers for `options`, worked out once. They are the same for every answer (no CSP
 * nonces), and @fastify/helmet built helmet's middleware anew on every request, parsing the CSP
 * directives each time: ~2% of the CPU of a small answer in a profile of `GET /api/user`.
 */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, collect as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers (docs/security.md), compression, and what every API answer says about caching. */
async function registerResponseHeaders(app: FastifyInstance): Promise<void> {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The YouTube IFrame Player API and the Vimeo player API report how far a video was played
        // (docs/decisions/0107-server-graded-training.md); nothing else is loaded from outside.
        scriptSrc: ["'self'", "https://www.youtube.com", "https://player.vimeo.com"],
        // Mantine sets inline styles for layout and theming.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://img.youtube.com", "https://i.vimeocdn.com"],
        mediaSrc: ["'self'", "https:", "blob:"],
        frameSrc: ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        connectSrc: ["'self'"],
        // The installable app (docs/decisions/0111-offline-outbox-and-idempotency.md): its service worker and manifest come from this server.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Security hardening (docs/security.md): ASVS 5.0 3.4.3 asks for base-uri 'none'; the web app has no <base>.
        baseUri: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS is sent by the onSend hook below, over HTTPS only.
    hsts: false,
    // Security hardening (docs/security.md): match CSP frame-ancestors 'none' for browsers that only read X-Frame-Options.
    frameguard: { action: "deny" },
  });
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // JSON answers are compressed (brotli or gzip) for clients that accept it: on one bar of signal
  // the bytes are the wait. Streams stay streams (whole lists are compressed as they are written);
  // the web app's files come precompressed from the build (see the static files below).
  await app.register(fastifyCompress, { threshold: 1024, encodings: ["br", "gzip"] });

  // Security hardening (docs/security.md): API answers carry personal and safety data, so no browser or
  // shared cache may keep a copy (ASVS 14.3.2), unless a route chose its own caching. HSTS only
  // over HTTPS, where browsers honour it; a plain http://localhost first run is left alone.
  app.addHook("onSend", async (req, reply, payload) => {
    if (isApiRequest(req) && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    if (req.protocol === "https") reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    // tRPC answers (a web Response, its headers applied after this hook) say "application/json"
    // without a charset; ASVS 4.1.1 wants it stated.
    if (payload instanceof Response && payload.headers.get("content-type") === "application/json") {
      try {
        payload.headers.set("content-type", "application/json; charset=utf-8");
      } catch {
        // An immutable Response keeps its header; nothing else depends on this.
      }
    }
    return payload;
  });
}

/** Before anything else: 503 while shutting down, in-flight counting, and the same-origin check for writes. */
function registerRequestGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (req, reply) => {
    if (app.shuttingDown) {
      reply.header("connection", "close");
      return sendError(req, reply, new AppError("SERVICE_UNAVAILABLE", "The server is restarting. Please try again shortly."));
    }
    // Counted until the response is finished or its connection is gone: "close" fires for both,
    // where onResponse never fires for a request whose client hung up, which left shutdown
    // waiting its whole 25 s after every load test.
    app.inFlight++;
    reply.raw.once("close", () => app.inFlight--);
    // The request's kind is decided once, from the route the router matched (requests.ts).
    if (isDisguisedApiRequest(req)) return sendError(req, reply, new AppError("NOT_FOUND", "Not found"));
    if (!isStateChanging(req) || !isApiRequest(req)) return;
    // A bearer token is not sent by a browser on its own, so a cross-site page cannot forge it:
    // the Origin check guards cookies only (docs/decisions/0110-api-consumers.md).
    if (bearerTokenOf(req) !== undefined) return;
    if (!sameOrigin(req)) {
      req.log.warn({ event: "origin_refused", origin: req.headers.origin ?? null }, "cross-origin write refused");
      return sendError(req, reply, new AppError("FORBIDDEN", "Cross-origin request refused"));
    }
  });
}

type ContextFor = (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** Each request's context, built once per request (tRPC and REST share it). */
function requestContexts(options: BuildServerOptions, delivery: Delivery): ContextFor {
  const { config, dbHandle } = options;
  const figures = new FiguresCache(config.figuresCacheMs ?? 0);
  // Memory for answers in flight, in bytes, per process and per user (answerBudget.ts).
  const answerBudget = new AnswerBudget();
  const contexts = new WeakMap<FastifyRequest, Promise<Context>>();
  const contextFor = (req: FastifyRequest, reply: FastifyReply): Promise<Context> => {
    let ctx = contexts.get(req);
    if (!ctx) {
      const secure = req.protocol === "https";
      const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
      const cookies: SessionCookieJar = {
        set: (token, expiresAt) =>
          void reply.setCookie(name, token, { httpOnly: true, sameSite: "lax", path: "/", secure, expires: expiresAt }),
        clear: () => void reply.clearCookie(name, { httpOnly: true, sameSite: "lax", path: "/", secure }),
      };
      ctx = createContext({
        dbHandle,
        config,
        log: req.log,
        ip: req.ip,
        sessionToken: req.cookies[name],
        bearerToken: bearerTokenOf(req),
        cookies,
        figures,
        delivery,
        idempotencyKey: headerOf(req, "idempotency-key"),
        acceptLanguage: headerOf(req, "accept-language"),
        answers: (userId) =>
          new RequestAnswers(answerBudget, userId !== null ? `user:${userId}` : `address:${req.ip}`, reply, config.streamIdleTimeoutMs),
      });
      ctx.then(
        (c) => rememberLanguage(req, c.language),
        () => undefined,
      );
      contexts.set(req, ctx);
    }
    return ctx;
  };
  return contextFor;
}

/** The tRPC endpoint of the web app (`/trpc/<area>.<procedure>`). */
async function registerTrpc(app: FastifyInstance, contextFor: ContextFor): Promise<void> {
  // A batch over the limit is refused with the product's message before any call is read.
  app.addHook("onRequest", async (req, reply) => {
    if (req.routeOptions.url !== "/trpc/:path") return;
    const calls = String((req.params as { path?: unknown }).path ?? "").split(",").length;
    if (calls > TRPC_MAX_BATCH) return sendError(req, reply, new AppError("BAD_REQUEST", TOO_MANY_CALLS));
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      // A session lookup that fails because the database is down must answer 503, not 500.
      createContext: ({ req, res }) => contextFor(req, res).catch((error: unknown) => Promise.reject(normaliseError(error))),
      maxBatchSize: TRPC_MAX_BATCH,
      onError: ({ error, path, req }) => {
        if (errorResponse(error).unexpected) req.log.error({ err: loggedCause(error), path }, "unexpected error");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}

function registerIdempotencySweep(app: FastifyInstance, dbHandle: DbHandle): void {
  // Idempotency keys are honoured for 24 hours; older ones are deleted hourly (and at start).
  const sweepKeys = () =>
    deleteExpiredKeys(dbHandle.db).then(
      () => undefined,
      (error: unknown) => app.log.warn({ err: error }, "expired idempotency keys not deleted"),
    );
  const keySweeper = setInterval(() => void sweepKeys(), 60 * 60 * 1000).unref();
  app.addHook("onReady", sweepKeys);
  app.addHook("onClose", async () => clearInterval(keySweeper));
}

/** The built web app, precompressed, and the not-found answer: JSON for the API, the app shell for client routes. */
async function registerWebApp(app: FastifyInstance, configuredDist: string | undefined): Promise<void> {
  const webDist = configuredDist && existsSync(join(configuredDist, "index.html")) ? configuredDist : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // The build writes .br and .gz next to each file (apps/web/vite.config.ts); they are sent as
      // they are, with the matching Content-Encoding, instead of compressing on every request.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed file names change with their content: cached for a year. The service worker and
        // the manifest and the app shell keep their names, so the browser must ask each time.
        if (path.includes("/assets/")) res.header("cache-control", "public, max-age=31536000, immutable");
        else if (/\/(index\.html|sw\.js|push-sw\.js|manifest\.webmanifest|signed-in-preload\.js)(\.br|\.gz)?$/.test(path))
          res.header("cache-control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiRequest(req) || req.method !== "GET" || !webDist) {
      return sendError(req, reply, new AppError("NOT_FOUND", "Not found"));
    }
    // Single-page app: every other GET is a client route, answered with the app shell.
    return reply.header("cache-control", "no-cache").sendFile("index.html", webDist);
  });
}

/**
 * The global API rate limit (docs/security.md): so many requests a minute per signed-in session,
 * or per client address for requests without a valid session (a forged cookie counts against its
 * address, not a fresh bucket of its own). The health check and the benchmark's bare route are
 * not limited, nor is the web app's static content. Counters are kept per instance, in a bounded
 * LRU (the plugin's default store, 5,000 keys): N instances behind a balancer allow up to N times
 * the limit. Routes registered after this are limited; the REST routes and tRPC are.
 */
async function registerRateLimit(
  app: FastifyInstance,
  perMinute: number,
  contextFor: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>,
) {
  const sessionOf = new WeakMap<FastifyRequest, string | null>();
  // The session is looked up once, for the limit and the request alike (contextFor remembers it).
  app.addHook("preHandler", async (req, reply) => {
    if (!isLimitedRequest(req)) return;
    const ctx = await contextFor(req, reply).catch(() => null);
    sessionOf.set(req, ctx?.session?.id ?? null);
  });
  await app.register(fastifyRateLimit, {
    global: true,
    hook: "preHandler",
    max: perMinute,
    timeWindow: 60_000,
    allowList: (req) => !isLimitedRequest(req),
    keyGenerator: (req) => {
      const session = sessionOf.get(req);
      return session ? `session:${session}` : `address:${req.ip}`;
    },
    errorResponseBuilder: (_req, context) =>
      Object.assign(new Error(`Too many requests. Please wait ${context.after} and try again.`), { statusCode: context.statusCode }),
  });
}

/**
 * TRUST_PROXY for Fastify. A list of addresses goes as is. Fastify turns a bare hop count into
 * "trust no one" (it cannot tell the proxy from a client that reached the port directly), so a
 * count is given as the function it means: the nearest `hops` addresses are proxies. The port must
 * then be reachable only through the proxy (README, docs/security.md).
 */
function proxyTrust(setting: Config["trustProxy"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/** The secret of `Authorization: Bearer <secret>`, or undefined when the request has none. */
function bearerTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? "") : undefined;
}

/**
 * Whatever logger the caller configured, with credentials kept out of it: Fastify's request
 * serializer leaves headers out today, and this keeps a bearer secret or a cookie out of any log
 * line that ever includes them.
 */
function withRedaction(logger: boolean | Record<string, unknown>): boolean | Record<string, unknown> {
  if (logger === false) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization", "headers.cookie"], censor: "[redacted]" },
  };
}

/** Requests that change state must come from this server's own pages (docs/api.md). */
function sameOrigin(req: FastifyRequest): boolean {
  if (req.headers["sec-fetch-site"] === "same-origin") return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  return origin === `${req.protocol}://${req.host}`;
}

function headerOf(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
