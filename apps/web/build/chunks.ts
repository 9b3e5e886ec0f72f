import type { Plugin } from "vite";

/**
 * Fewer, larger chunks for the first signed-in screen (docs/decisions/performance.md, "At the
 * site"). With the default splitting, opening the dashboard offline evaluated ~85 small files
 * through the service worker (Mantine components, icons, the layout's own modules), and most of
 * its time went there, not to the data.
 *
 * Which chunks a page loads is only known after tree-shaking (a package's index names all its
 * modules, used or not), so the plugin first bundles the app as before, without writing it, and
 * reads from that result the modules /auth loads (the entry's chunks and the /auth route's) and
 * those the signed-in layout and the dashboard load. The real build then puts everything the entry
 * loads in the entry's own chunk (rolldown cut it into ~10 shared chunks, and cut them again
 * differently whenever a lazy screen began to share one of their modules: /auth grew by 5.6 KB
 * and 4 files when the header's menus became lazy), what /auth adds to the entry in one chunk,
 * `auth-screen` (~23 small files by default: on a slow phone each costs a request and ~1.2 KB of
 * headers), and the second set, less the first, in three chunks:
 * - `layout-vendor` and `layout`: the layout's libraries (tRPC, TanStack Query, Mantine's
 *   components, icons) and its own code with the signed-in screens' English texts (which it
 *   always loads, lib/i18n/appTexts.ts), each under the 150 KB budget (scripts/check-bundle.mjs);
 * - `dashboard`: what only the dashboard adds.
 * /auth loads exactly the modules it loaded before, in fewer files. The entry imports nothing
 * grouped; `auth-screen` imports only the entry; the layout's groups import those two, so no two
 * chunks import each other (scripts/check-bundle.mjs checks). The route modules themselves stay the router's lazy chunks.
 */
const AUTH = /[\\/]src[\\/]routes[\\/]auth\.tsx\?tsr-split=component$/;
const LAYOUT = /[\\/]src[\\/]routes[\\/]_app\.tsx\?tsr-split=component$/;
const DASHBOARD = /[\\/]src[\\/]routes[\\/]_app[\\/]index\.tsx\?tsr-split=component$/;
/** The signed-in screens' English, which the layout loads on every start (lib/i18n, components/ApiProvider.tsx). */
const APP_TEXTS = /[\\/]src[\\/]lib[\\/]i18n[\\/]appTexts\.ts$/;
const FIRST_PASS = "SITESAFE_CHUNKS_FIRST_PASS";

interface OutChunk {
  type: "chunk";
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
}

const groups = new Map<string, string>();

function groupsFrom(chunks: OutChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const loads = (start: (c: OutChunk) => boolean) => {
    const seen = new Set<OutChunk>();
    const todo = chunks.filter(start);
    for (let c = todo.pop(); c; c = todo.pop()) {
      if (seen.has(c)) continue;
      seen.add(c);
      for (const f of c.imports) {
        const next = byFile.get(f);
        if (next) todo.push(next);
      }
    }
    return new Set([...seen].flatMap((c) => c.moduleIds));
  };
  const entry = loads((c) => c.isEntry);
  const first = loads((c) => c.isEntry || AUTH.test(c.facadeModuleId ?? ""));
  // The layout waits for its English before its first render: one chunk with it, not a second
  // round trip (and one small chunk per domain module of labels the texts read) after it.
  const layout = loads((c) => LAYOUT.test(c.facadeModuleId ?? "") || APP_TEXTS.test(c.facadeModuleId ?? ""));
  const dashboard = loads((c) => DASHBOARD.test(c.facadeModuleId ?? ""));
  const result = new Map<string, string>();
  if (layout.size === 0 || dashboard.size === 0) return result;
  // What the entry loads is needed by every page: in one chunk beside it, not in the ~10 shared
  // chunks rolldown would cut it into (and re-cut whenever a lazy screen starts sharing a module).
  // Its virtual modules too (Vite's modulepreload polyfill): left in the entry, they made the two
  // chunks import each other.
  for (const id of entry) result.set(id, "entry");
  for (const id of first) {
    if (!entry.has(id) && !AUTH.test(id) && !id.startsWith("\0")) result.set(id, "auth-screen");
  }
  for (const id of new Set([...layout, ...dashboard])) {
    if (first.has(id) || LAYOUT.test(id) || DASHBOARD.test(id) || id.startsWith("\0")) continue;
    if (layout.has(id)) result.set(id, /[\\/]node_modules[\\/]/.test(id) ? "layout-vendor" : "layout");
    else result.set(id, "dashboard");
  }
  return result;
}

/** Runs the first, unwritten bundle before the real build (not in the first pass itself, nor in dev). */
export function firstScreenChunks(): Plugin {
  return {
    name: "sitesafe-first-screen-chunks",
    apply: (_, env) => env.command === "build" && !process.env[FIRST_PASS],
    async buildStart() {
      const { build } = await import("vite");
      process.env[FIRST_PASS] = "1";
      try {
        const result = await build({ logLevel: "silent", build: { write: false, manifest: false } });
        const outputs = (Array.isArray(result) ? result : [result]) as { output?: (OutChunk | { type: "asset" })[] }[];
        const chunks = outputs.flatMap((o) => o.output ?? []).filter((c): c is OutChunk => c.type === "chunk");
        groups.clear();
        for (const [id, name] of groupsFrom(chunks)) groups.set(id, name);
      } finally {
        delete process.env[FIRST_PASS];
      }
      if (groups.size === 0) this.warn("first-screen chunks: route chunks not found; default splitting kept");
    },
  };
}

/** `build.rolldownOptions.output.codeSplitting`: the groups the first pass found, or none. */
export function codeSplitting() {
  if (process.env[FIRST_PASS]) return undefined;
  return {
    groups: [
      {
        debugName: "first-screen",
        name: (id: string) => groups.get(id) ?? null,
        // Exact sets: pulling a module's dependencies in would move /auth's modules.
        includeDependenciesRecursively: false,
      },
    ],
  };
}

/** Whether this is the first pass (no service worker, no compressed copies are made there). */
export const isFirstPass = () => Boolean(process.env[FIRST_PASS]);
