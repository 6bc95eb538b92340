# syntax=docker/dockerfile:1
# The API and the worker of the betting platform in one image (docs/deployment.md).
#   docker build -t bet-platform .
#   API:    docker run … bet-platform                  (node --import tsx apps/server/src/main-api.ts)
#   worker: docker run … bet-platform node --import tsx apps/server/src/main-worker.ts
# The server runs its TypeScript through tsx, as `npm start` does: there is no separate server build.
ARG NODE_IMAGE=node:20-bookworm-slim

# Every workspace's package.json and the lockfile: the layer `npm ci` depends on, rebuilt only
# when dependencies change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/admin/package.json apps/admin/
COPY packages/contracts/package.json packages/contracts/
COPY packages/house-games/package.json packages/house-games/
COPY packages/i18n/package.json packages/i18n/
COPY packages/kernel/package.json packages/kernel/
COPY packages/ui/package.json packages/ui/
COPY e2e/package.json e2e/

# The player site and the operator console, built with every dependency.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY scripts/ scripts/
COPY packages/ packages/
COPY apps/web/ apps/web/
COPY apps/admin/ apps/admin/
RUN npm run build -w @app/web -w @app/admin

# Production dependencies only, plus tsx (a root devDependency) and its one dependency, esbuild,
# at the lockfile's versions.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/node_modules/tsx node_modules/tsx
COPY --from=build /app/node_modules/esbuild node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild node_modules/@esbuild

FROM manifests AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0
COPY --from=runtime-deps /app/node_modules node_modules
COPY tsconfig.base.json ./
COPY packages/ packages/
COPY apps/server/ apps/server/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
# The image's files belong to root and are read-only to the process; it runs as `node` (uid 1000)
# and writes only to /tmp (tsx's compile cache).
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/server/src/main-api.ts"]
