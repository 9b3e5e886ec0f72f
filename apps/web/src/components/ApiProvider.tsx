// All of Mantine's styles for the signed-in screens, loaded with them (this module is part of the
// protected layout's lazy chunk); the first screen has its own few (styles/firstScreen.ts).
import "@mantine/core/styles.layer.css";
import "@mantine/dates/styles.layer.css";
import "@mantine/notifications/styles.layer.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { persistQueryCache, restoreQueryCache } from "../features/offline/queryCache";
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

/** tRPC and TanStack Query for the signed-in screens. /auth does not load them (bundle budget). */
export function ApiProvider({ children }: { children: ReactNode }) {
  clients ??= { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
  const { queryClient } = clients;
  const [ready, setReady] = useState(isRestored);
  useEffect(() => {
    // The saved cache and the signed-in screens' English texts, both before the first screen.
    restored ??= Promise.all([restoreQueryCache(queryClient).catch(() => undefined), loadAppTexts().catch(() => undefined)]).then(() => {
      isRestored = true;
      persistQueryCache(queryClient);
    });
    void restored.then(() => setReady(true));
  }, [queryClient]);
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <DatesLocale>{ready ? children : <FullPageSpinner />}</DatesLocale>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
