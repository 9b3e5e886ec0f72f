// The Mantine styles of the signed-in layout and the dashboard, loaded with them (this module is
// part of the protected layout's lazy chunk); the first screen has its own few
// (styles/firstScreen.ts), every other page all of them (styles/loadAll.ts, routes/_app.tsx).
import "../styles/dashboard";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, startTransition, useEffect, useState } from "react";
import { persistQueryCache, restoreQueryCache } from "../features/offline/queryCache";
import { hasSavedCache } from "../features/offline/savedCache";
import { loadAppTexts } from "../lib/i18n";
import { DatesLocale } from "../lib/i18n/DatesLocale";
import { createQueryClient, createTrpcClient, trpc } from "../lib/trpc";
import { FullPageSpinner } from "./FullPageSpinner";

// One query cache and one tRPC client for the life of the page (the protected layout that holds
// this provider unmounts when a signed-out visitor is sent to /auth and mounts again after).
let clients: { queryClient: ReturnType<typeof createQueryClient>; trpcClient: ReturnType<typeof createTrpcClient> } | undefined;
// The saved cache is put back once per page, before the first signed-in screen renders.
let restored: Promise<void> | undefined;
let isRestored = false;

/**
 * Creates the clients and starts reading the saved cache and the signed-in screens' English, both
 * needed before the first signed-in screen. When a user's cache is saved on this device, this runs
 * as soon as this chunk does (below), while the router still loads and runs the route's other
 * chunks (main.tsx has started the English already); otherwise the layout calls it as it renders.
 * The cache is still put back only for the right user (features/offline/queryCache.ts).
 */
function startSignedIn() {
  clients ??= { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
  const { queryClient } = clients;
  restored ??= Promise.all([restoreQueryCache(queryClient).catch(() => undefined), loadAppTexts().catch(() => undefined)]).then(() => {
    isRestored = true;
    persistQueryCache(queryClient);
  });
  return { ...clients, restored };
}

if (hasSavedCache()) startSignedIn();

/** tRPC and TanStack Query for the signed-in screens. /auth does not load them (bundle budget). */
export function ApiProvider({ children }: { children: ReactNode }) {
  const { queryClient, trpcClient, restored: whenRestored } = startSignedIn();
  const [ready, setReady] = useState(isRestored);
  useEffect(() => {
    // A transition: the signed-in frame's first render is split into slices (issue #37).
    void whenRestored.then(() => startTransition(() => setReady(true)));
  }, [whenRestored]);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DatesLocale>{ready ? children : <FullPageSpinner />}</DatesLocale>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
