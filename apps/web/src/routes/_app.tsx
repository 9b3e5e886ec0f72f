import { createFileRoute, Navigate, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { InterruptibleMount } from "../components/AfterFirstPaint";
import { ApiProvider } from "../components/ApiProvider";
import { AppLayout } from "../components/AppLayout";
import { FullPageSpinner } from "../components/FullPageSpinner";
import { Toasts } from "../components/Toasts";
import { prefetchDashboard } from "../features/dashboard/prefetch";
import { OfflineBanner } from "../features/offline/OfflineBanner";
import { OutboxSync } from "../features/outbox/useOutbox";
import { afterFirstScreen } from "../lib/afterFirstScreen";
import { useSession } from "../lib/auth";
import { useApplySavedLanguage } from "../lib/i18n/useUserLanguage";
import { rememberSignedIn } from "../lib/session";
import { trpc } from "../lib/trpc";
import { isDashboardPath, loadAllStyles } from "../styles/loadAll";

const noop = () => undefined;

/**
 * Every route but /auth is protected: spinner while the user loads, /auth when signed out. Every
 * page but the dashboard waits for all of Mantine's styles before it shows (the dashboard's come
 * with the layout: styles/dashboard.ts).
 */
export const Route = createFileRoute("/_app")({
  // A stylesheet that fails to load (a bad network) does not stop the page: it shows with the
  // layout's styles, rather than as an error.
  beforeLoad: ({ location }) => (isDashboardPath(location.pathname) ? undefined : loadAllStyles().then(noop, noop)),
  component: ProtectedLayout,
});

/** The signed-in screens' providers live here, not in main.tsx, so that /auth does not load them. */
function ProtectedLayout() {
  return (
    <ApiProvider>
      <Toasts />
      <SignedIn />
    </ApiProvider>
  );
}

function SignedIn() {
  const session = useSession();
  useApplySavedLanguage(session.data?.user);
  const utils = trpc.useUtils();
  const actor = session.data?.actor;
  useEffect(() => {
    if (actor && isDashboardPath(location.pathname)) prefetchDashboard(utils, actor);
  }, [actor, utils]);
  // On the dashboard, the rest of Mantine's styles once it has painted, so the next page is ready.
  useEffect(() => afterFirstScreen(() => void loadAllStyles()), []);
  if (session.isPending) return <FullPageSpinner />;
  // /auth reads this instead of asking the server again.
  if (session.isSuccess) rememberSignedIn(Boolean(session.data));
  if (!session.data) return <Navigate to="/auth" replace />;
  return (
    <InterruptibleMount fallback={<FullPageSpinner />}>
      <AppLayout>
        <OutboxSync />
        <OfflineBanner />
        <Outlet />
      </AppLayout>
    </InterruptibleMount>
  );
}
