import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { codeSplitting, firstScreenChunks, isFirstPass } from "./build/chunks";
import { precompress } from "./build/precompress";
import { signedInPreload } from "./build/preload";

export default defineConfig({
  plugins: [
    // Route files become lazily loaded chunks (autoCodeSplitting), one per screen.
    tanstackRouter({ target: "react", autoCodeSplitting: true }),
    react(),
    // Installable app (docs/decisions/0111-offline-outbox-and-idempotency.md): a manifest and a
    // service worker that precaches the shell and every route chunk, so any screen opens offline.
    // It never caches /api or /trpc: data offline comes from the query cache kept in IndexedDB,
    // which is scoped to the signed-in user and cleared on logout.
    firstScreenChunks(),
    // Not in the first pass: it reads the real bundle's route chunks.
    !isFirstPass() && signedInPreload(),
    VitePWA({
      // The first pass of build/chunks.ts only reads how the app splits: no service worker there.
      disable: isFirstPass(),
      strategies: "generateSW",
      filename: "sw.js",
      // The app asks before switching versions ("Reload to update", features/offline/UpdatePrompt.tsx).
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "SiteSafe",
        short_name: "SiteSafe",
        description: "Construction site safety: JHAs, incidents, hot work permits, training.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "any",
        theme_color: "#f08c00",
        background_color: "#ffffff",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        // Text files and icons; the .br/.gz copies are the server's business, not the cache's.
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        navigateFallback: "/index.html",
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/trpc(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // Web Push: showing a push and opening its page on a click (public/push-sw.js), a static
        // file of this origin, so the CSP's script-src 'self' holds.
        importScripts: ["push-sw.js"],
      },
    }),
    !isFirstPass() && precompress(),
  ],
  // Tags the query cache saved for offline use (features/offline/queryCache.ts): a new build's
  // screens may expect other shapes, so they never read an older build's saved answers.
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(process.env.VITE_BUILD_ID ?? new Date().toISOString()) },
  resolve: { conditions: ["@sitesafe/source"] },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/trpc": "http://127.0.0.1:3000" },
  },
  // The manifest lets scripts/check-bundle.mjs find what each route loads.
  // Fewer, larger chunks for the first signed-in screen (build/chunks.ts).
  build: { sourcemap: false, chunkSizeWarningLimit: 600, manifest: true, rolldownOptions: { output: { codeSplitting: codeSplitting() } } },
  test: { include: ["src/**/*.test.ts"] },
});
