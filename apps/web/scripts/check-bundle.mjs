// Bundle budgets (issue 10): no route chunk over 150 KB gzipped (enforced), and the JavaScript that
// /auth loads under 200 KB gzipped. /auth is at ~242 KB today (React + Mantine + router 116 KB,
// tRPC + TanStack Query 41 KB, Zod and the auth schemas ~27 KB, ...): the 200 KB target is not met
// yet, so what is enforced is a ceiling of 250 KB that stops it growing, and the target is reported.
// Reads Vite's manifest of the last `vite build`; exits 1 on a miss.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = join(import.meta.dirname, "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const KB = 1024;
const AUTH_TARGET = 200 * KB;
const AUTH_CEILING = 250 * KB;
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
const authFiles = new Set([...closure(entryKey), ...closure(authKey)].map((k) => manifest[k].file));
const authTotal = [...authFiles].reduce((sum, f) => sum + gzipped(f), 0);

const misses = [];
if (authTotal > AUTH_CEILING) misses.push(`/auth loads ${(authTotal / KB).toFixed(1)} KB gzipped (ceiling 250 KB)`);
const jsChunks = Object.values(manifest).filter((c) => c.file.endsWith(".js"));
let largest = { file: "", size: 0 };
for (const chunk of jsChunks) {
  const size = gzipped(chunk.file);
  if (size > largest.size) largest = { file: chunk.file, size };
  if (!chunk.isEntry && size > CHUNK_BUDGET) misses.push(`${chunk.file} is ${(size / KB).toFixed(1)} KB gzipped (budget 150 KB)`);
}
console.log(
  `bundle: /auth loads ${(authTotal / KB).toFixed(1)} KB gzipped in ${authFiles.size} files (target 200 KB: ${authTotal <= AUTH_TARGET ? "met" : "NOT met"}); ${jsChunks.length} chunks, largest ${largest.file} ${(largest.size / KB).toFixed(1)} KB (budget 150 KB)`,
);
if (misses.length) {
  for (const m of misses) console.error(`bundle budget missed: ${m}`);
  process.exit(1);
}
