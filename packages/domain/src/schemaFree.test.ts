import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The modules the web app's first signed-in screens (the layout, the dashboard, the list pages and the
 * English texts loaded with the layout, apps/web/src/lib/i18n/appTexts.ts) read. They must
 * not build zod schemas, directly or through what they import: the app would then build every
 * schema of those modules before its first paint, which cost a phone ~150 ms of blocked main
 * thread (issue #37; docs/conventions.md, "Schema-free modules"). A module's schemas live in a
 * module of their own beside it (incidents.ts beside incidentLabels.ts, fireWatchSchemas.ts
 * beside fireWatch.ts). Type-only imports are erased by the build and do not count.
 */
const FIRST_SCREEN_MODULES = [
  "jhaRisk",
  "oshaLabels",
  "permitLabels",
  "projectLabels",
  "trainingLabels",
  "videoLabels",
  "pages",
  "commentStateMachine",
  "compliance",
  "dashboard",
  "fireWatch",
  "incidentLabels",
  "notificationLinks",
  "people",
  "photoLimits",
  "policy",
  "reminders",
  "roles",
];

function runtimeImports(module: string): string[] {
  const source = readFileSync(join(import.meta.dirname, `${module}.ts`), "utf8");
  return [...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)";/gms)].map((m) => m[1] as string);
}

/** Every module a module runs, itself included, following relative imports. */
function closure(module: string, seen = new Set<string>()): Set<string> {
  if (seen.has(module)) return seen;
  seen.add(module);
  for (const spec of runtimeImports(module)) {
    if (spec.startsWith("./")) closure(spec.slice(2).replace(/\.js$/, ""), seen);
    else seen.add(spec);
  }
  return seen;
}

describe("schema-free modules", () => {
  it.each(FIRST_SCREEN_MODULES)("%s runs no zod, directly or through its imports", (module) => {
    const runs = [...closure(module)];
    expect(runs.filter((m) => m === "zod" || m.startsWith("zod/"))).toEqual([]);
  });

  it("notices a module that imports zod (the check itself can fail)", () => {
    expect([...closure("incidents")]).toContain("zod");
  });
});
