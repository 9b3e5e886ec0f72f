import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing; images (PNG) are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the encoding header costs about what compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, best quality) and a gzip (.gz) copy next to every text file of the build,
 * once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
 * compressing the same bytes on every request, and at a quality too slow to do per request.
 * Runs after every other plugin, so the service worker and the manifest are included.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "sitesafe-precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const data = readFileSync(file);
          if (data.length < MIN_BYTES) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith(".")) return []; // Vite's own manifest is not served
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}
