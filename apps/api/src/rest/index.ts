import { accountsRoutes } from "./accounts.js";
import { commentsRoutes } from "./comments.js";
import { credentialsRoutes } from "./credentials.js";
import { dashboardRoutes } from "./dashboard.js";
import { incidentsRoutes } from "./incidents.js";
import { inspectionsRoutes } from "./inspections.js";
import { jhaRoutes } from "./jha.js";
import { jobsRoutes } from "./jobs.js";
import { notificationsRoutes } from "./notifications.js";
import { oshaRoutes } from "./osha.js";
import { permitsRoutes } from "./permits.js";
import { photosRoutes } from "./photos.js";
import { projectsRoutes } from "./projects.js";
import { pushRoutes } from "./push.js";
import { signOnRoutes } from "./signOn.js";
import type { RestRoute } from "./table.js";
import { talksRoutes } from "./talks.js";
import { tokensRoutes } from "./tokens.js";
import { trainingRoutes } from "./training.js";
import { videosRoutes } from "./videos.js";
import { workersRoutes } from "./workers.js";

/** Every documented /api/... route. Order matters only where Fastify cannot tell paths apart. */
export const restRoutes: RestRoute[] = [
  ...accountsRoutes,
  ...projectsRoutes,
  ...workersRoutes,
  ...jhaRoutes,
  ...incidentsRoutes,
  ...permitsRoutes,
  ...commentsRoutes,
  ...trainingRoutes,
  ...videosRoutes,
  ...dashboardRoutes,
  ...oshaRoutes,
  ...photosRoutes,
  ...tokensRoutes,
  ...signOnRoutes,
  ...talksRoutes,
  ...jobsRoutes,
  ...notificationsRoutes,
  ...pushRoutes,
  ...credentialsRoutes,
  ...inspectionsRoutes,
];
