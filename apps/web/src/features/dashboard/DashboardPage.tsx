import { Stack } from "@mantine/core";
import { canKeepOshaRecords, DASHBOARD_STATS_REFETCH_MS, isStaff } from "@sitesafe/domain";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState } from "../../components/States";
import { useActor, useCurrentUser } from "../../lib/auth";
import { formatWeekdayDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { OverdueFireWatches } from "../notifications/OverdueFireWatches";
import { RecentIncidentsCard, RecentVideosCard, UpcomingCard } from "./ActivityCards";
import { ProjectTable } from "./ProjectTable";
import { QuickActionsList, QuickActionTiles } from "./QuickActions";
import { SafetyManagerCard } from "./SafetyManagerCard";
import { DashboardColumns, panelProps } from "./SectionCard";
import { StaffStatCards, WorkerStatCards } from "./StatCards";
import { TrainingBanner, YourTrainingCard } from "./TrainingCards";
import { WorkerDashboard } from "./WorkerDashboard";

// Staff only (the OSHA record keepers), so not in the chunk a worker waits for offline.
const BriefingCoverageCard = lazy(() => import("../signOn/BriefingCoverageCard").then((m) => ({ default: m.BriefingCoverageCard })));
const OshaDashboardCard = lazy(() => import("../osha/OshaDashboardCard").then((m) => ({ default: m.OshaDashboardCard })));
const InspectionIndicators = lazy(() => import("../inspections/InspectionIndicators").then((m) => ({ default: m.InspectionIndicators })));

/** / and /dashboard: the site's safety at a glance, scoped to the viewer's role. */
export function DashboardPage() {
  const user = useCurrentUser();
  const actor = useActor();
  if (!actor || !user) return null;
  // Workers get their own, phone-first page (WorkerDashboard.tsx); admins and managers this one.
  if (!isStaff(actor)) return <WorkerDashboard actor={actor} firstName={user.firstName || user.username} />;
  return <StaffDashboard />;
}

function StaffDashboard() {
  const { t } = useTranslation("dashboard");
  const user = useCurrentUser();
  const actor = useActor();
  const staff = actor ? isStaff(actor) : false;
  const hasProfile = actor?.workerId != null;

  const stats = trpc.dashboard.stats.useQuery(undefined, { refetchInterval: DASHBOARD_STATS_REFETCH_MS, enabled: actor !== null });
  const training = trpc.dashboard.trainingCompletion.useQuery(undefined, { enabled: hasProfile });
  const unwatched = trpc.dashboard.unwatchedRequiredVideos.useQuery(undefined, { enabled: !staff && hasProfile });
  const projects = trpc.dashboard.projectStats.useQuery(undefined, { enabled: actor !== null });
  const upcoming = trpc.dashboard.upcoming.useQuery(undefined, { enabled: actor !== null });
  const videos = trpc.dashboard.recentVideos.useQuery(undefined, { enabled: actor !== null });
  const incidents = trpc.dashboard.recentIncidents.useQuery(undefined, { enabled: actor !== null });

  // The banner says it here; the reminder toast shows on the other pages (components/TrainingReminder.tsx).
  const workerPct = training.data?.worker?.completionPercentage;

  if (!actor || !user) return null;
  const firstName = user.firstName || user.username;

  return (
    <>
      <PageHeader title={t("welcome", { name: firstName })} subtitle={t("subtitle", { date: formatWeekdayDate(new Date()) })} />
      {!staff && workerPct !== undefined ? <TrainingBanner percentage={workerPct} /> : null}

      <Stack gap="md">
        <OverdueFireWatches />
        {stats.isError ? <ErrorState message={t("statsFailed")} onRetry={() => void stats.refetch()} /> : null}
        {staff ? (
          <StaffStatCards stats={stats.data} loading={stats.isPending} />
        ) : (
          <WorkerStatCards stats={stats.data} unwatched={hasProfile ? unwatched.data?.count : 0} loading={stats.isPending} />
        )}

        <QuickActionTiles staff={staff} />
        <Suspense fallback={null}>
          <InspectionIndicators staff={staff} />
        </Suspense>

        <DashboardColumns
          main={
            <>
              <ProjectTable {...panelProps(projects)} staff={staff} />
              <UpcomingCard {...panelProps(upcoming)} />
              <RecentIncidentsCard {...panelProps(incidents)} />
            </>
          }
          side={
            <>
              {hasProfile ? <YourTrainingCard worker={training.data?.worker} loading={training.isPending} /> : null}
              <SafetyManagerCard actor={actor} staff={staff} />
              {staff ? (
                <Suspense fallback={null}>
                  <BriefingCoverageCard />
                </Suspense>
              ) : null}
              {canKeepOshaRecords(actor) ? (
                <Suspense fallback={null}>
                  <OshaDashboardCard />
                </Suspense>
              ) : null}
              <QuickActionsList staff={staff} />
              <RecentVideosCard {...panelProps(videos)} />
            </>
          }
        />
      </Stack>
    </>
  );
}
