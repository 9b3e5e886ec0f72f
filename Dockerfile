# Multi-stage build: install and build with pnpm, then run the built app as a non-root user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@12
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && pnpm prune --prod --ignore-scripts || true

FROM node:22-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--max-old-space-size=256", "apps/api/dist/main.js"]
