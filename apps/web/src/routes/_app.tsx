import { createFileRoute, Navigate, Outlet } from "@tanstack/react-router";
import { AppLayout } from "../components/AppLayout";
import { FullPageSpinner } from "../components/States";
import { useSession } from "../lib/auth";

/** Every route but /auth is protected: spinner while the user loads, /auth when signed out. */
export const Route = createFileRoute("/_app")({
  component: ProtectedLayout,
});

function ProtectedLayout() {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (!session.data) return <Navigate to="/auth" replace />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
