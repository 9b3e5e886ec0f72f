import { createFileRoute, Navigate } from "@tanstack/react-router";
import { FullPageSpinner } from "../components/States";
import { AuthPage } from "../features/accounts/AuthPage";
import { useSession } from "../lib/auth";

/** Public. An already signed-in visitor is sent to /. */
export const Route = createFileRoute("/auth")({
  component: AuthRoute,
});

function AuthRoute() {
  const session = useSession();
  if (session.isPending) return <FullPageSpinner />;
  if (session.data) return <Navigate to="/" replace />;
  return <AuthPage />;
}
