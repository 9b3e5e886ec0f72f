import type { FastifyRequest } from "fastify";

/**
 * The one place that decides what kind of request this is (docs/security.md, "Round two:
 * requests"). Every protection keys on it: the same-origin check for writes, the rate limit,
 * `Cache-Control: no-store`, the JSON not-found answer, and the refusal of query-string input on
 * writes (rest/register.ts).
 *
 * The raw URL is not what the router serves: Fastify's router (find-my-way) decodes the path, so
 * `/%61pi/reset-password` runs the `/api/reset-password` route while `req.url` does not start with
 * `/api/`. Deciding on the raw URL let a page on another origin skip the origin check. So a request
 * is classified by the route the router actually matched (`req.routeOptions.url`, the declared
 * pattern), and, when no route matched, by its decoded and normalised path.
 */

const API_PREFIXES = ["/api", "/trpc"] as const;

/** The routes that are not rate limited: the health check and the benchmark's bare route. */
const UNLIMITED_ROUTES = new Set(["/api/health", "/api/bare"]);

function underApiPrefix(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The path without its query, percent-decoded once (as the router does), `//` collapsed, lower case. */
function normalisedPath(url: string): string {
  const raw = url.split("?", 1)[0] ?? "";
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  return decoded.replace(/\/{2,}/g, "/").toLowerCase();
}

/** An API request (REST under `/api`, tRPC under `/trpc`), by the route that serves it. */
export function isApiRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url;
  if (route !== undefined) return underApiPrefix(route);
  return underApiPrefix(normalisedPath(req.url));
}

/** An API request that counts against the rate limit. */
export function isLimitedRequest(req: FastifyRequest): boolean {
  return isApiRequest(req) && !UNLIMITED_ROUTES.has(req.routeOptions.url ?? "");
}

/**
 * An API route reached through a spelling other than its own (`/%61pi/...`, `/%74rpc/...`): the
 * request is answered 404, so the router, the protections above and anything in front of the
 * server (a proxy, a firewall rule on `/api`) all see the same path.
 */
export function isDisguisedApiRequest(req: FastifyRequest): boolean {
  if (!isApiRequest(req)) return false;
  const raw = req.url.split("?", 1)[0] ?? "";
  return !underApiPrefix(raw.replace(/^(\/[^/]*).*$/, "$1"));
}

/** A request that may change state: anything but GET, HEAD and OPTIONS. */
export function isStateChanging(req: FastifyRequest): boolean {
  return req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS";
}
