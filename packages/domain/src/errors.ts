/**
 * One error type for every expected failure. The code is mapped once to a tRPC code and HTTP
 * status in the API (docs/api.md); anything that is not an AppError is unexpected and logged.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  /** A request body that stopped arriving (apps/api/src/bodyTimeout.ts): 408, worth retrying. */
  | "TIMEOUT"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly issues: FieldIssue[] | undefined;

  constructor(code: AppErrorCode, message: string, issues?: FieldIssue[]) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.issues = issues;
  }
}

export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

export const NOT_SIGNED_IN = "Not signed in";
export const NOT_ALLOWED = "You don't have permission to do this";

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const forbidden = (message: string = NOT_ALLOWED) => new AppError("FORBIDDEN", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const badRequest = (message: string, issues?: FieldIssue[]) => new AppError("BAD_REQUEST", message, issues);

/** Any schema library's issues (Zod, Standard Schema) as our `{path, message}` list. */
export function toFieldIssues(
  issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> | undefined }>,
): FieldIssue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((p) => (typeof p === "object" && p !== null ? String(p.key) : String(p))).join("."),
    message: issue.message,
  }));
}
