import type { AppRouter } from "@sitesafe/api/types";
import { QueryClient } from "@tanstack/react-query";
import { httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";
import { isOnline } from "../features/offline/network";
import { i18n, languageHeaders } from "./i18n";

export const trpc = createTRPCReact<AppRouter>();
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/**
 * Stale after 30 s, no retries, refetch on window focus, no polling. Offline, a
 * screen with saved answers shows them without asking (asking would turn them into an error), and
 * asks again when the connection returns; a screen never opened before tries once
 * ("offlineFirst") and shows its error instead of spinning until the signal returns.
 */
export function createQueryClient() {
  const whenOnline = () => isOnline();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: false,
        refetchOnWindowFocus: whenOnline,
        refetchOnMount: whenOnline,
        networkMode: "offlineFirst",
      },
      // A write offline fails at once (and a create goes to the Outbox) instead of waiting paused.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

export function createTrpcClient() {
  return trpc.createClient({
    // The server answers (messages included) in the UI's language.
    links: [httpBatchLink({ url: "/trpc", transformer: superjson, maxItems: 10, headers: languageHeaders })],
  });
}

interface Invalidates {
  invalidate(): Promise<unknown>;
}

/**
 * After a change, a list's cached answers reload together: the whole list (`<area>.list`, still
 * read by pickers and the product's clients) and the screens' pages (`<area>.page`).
 */
export function invalidateLists(area: { list: Invalidates; page: Invalidates }) {
  return Promise.all([area.list.invalidate(), area.page.invalidate()]);
}

/** The server's message for a failed call, or the fallback the product gives for that screen. */
export function errorMessage(error: unknown, fallback = i18n.t("common:errors.unexpected")): string {
  if (error instanceof TRPCClientError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** HTTP status of a failed tRPC call (403 and 404 pick different screens). */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number } | undefined;
    return data?.httpStatus;
  }
  return undefined;
}
