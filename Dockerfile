# Multi-stage build (docs/security.md, "Production image"). Every RUN fails the build when its
# command fails: an image is never shipped from a broken install or build.
#
#   fetched    every package in pnpm-lock.yaml, downloaded into the store. Only the lockfile and
#              the workspace file are copied first, so this layer is reused until they change.
#   build      all dependencies (dev included) from that store, then the source, then `pnpm build`.
#   prod-deps  the production dependencies of the API and the workspace packages it uses, nothing
#              else (no web toolchain, no test tools), from the same store, without the network.
#   runtime    those node_modules, the built output, and nothing else; runs as the `node` user.
FROM node:22-bookworm-slim AS base
ENV CI=true npm_config_store_dir=/pnpm/store
RUN npm install -g pnpm@12.21.0
WORKDIR /app

FROM base AS fetched
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch

FROM fetched AS build
COPY . .
RUN pnpm install --frozen-lockfile --offline
RUN pnpm build

FROM base AS prod-deps
COPY --from=fetched /pnpm/store /pnpm/store
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc package.json ./
# Every workspace manifest, so the frozen lockfile matches; only the API's side is installed.
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/client/package.json packages/client/
COPY packages/db/package.json packages/db/
COPY packages/domain/package.json packages/domain/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile --offline --prod --filter "@sitesafe/api..."

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root and only readable by the app's user: the running server cannot change its own code.
COPY --from=prod-deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/packages/db/dist packages/db/dist
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-old-space-size=256", "apps/api/dist/main.js"]
