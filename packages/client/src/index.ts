import type { AppRouter } from "@sitesafe/api/types";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import superjson from "superjson";

export type { AppRouter };
/** What each procedure takes, e.g. `Inputs["jha"]["create"]`. */
export type Inputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `Outputs["incidents"]["list"]`. */
export type Outputs = inferRouterOutputs<AppRouter>;

export interface CreateClientOptions {
  /** Base URL of a SiteSafe server, e.g. "https://sitesafe.example.com". */
  url: string;
  /**
   * A service token (`sst_...`) from the profile page: it is sent as `Authorization: Bearer` and
   * acts as its owner. Leave it out to use cookies instead (a `fetch` that keeps them, or `headers`).
   */
  token?: string;
  /** Extra headers for every call, e.g. { cookie: "session=..." }. */
  headers?: Record<string, string> | (() => Record<string, string>);
  fetch?: typeof fetch;
}

/** A field the server refused, with its message. */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Every failed call rejects with this: the server's own message (the text its screens show),
 * the HTTP status, and for invalid input (400) the problems per field. A network failure has
 * status 0.
 */
export class SiteSafeError extends Error {
  override readonly name = "SiteSafeError";
  constructor(
    message: string,
    readonly status: number,
    readonly issues: FieldIssue[] | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static from(error: unknown): SiteSafeError {
    if (error instanceof SiteSafeError) return error;
    if (error instanceof TRPCClientError) {
      const data = error.data as { httpStatus?: number; issues?: FieldIssue[] } | undefined;
      return new SiteSafeError(error.message, data?.httpStatus ?? 0, data?.issues ?? undefined, { cause: error });
    }
    return new SiteSafeError(error instanceof Error ? error.message : String(error), 0, undefined, { cause: error });
  }
}

/**
 * A typed client for internal API consumers (scripts, HR and payroll syncs, BI tools). Every
 * procedure of the server is here with its input and output types: `client.incidents.list.query
 * ({ projectId })`, `client.permits.approve.mutate({ id })`. Timestamps arrive as `Date`.
 * Calls go to `/trpc`, which runs the same procedures as the REST API.
 */
export function createClient(options: CreateClientOptions) {
  const base = options.url.replace(/\/+$/, "");
  const origin = new URL(base).origin;
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${base}/trpc`,
        transformer: superjson,
        headers: () => ({
          // Cookie callers need this server's Origin on writes; a token needs none, but it is harmless.
          origin,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(typeof options.headers === "function" ? options.headers() : (options.headers ?? {})),
        }),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ],
  });
  return withSiteSafeErrors(client);
}

export type SiteSafeClient = ReturnType<typeof createClient>;

/** The same client, with every rejection turned into a SiteSafeError. */
function withSiteSafeErrors<T extends object>(target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      const value = Reflect.get(obj, key, receiver) as unknown;
      if ((typeof value !== "function" && typeof value !== "object") || value === null) return value;
      return wrap(value as object);
    },
  });
}

function wrap(value: object): object {
  return new Proxy(value, {
    get(obj, key) {
      const inner = Reflect.get(obj, key) as unknown;
      if ((typeof inner !== "function" && typeof inner !== "object") || inner === null) return inner;
      return wrap(inner as object);
    },
    apply(fn, thisArg, args) {
      try {
        const result = Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args);
        return result instanceof Promise ? result.catch((error: unknown) => Promise.reject(SiteSafeError.from(error))) : result;
      } catch (error) {
        throw SiteSafeError.from(error);
      }
    },
  });
}

/**
 * Downloads a list as CSV (`GET <path>?format=csv` with the same filters), for exports to a
 * spreadsheet or a BI tool. Answers the response, whose body streams.
 */
export async function downloadCsv(
  options: CreateClientOptions,
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<Response> {
  const url = new URL(path, options.url.replace(/\/+$/, "/"));
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value));
  url.searchParams.set("format", "csv");
  const extra = typeof options.headers === "function" ? options.headers() : (options.headers ?? {});
  const res = await (options.fetch ?? fetch)(url, {
    headers: { accept: "text/csv", ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...extra },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; issues?: FieldIssue[] } | null;
    throw new SiteSafeError(body?.message ?? res.statusText, res.status, body?.issues);
  }
  return res;
}
