import { type Actor, isStaff } from "@sitesafe/domain";
import type { trpc } from "../../lib/trpc";
import { isOnline } from "../offline/network";

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * Asks for the dashboard's figures as soon as the session is known, in one batch, while the frame
 * and the page are still being rendered (issue #37): before, the reads waited for the page to
 * mount, a second round trip after the session's on a slow phone network. The queries and their
 * inputs are those of DashboardPage.tsx and WorkerDashboard.tsx, so the page finds them in the
 * cache (fresh for the client's staleTime, lib/trpc.ts); a read left out here is simply asked
 * for by the page as before. Offline it asks nothing: the page shows the answers saved on the
 * device, as the client does on mount (lib/trpc.ts), and a failed ask would turn them into an error.
 */
export function prefetchDashboard(utils: Utils, actor: Actor): void {
  if (!isOnline()) return;
  const hasProfile = actor.workerId != null;
  void utils.dashboard.stats.prefetch();
  void utils.dashboard.upcoming.prefetch();
  void utils.dashboard.projectStats.prefetch();
  void utils.dashboard.recentIncidents.prefetch();
  void utils.dashboard.recentVideos.prefetch();
  if (hasProfile) void utils.dashboard.trainingCompletion.prefetch();
  if (hasProfile && !isStaff(actor)) void utils.dashboard.unwatchedRequiredVideos.prefetch();
}
