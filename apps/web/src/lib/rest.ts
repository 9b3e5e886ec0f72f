import { languageHeaders } from "./i18n";

/**
 * A JSON call to the REST API (`/api/...`, docs/api.md), for /auth, which does not load the tRPC
 * client (bundle budget). The REST routes run the same procedures and answer errors as
 * `{ message }` with the same messages as tRPC. A non-OK answer throws an Error carrying the
 * server's message ("" when there is none, so callers fall back to their own text).
 */
export function postJson<T>(path: string, body: unknown): Promise<T> {
  return sendJson<T>("POST", path, body);
}

/** As postJson, with another method (PUT /api/user/language). */
export async function sendJson<T>(method: "POST" | "PUT", path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: { "content-type": "application/json", accept: "application/json", ...languageHeaders() },
    body: JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = data && typeof data === "object" && "message" in data && typeof data.message === "string" ? data.message : "";
    throw new Error(message);
  }
  return data as T;
}

/** The server's message for a failed call, or the screen's fallback (as errorMessage in ./trpc). */
export function restErrorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
