import type { Plugin, Rolldown } from "vite";
import { SAVED_CACHE_KEY } from "../src/features/offline/savedCache";
import { EARLY_SCRIPT, EARLY_SESSION_KEY, SESSION_PATH, SESSION_TIMEOUT_MS } from "../src/lib/earlySession";
import { LANGUAGE_STORAGE_KEY, supportedLanguages } from "../src/lib/i18n/languages";

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The file the page loads beside the entry; a fixed name, so index.html can name it. */
const PRELOAD_FILE = EARLY_SCRIPT.slice(1);

/** The route chunks a signed-in user opening the app needs first: the layout, and the dashboard on "/". */
const LAYOUT = "src/routes/_app.tsx?tsr-split=component";
const DASHBOARD = "src/routes/_app/index.tsx?tsr-split=component";

/**
 * The script index.html names first in its head (a small classic script, `async`, so it never
 * holds up the first paint; a file, not an inline script, because the Content-Security-Policy
 * allows scripts from this server only; the service worker precaches it with the rest). It does
 * two things before the app's entry chunk has loaded, let alone run:
 *
 * - It asks the server who is signed in (GET /trpc/auth.session, with the Accept-Language the app
 *   sends) and leaves the answer, its body read, on `window` for the app to adopt once
 *   (src/lib/earlySession.ts). On a slow phone network the session read used to start only after
 *   the entry chunk had loaded and run (issue #37, docs/decisions/performance.md). Not on the
 *   public sign-on pages (/s/...), which never ask, nor offline.
 * - It starts loading the signed-in layout's chunks (and the dashboard's, on "/") with
 *   `<link rel="modulepreload">`, and their stylesheets with `<link rel="preload">`, instead of after the entry has run and the router has asked for
 *   them ("The offline dashboard" in the same notes): at once when a signed-in user's cache is
 *   saved on this device (features/offline/savedCache.ts), else as soon as the session answer
 *   says someone is signed in. A visitor on `/auth`, or signed out, loads nothing more than before.
 */
export function signedInPreload(): Plugin {
  return {
    name: "sitesafe-signed-in-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      // Right after the charset, before the entry's own tags, so the browser asks for it first.
      handler: (html) => {
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error(`signed-in preload: index.html has no ${charset}`);
        return html.replace(charset, `${charset}\n    <script src="/${PRELOAD_FILE}" async></script>`);
      },
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
      const only = (files: string[]) => files.filter((f) => !entry.has(f) && !isStylesOnly(bundle[f])).map((f) => `/${f}`);
      const j = JSON.stringify;
      const source = [
        "// Written by apps/web/build/preload.ts: the session asked, and a signed-in user's layout chunks loaded, beside the entry.",
        "(function () {",
        "  // Set first: the app tells an early script that asked nothing (null) from one that has not run yet.",
        `  window[${j(EARLY_SESSION_KEY)}] = null;`,
        "  var path = location.pathname;",
        '  if (path.indexOf("/s/") === 0) return;',
        `  var files = ${j(only(layout))};`,
        `  if (path === "/") files = files.concat(${j(only(dashboard).filter((f) => !only(layout).includes(f)))});`,
        `  var styles = ${j(cssOf(bundle, layout).filter((f) => !cssOf(bundle, [...entry]).includes(f)))};`,
        "  var preloaded = false;",
        "  function preload() {",
        '    if (preloaded || path === "/auth") return;',
        "    preloaded = true;",
        "    for (var i = 0; i < files.length; i++) {",
        '      var link = document.createElement("link");',
        '      link.rel = "modulepreload";',
        "      link.href = files[i];",
        "      document.head.appendChild(link);",
        "    }",
        "    // The layout's stylesheets, which the app adds (and waits for) only once the layout's chunk has run.",
        "    for (var k = 0; k < styles.length; k++) {",
        '      var style = document.createElement("link");',
        '      style.rel = "preload";',
        '      style.as = "style";',
        "      // As Vite's own stylesheet links, or the browser would fetch the file twice.",
        '      style.crossOrigin = "";',
        "      style.href = styles[k];",
        "      document.head.appendChild(style);",
        "    }",
        "  }",
        "  var language;",
        "  try {",
        `    if (localStorage.getItem(${j(SAVED_CACHE_KEY)}) === "1") preload();`,
        `    language = localStorage.getItem(${j(LANGUAGE_STORAGE_KEY)});`,
        "  } catch (e) {}",
        `  var languages = ${j(supportedLanguages)};`,
        "  if (languages.indexOf(language) < 0) {",
        '    language = "en";',
        "    var preferred = navigator.languages || [navigator.language];",
        "    for (var k = 0; k < preferred.length; k++) {",
        '      var base = String(preferred[k] || "").toLowerCase().split("-")[0];',
        "      if (languages.indexOf(base) >= 0) {",
        "        language = base;",
        "        break;",
        "      }",
        "    }",
        "  }",
        '  if (!navigator.onLine || typeof fetch !== "function") return;',
        '  var init = { credentials: "same-origin", headers: { accept: "application/json", "accept-language": language } };',
        `  if (typeof AbortSignal !== "undefined" && AbortSignal.timeout) init.signal = AbortSignal.timeout(${SESSION_TIMEOUT_MS});`,
        `  var answer = fetch(${j(SESSION_PATH)}, init).then(function (res) {`,
        "    return res.text().then(function (body) {",
        "      try {",
        "        if (res.ok && JSON.parse(body).result.data.json != null) preload();",
        "      } catch (e) {}",
        "      return { status: res.status, body: body };",
        "    });",
        "  });",
        "  // A failure is the app's to handle when it adopts the answer, not an unhandled rejection here.",
        "  answer.catch(function () {});",
        `  window[${j(EARLY_SESSION_KEY)}] = answer;`,
        "})();",
        "",
      ].join("\n");
      this.emitFile({ type: "asset", fileName: PRELOAD_FILE, source });
    },
  };
}

/** The stylesheets the chunks of `files` import (Vite adds them when a chunk is loaded). */
function cssOf(bundle: OutputBundle, files: string[]): string[] {
  const css = new Set<string>();
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type === "chunk") for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(`/${c}`);
  }
  return [...css];
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

/**
 * A chunk of stylesheets only (the layout's per-component Mantine styles) has no JavaScript once
 * Vite is done with it: its stylesheet is named through `cssOf`, its empty script not at all.
 */
const isStylesOnly = (chunk: OutputBundle[string] | undefined) =>
  chunk?.type === "chunk" && chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css(\?|$)/.test(id));
