import type { Plugin, Rolldown } from "vite";
import { SAVED_CACHE_KEY } from "../src/features/offline/savedCache";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The file the page loads beside the entry; a fixed name, so index.html can name it. */
const PRELOAD_FILE = "signed-in-preload.js";

/** The route chunks a signed-in user opening the app needs first: the layout, and the dashboard on "/". */
const LAYOUT = "src/routes/_app.tsx?tsr-split=component";
const DASHBOARD = "src/routes/_app/index.tsx?tsr-split=component";

/**
 * Starts loading the signed-in layout's chunks (and the dashboard's, on "/") as soon as the page
 * arrives, beside the entry, instead of after the entry has run and the router has asked for them
 * (docs/decisions/performance.md, "The offline dashboard"). Opening the installed app offline, the
 * entry had run ~500 ms after navigation and the layout's chunks ~500 ms after that.
 *
 * A small classic script (`async`, so it never holds up the first paint) adds
 * `<link rel="modulepreload">` for those files, only when a signed-in user's cache is saved on
 * this device (features/offline/savedCache.ts) and the page is not the sign-in page: a visitor on
 * `/auth` loads nothing more than before. It is a file, not an inline script, because the
 * Content-Security-Policy allows scripts from this server only. The service worker precaches it
 * with the rest.
 */
export function signedInPreload(): Plugin {
  return {
    name: "sitesafe-signed-in-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: () => [{ tag: "script", attrs: { src: `/${PRELOAD_FILE}`, async: true }, injectTo: "head" }],
    },
    generateBundle(_options, bundle) {
      const layout = filesOf(bundle, LAYOUT);
      const dashboard = filesOf(bundle, DASHBOARD);
      if (layout.length === 0 || dashboard.length === 0) this.error(`signed-in preload: ${LAYOUT} or ${DASHBOARD} not in the bundle`);
      const entry = new Set(
        closure(
          bundle,
          Object.values(bundle).find((c): c is OutputChunk => c.type === "chunk" && c.isEntry),
        ),
      );
      const only = (files: string[]) => files.filter((f) => !entry.has(f)).map((f) => `/${f}`);
      const source = [
        "// Written by apps/web/build/preload.ts: a signed-in user's layout chunks, loaded beside the entry.",
        "try {",
        `  if (localStorage.getItem(${JSON.stringify(SAVED_CACHE_KEY)}) === "1" && location.pathname !== "/auth") {`,
        `    var files = ${JSON.stringify(only(layout))};`,
        `    if (location.pathname === "/") files = files.concat(${JSON.stringify(only(dashboard).filter((f) => !only(layout).includes(f)))});`,
        "    for (var i = 0; i < files.length; i++) {",
        '      var link = document.createElement("link");',
        '      link.rel = "modulepreload";',
        "      link.href = files[i];",
        "      document.head.appendChild(link);",
        "    }",
        "  }",
        "} catch (e) {}",
        "",
      ].join("\n");
      this.emitFile({ type: "asset", fileName: PRELOAD_FILE, source });
    },
  };
}

/** The files of the chunk built from `moduleId`, with everything it imports statically. */
function filesOf(bundle: OutputBundle, moduleId: string): string[] {
  const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === "chunk" && c.facadeModuleId?.endsWith(moduleId) === true);
  return chunk ? closure(bundle, chunk) : [];
}

function closure(bundle: OutputBundle, chunk: OutputChunk | undefined, seen = new Set<string>()): string[] {
  if (!chunk || seen.has(chunk.fileName)) return [...seen];
  seen.add(chunk.fileName);
  for (const file of chunk.imports) closure(bundle, bundle[file] as OutputChunk | undefined, seen);
  return [...seen];
}
