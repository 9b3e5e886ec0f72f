import { Skeleton, Stack } from "@mantine/core";
import { type Actor, DASHBOARD_STATS_REFETCH_MS } from "@sitesafe/domain";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { AfterFirstPaint, InterruptibleMount } from "../../components/AfterFirstPaint";
import { PageHeader } from "../../components/PageHeader";
import { ErrorState } from "../../components/States";
import { formatWeekdayDate } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { RecentIncidentsCard, RecentVideosCard } from "./ActivityCards";
import { ProjectTable } from "./ProjectTable";
import { WorkerActions } from "./QuickActions";
import { SafetyManagerCard } from "./SafetyManagerCard";
import { DashboardColumns, panelProps } from "./SectionCard";
import { WorkerStatCards } from "./StatCards";
import { TodayCard } from "./TodayCard";
import { TrainingBanner, YourTrainingCard } from "./TrainingCards";

// The corrective actions assigned to the worker (hidden when none), in its own chunk like the staff's indicators.
const InspectionIndicators = lazy(() => import("../inspections/InspectionIndicators").then((m) => ({ default: m.InspectionIndicators })));

/**
 * The worker's dashboard, phone first (issue #37): what they must do today, then the three forms
 * they file, then their numbers and the rest. Each link appears once on the page; the lists are
 * in the tab bar and the menu. The staff's "Upcoming Safety Items" is not here: its training,
 * videos and today's permits are the tasks of TodayCard.tsx.
 */
export function WorkerDashboard({ actor, firstName }: { actor: Actor; firstName: string }) {
  const { t } = useTranslation("dashboard");
  const hasProfile = actor.workerId != null;

  const stats = trpc.dashboard.stats.useQuery(undefined, { refetchInterval: DASHBOARD_STATS_REFETCH_MS });
  const training = trpc.dashboard.trainingCompletion.useQuery(undefined, { enabled: hasProfile });
  const unwatched = trpc.dashboard.unwatchedRequiredVideos.useQuery(undefined, { enabled: hasProfile });
  const projects = trpc.dashboard.projectStats.useQuery();
  const videos = trpc.dashboard.recentVideos.useQuery();
  const incidents = trpc.dashboard.recentIncidents.useQuery();
  const upcoming = trpc.dashboard.upcoming.useQuery();
  const workerPct = training.data?.worker?.completionPercentage;
  // The banner and the "today" list decide the page's top, so it waits for both (one block in
  // their place, not pieces that push each other down: a layout shift of 0.18 on a phone).
  const topReady = !upcoming.isPending && (!hasProfile || !training.isPending);
  const loading = <Skeleton height={900} radius="md" data-testid="dashboard-loading" />;

  return (
    <>
      <PageHeader title={t("welcome", { name: firstName })} subtitle={t("subtitle", { date: formatWeekdayDate(new Date()) })} />
      {topReady ? null : loading}
      {/* The page's first full render, sliced so it does not block a tap (components/AfterFirstPaint.tsx). */}
      <InterruptibleMount fallback={topReady ? loading : null}>
        {topReady && workerPct !== undefined ? <TrainingBanner percentage={workerPct} withAction={false} /> : null}

        <Stack gap="md" display={topReady ? undefined : "none"}>
          <TodayCard />
          <Suspense fallback={null}>
            <InspectionIndicators staff={false} />
          </Suspense>
          <WorkerActions />
          {stats.isError ? <ErrorState message={t("statsFailed")} onRetry={() => void stats.refetch()} /> : null}
          <WorkerStatCards stats={stats.data} unwatched={hasProfile ? unwatched.data?.count : 0} loading={stats.isPending} />

          {/* Below the fold on a phone: rendered after the top has painted. */}
          <AfterFirstPaint>
            <DashboardColumns
              main={
                <>
                  <ProjectTable {...panelProps(projects)} staff={false} />
                  <RecentIncidentsCard {...panelProps(incidents)} withLink={false} />
                </>
              }
              side={
                <>
                  {hasProfile ? <YourTrainingCard worker={training.data?.worker} loading={training.isPending} /> : null}
                  <SafetyManagerCard actor={actor} staff={false} />
                  <RecentVideosCard {...panelProps(videos)} />
                </>
              }
            />
          </AfterFirstPaint>
        </Stack>
      </InterruptibleMount>
    </>
  );
}
