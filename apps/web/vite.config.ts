import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { precompress } from "./build/precompress";

export default defineConfig({
  // Route files become lazily loaded chunks (autoCodeSplitting), one per screen.
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react(), precompress()],
  resolve: { conditions: ["@sitesafe/source"] },
  server: {
    port: 5173,
    proxy: { "/api": "http://127.0.0.1:3000", "/trpc": "http://127.0.0.1:3000" },
  },
  // The manifest lets scripts/check-bundle.mjs find what each route loads.
  build: { sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  test: { include: ["src/**/*.test.ts"] },
});
