// Where a notification's record is in the web app. No schemas here: the dashboard's first screen
// links overdue fire watches with it, and a module of zod schemas costs a phone the time to build
// them (issue #37). The notification schemas and read rules are in notifications.ts.

/** The records a notification can point to, and where each one's page is in the web app. */
export const notificationEntities = [
  "permit",
  "incident",
  "jhaForm",
  "safetyMessage",
  "video",
  "trainingModule",
  "trainingDigest",
  "worker",
  "correctiveAction",
] as const;
export type NotificationEntity = (typeof notificationEntities)[number];

export function notificationLink(entity: NotificationEntity, id: number): string {
  switch (entity) {
    case "permit":
      return `/forms/hot-work-permits/${id}`;
    case "incident":
      return `/forms/incident-reports/${id}`;
    case "jhaForm":
      return `/forms/jha/${id}`;
    case "safetyMessage":
      return "/safety-comments";
    case "video":
      return "/videos";
    case "trainingModule":
      return `/training/required/${id}`;
    case "trainingDigest":
      return "/training/required";
    case "worker":
      // A credential about to expire (issue #36): the worker's page, where staff see their credentials.
      return `/workers/${id}`;
    case "correctiveAction":
      return `/actions/${id}`;
  }
}
