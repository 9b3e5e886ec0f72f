// Bundle budgets (issue 10), both enforced: no non-entry chunk over 150 KB gzipped, and the
// JavaScript and CSS that /auth loads (the entry chunk's static imports plus the /auth route
// chunk's, with their stylesheets) at most 200 KB gzipped. /auth was 241.5 KB (React + ReactDOM + Mantine + router 116 KB, tRPC +
// TanStack Query 41 KB, Zod and the auth schemas 27 KB, ...); it is ~167 KB now because:
// - tRPC, TanStack Query, the modals manager and the toasts are provided by the protected layout
//   (routes/_app.tsx, components/ApiProvider.tsx), not main.tsx, so only signed-in screens load them;
// - /auth checks the session with a plain fetch (GET /trpc/auth.session, lib/session.ts) and signs in with fetch on the REST API (POST
//   /api/login, POST /api/register: same procedures, same messages), not the tRPC client;
// - its toast container loads when a sign-in starts (components/ToastsOnDemand.tsx), and the
//   Register tab (role Select: combobox, popover, floating-ui; ~40 KB) when it is first opened or
//   pointed at (features/accounts/RegisterForm.tsx). Zod stays: the forms validate with the
//   domain's schemas, the login form's loading when the visitor reaches for the form
//   (features/accounts/AuthPage.tsx), so i18next (~14 KB) and the English texts fit.
// The largest chunk is the entry (React DOM, Mantine core, router, i18next, English texts).
// Reads Vite's manifest of the last `vite build`; exits 1 on a miss.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const KB = 1024;
const AUTH_BUDGET = 200 * KB;
const CHUNK_BUDGET = 150 * KB;

const gz = new Map();
const gzipped = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gz.get(file);
};

/** A chunk and everything it imports statically: what the browser loads before it runs. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const authKey = Object.keys(manifest).find((k) => /routes\/auth\.tsx/.test(k));
if (!entryKey || !authKey) {
  console.error("check-bundle: entry or /auth route chunk not found in the manifest");
  process.exit(1);
}
// JavaScript and the CSS those chunks bring (both are on the first paint's path).
const authKeys = [...closure(entryKey), ...closure(authKey)];
const authFiles = new Set(authKeys.flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
const authTotal = [...authFiles].reduce((sum, f) => sum + gzipped(f), 0);

const misses = [];
if (authTotal > AUTH_BUDGET) misses.push(`/auth loads ${(authTotal / KB).toFixed(1)} KB gzipped (budget ${AUTH_BUDGET / KB} KB)`);
const jsChunks = Object.values(manifest).filter((c) => c.file.endsWith(".js"));
let largest = { file: "", size: 0 };
for (const chunk of jsChunks) {
  const size = gzipped(chunk.file);
  if (size > largest.size) largest = { file: chunk.file, size };
  if (!chunk.isEntry && size > CHUNK_BUDGET)
    misses.push(`${chunk.file} is ${(size / KB).toFixed(1)} KB gzipped (budget ${CHUNK_BUDGET / KB} KB)`);
}
// The first-screen groups (build/chunks.ts) must never make two chunks import each other: a
// module could then run before one it needs and read undefined.
const state = new Map();
const cycle = (key, path) => {
  if (state.get(key) === 2) return null;
  if (state.get(key) === 1) return [...path.slice(path.indexOf(key)), key];
  state.set(key, 1);
  for (const dep of manifest[key]?.imports ?? []) {
    const found = cycle(dep, [...path, key]);
    if (found) return found;
  }
  state.set(key, 2);
  return null;
};
for (const key of Object.keys(manifest)) {
  const found = cycle(key, []);
  if (found) {
    misses.push(`chunks import each other: ${found.map((k) => manifest[k].file).join(" -> ")}`);
    break;
  }
}
// The signed-in preload (build/preload.ts): named by the page, and naming the layout route's
// chunk and only files that exist, or it would load nothing useful (or fail) on every start.
const preloadPath = join(dist, "signed-in-preload.js");
const layoutKey = Object.keys(manifest).find((k) => k === "src/routes/_app.tsx?tsr-split=component");
if (!existsSync(preloadPath) || !readFileSync(join(dist, "index.html"), "utf8").includes('src="/signed-in-preload.js"')) {
  misses.push("signed-in-preload.js missing, or not named by index.html");
} else {
  const named = [...readFileSync(preloadPath, "utf8").matchAll(/"\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  for (const file of named)
    if (!existsSync(join(dist, file))) misses.push(`signed-in-preload.js names ${file}, which the build does not have`);
  if (!layoutKey || !named.includes(manifest[layoutKey].file))
    misses.push("signed-in-preload.js does not name the signed-in layout's chunk");
}
console.log(
  `bundle: /auth loads ${(authTotal / KB).toFixed(1)} KB gzipped in ${authFiles.size} files (budget ${AUTH_BUDGET / KB} KB); ${jsChunks.length} chunks, largest ${largest.file} ${(largest.size / KB).toFixed(1)} KB (budget ${CHUNK_BUDGET / KB} KB per non-entry chunk)`,
);
if (misses.length) {
  for (const m of misses) console.error(`bundle budget missed: ${m}`);
  process.exit(1);
}
