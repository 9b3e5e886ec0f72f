import type { AppRouter } from "@sitesafe/api/types";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import superjson from "superjson";

export type { AppRouter };

export interface CreateClientOptions {
  /** Base URL of a SiteSafe server, e.g. "http://127.0.0.1:3000". */
  url: string;
  /** Extra headers for every call, e.g. { cookie: "session=..." }. */
  headers?: Record<string, string> | (() => Record<string, string>);
  fetch?: typeof fetch;
}

/**
 * A typed tRPC client for internal consumers (scripts, other services). It sends this server's
 * own Origin, which the API requires on every state-changing request.
 */
export function createClient(options: CreateClientOptions) {
  const base = options.url.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        transformer: superjson,
        headers: () => ({ origin, ...(typeof options.headers === "function" ? options.headers() : (options.headers ?? {})) }),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
}

export type SiteSafeClient = ReturnType<typeof createClient>;
