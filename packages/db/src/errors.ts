/**
 * Database failures that are the caller's fault or a passing outage, recognised once so the API
 * can answer 409/400/503 instead of 500. SQLSTATE codes: https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
export interface DbErrorInfo {
  kind: "unique" | "foreignKey" | "check" | "invalidInput" | "unavailable" | "concurrentChange";
  constraint?: string | undefined;
}

const UNAVAILABLE_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);

export function classifyDbError(error: unknown): DbErrorInfo | null {
  if (!error || typeof error !== "object") return null;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  const constraint = typeof e.constraint === "string" ? e.constraint : undefined;
  if (code === "23505") return { kind: "unique", constraint };
  if (code === "23503") return { kind: "foreignKey", constraint };
  if (code === "23514" || code === "23502") return { kind: "check", constraint };
  // 40P01 deadlock_detected, 40001 serialization_failure: two writes crossed; the loser may retry.
  if (code === "40P01" || code === "40001") return { kind: "concurrentChange" };
  if (code === "22P02" || code === "22003" || code === "22007" || code === "22008" || code === "22001") return { kind: "invalidInput" };
  // 08xxx connection exceptions, 57P01..03 admin shutdown / cannot connect now, 53300 too many connections.
  if (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300") {
    return { kind: "unavailable" };
  }
  if (UNAVAILABLE_NODE_CODES.has(code)) return { kind: "unavailable" };
  // The database or its schema is gone (dropped, or recreated empty): 3D000 invalid_catalog_name
  // ("database does not exist"), 3F000 invalid_schema_name, 42P01 undefined_table. Every query
  // fails the same way until it is back, which is an outage, not the caller's request; the API
  // migrates an empty database again on its own (apps/api/src/databaseRecovery.ts).
  if (code === "3D000" || code === "3F000" || code === "42P01") return { kind: "unavailable" };
  const message = typeof e.message === "string" ? e.message : "";
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed|PGLite not initialized|database is closed|Cannot use a pool after calling end|not currently accepting connections|terminating connection/i.test(
      message,
    )
  ) {
    return { kind: "unavailable" };
  }
  return null;
}

/**
 * Runs a whole transaction again when the database chose it as the loser of a deadlock or a
 * serialization failure (at most `attempts` runs in all). For a write that must not fail because
 * another crossed it: deleting a project cascades to its permits, forms and reports, locking them
 * after the project, while an approval or a new report locks a permit or a report first and the
 * project (its foreign key) after; PostgreSQL breaks such a cycle by aborting one side, and the
 * retry runs once the other has committed. `run` must be the whole transaction, so nothing of the
 * aborted attempt is left.
 */
export async function retryConcurrentChange<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || classifyDbError(error)?.kind !== "concurrentChange") throw error;
    }
  }
}
