import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createQueryClient, createTrpcClient, trpc } from "../lib/trpc";

// One query cache and one tRPC client for the life of the page (the protected layout that holds
// this provider unmounts when a signed-out visitor is sent to /auth and mounts again after).
let clients: { queryClient: ReturnType<typeof createQueryClient>; trpcClient: ReturnType<typeof createTrpcClient> } | undefined;

/** tRPC and TanStack Query for the signed-in screens. /auth does not load them (bundle budget). */
export function ApiProvider({ children }: { children: ReactNode }) {
  clients ??= { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
  return (
    <trpc.Provider client={clients.trpcClient} queryClient={clients.queryClient}>
      <QueryClientProvider client={clients.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
