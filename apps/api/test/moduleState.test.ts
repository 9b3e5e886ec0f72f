import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The API suite runs its files one after another in one process (isolate: false,
// apps/api/vitest.config.ts; docs/conventions.md). That is only safe while state lives in an app
// instance: a module-level cache or counter would carry one test file's database into the next
// file's answers, and in production one server's data into another's in the same process. Module
// state that is the process's own (its memory bounds) or holds no data is listed here, with why.
const ALLOWED: Record<string, string> = {
  "apps/api/src/rest/photos.ts uploadBudget": "the process's upload memory bound: bytes reserved per upload, released when it ends",
  "apps/api/src/services/photos.ts decodeBudget": "the process's image decoding memory bound, released when each decode ends",
  "apps/api/src/auth/passwords.ts dummyHash": "a hash of a fixed string, for timing-safe refusals of unknown users",
  "apps/api/src/services/loginLimits.ts lastSweep": "when this process last pruned old login limits: a time, no data",
  "apps/api/src/server.ts jobQueues": "a WeakMap keyed by the app instance",
  "apps/api/src/language.ts requestLanguages": "a WeakMap keyed by the request",
  "apps/api/src/errors.ts shaped": "a WeakSet of error objects",
  "apps/api/src/answerTransformer.ts NOT_PLAIN": "a fixed marker the serializer throws and catches itself; it holds no data",
  "packages/db/src/listSource.ts nodeBuilder": "a query builder with no connection, to compile SQL",
  "packages/db/src/testing.ts counter": "test databases' name counter (test support, not the app)",
  "apps/api/src/context.ts NO_CACHE": "a figures cache with a time to live of 0: it keeps nothing",
  "apps/api/src/openapi/document.ts PUBLIC_PROCEDURES": "a fixed set of procedure names",
  "apps/api/src/requests.ts UNLIMITED_ROUTES": "a fixed set of paths",
  "apps/api/src/services/heifMetadata.ts EMPTY_XMP": "fixed bytes",
  "packages/db/src/errors.ts UNAVAILABLE_NODE_CODES": "a fixed set of error codes",
};

const repo = resolve(import.meta.dirname, "..", "..", "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".d.ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** Top-level `let`/`var`, and top-level constants made with `new` (a Map, a cache, a budget ...). */
function moduleState(): string[] {
  const found: string[] = [];
  for (const dir of ["apps/api/src", "packages/db/src"]) {
    for (const file of sourceFiles(join(repo, dir))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^(?:export\s+)?(?:(?:let|var)\s+(\w+)|const\s+(\w+)(?:\s*:[^=]+)?\s*=\s*new\s)/gm)) {
        found.push(`${relative(repo, file)} ${m[1] ?? m[2]}`);
      }
    }
  }
  return found.sort();
}

describe("module-level state in the server and the database package", () => {
  it("is only what is listed, each with why it cannot leak one database's data into another's", () => {
    expect(moduleState()).toEqual(Object.keys(ALLOWED).sort());
  });
});
