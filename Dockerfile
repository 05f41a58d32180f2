# syntax=docker/dockerfile:1
# The merchant back office in one image: the built web app and the compiled API server (what `npm start`
# runs), with the server's production dependencies only.
#
#   docker build -t merchant-back-office .
#   docker run -p 8080:8080 -v mbo-data:/var/lib/mbo -e SEED_ON_EMPTY=true merchant-back-office   # one node on SQLite, demo data
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://... -e SEED_ON_EMPTY=false merchant-back-office
#
# Configuration is the environment of apps/server/README.md; deploy/kubernetes/ runs it with several nodes.

ARG NODE_BUILD_IMAGE=node:20-bookworm
ARG NODE_RUNTIME_IMAGE=node:20-bookworm-slim

# The workspaces' package.json files (npm ci checks every workspace of the lockfile), copied before the
# sources so that the dependency layers are reused while only sources change.
FROM ${NODE_BUILD_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 1. Build: every dependency (vite, esbuild, TypeScript), then apps/web/dist and apps/server/dist.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies alone (no web, test or benchmark packages). Installed on the
# full image, which has python3, make and g++: better-sqlite3 compiles its addon with node-gyp when no
# prebuilt binary can be downloaded. The slim image below is the same Debian release (glibc), so the
# addon and @node-rs/argon2's linux-x64-gnu/arm64-gnu binary load there unchanged. SQLite's sources and
# the compiler's objects are not needed once the addon is linked.
FROM manifests AS deps
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund \
  && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target

# 3. Runtime: Node 20 slim, the built files, no compiler, no npm cache; runs as the unprivileged `node` user.
FROM ${NODE_RUNTIME_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/var/lib/mbo
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
# node_modules/@mbo/* are links to the workspaces: their package.json files keep the links whole (the
# server's own code and packages/shared are bundled into dist).
COPY --from=deps /app/packages/shared/package.json packages/shared/
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The native modules load on this image, or the build stops here rather than at the first start.
RUN node -e "const D=require('better-sqlite3'); new D(':memory:').prepare('select 1').get(); require('@node-rs/argon2').hashSync('check')" \
  && mkdir -p /var/lib/mbo \
  && chown node:node /var/lib/mbo
USER node
EXPOSE 8080
# For `docker run` and compose; Kubernetes uses the probes of deploy/kubernetes instead. A first start
# with SEED_ON_EMPTY=true loads the demo data before it listens, hence the long start period.
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/v3api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The flags of the root package.json's "serve" script (npm start). Node is PID 1 and handles SIGTERM
# itself: readiness turns to 503, requests in flight finish within SHUTDOWN_TIMEOUT_SECONDS.
CMD ["node", "--max-semi-space-size=4", "--single-threaded-gc", "apps/server/dist/main.js"]
