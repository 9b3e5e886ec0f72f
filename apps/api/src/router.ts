import { authRouter } from "./routers/auth.js";
import { commentsRouter } from "./routers/comments.js";
import { correctiveActionsRouter } from "./routers/correctiveActions.js";
import { credentialsRouter } from "./routers/credentials.js";
import { dashboardRouter } from "./routers/dashboard.js";
import { incidentsRouter } from "./routers/incidents.js";
import { inspectionsRouter } from "./routers/inspections.js";
import { inviteTokensRouter } from "./routers/inviteTokens.js";
import { jhaRouter } from "./routers/jha.js";
import { jobsRouter } from "./routers/jobs.js";
import { notificationsRouter } from "./routers/notifications.js";
import { oshaRouter } from "./routers/osha.js";
import { permitsRouter } from "./routers/permits.js";
import { photosRouter } from "./routers/photos.js";
import { projectsRouter } from "./routers/projects.js";
import { pushRouter } from "./routers/push.js";
import { signOnRouter } from "./routers/signOn.js";
import { talksRouter } from "./routers/talks.js";
import { tokensRouter } from "./routers/tokens.js";
import { trainingRouter } from "./routers/training.js";
import { usersRouter } from "./routers/users.js";
import { videosRouter } from "./routers/videos.js";
import { workersRouter } from "./routers/workers.js";
import { createCallerFactory, publicProcedure, router } from "./trpc.js";

export const appRouter = router({
  /** A constant answer: the placeholder page's wiring check and the benchmark's ceiling. */
  ping: publicProcedure.query(() => ({ message: "SiteSafe API is running" })),
  auth: authRouter,
  users: usersRouter,
  inviteTokens: inviteTokensRouter,
  projects: projectsRouter,
  workers: workersRouter,
  jha: jhaRouter,
  incidents: incidentsRouter,
  permits: permitsRouter,
  comments: commentsRouter,
  training: trainingRouter,
  videos: videosRouter,
  dashboard: dashboardRouter,
  osha: oshaRouter,
  photos: photosRouter,
  tokens: tokensRouter,
  signOn: signOnRouter,
  talks: talksRouter,
  jobs: jobsRouter,
  notifications: notificationsRouter,
  push: pushRouter,
  credentials: credentialsRouter,
  inspections: inspectionsRouter,
  correctiveActions: correctiveActionsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
