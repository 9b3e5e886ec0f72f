import { createFileRoute, Navigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { InterruptibleMount } from "../components/AfterFirstPaint";
import { FullPageSpinner } from "../components/FullPageSpinner";
import { ToastsOnDemand } from "../components/ToastsOnDemand";
import { AuthPage } from "../features/accounts/AuthPage";
import { checkSignedIn, knownSignedIn } from "../lib/session";

/** Public. An already signed-in visitor is sent to /. */
export const Route = createFileRoute("/auth")({
  component: AuthRoute,
});

function AuthRoute() {
  const signedIn = useSignedIn();
  if (signedIn === undefined) return <FullPageSpinner />;
  if (signedIn) return <Navigate to="/" replace />;
  // The sign-in page mounts in slices a tap can come between (components/AfterFirstPaint.tsx):
  // as one task it blocked a 4x-throttled phone's main thread for ~500 ms (issue #37).
  return (
    <InterruptibleMount fallback={<FullPageSpinner />}>
      <ToastsOnDemand />
      <AuthPage />
    </InterruptibleMount>
  );
}

/** Whether a user is signed in; undefined while the server is asked (lib/session.ts, no tRPC client here). */
function useSignedIn(): boolean | undefined {
  const [signedIn, setSignedIn] = useState(knownSignedIn);
  useEffect(() => {
    if (signedIn !== undefined) return;
    let current = true;
    checkSignedIn().then((value) => {
      if (current) setSignedIn(value);
    });
    return () => {
      current = false;
    };
  }, [signedIn]);
  return signedIn;
}
