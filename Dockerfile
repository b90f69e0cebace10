# The portal's image (README "Containers", docs/operations.md). Two stages: the first installs every dependency,
# builds the portal and the server and makes a production install of them (npm run release, then
# npm ci --omit=dev: test/e2e/productionInstall.test.ts runs these same steps without a container engine); the
# second holds only that install, runs as the unprivileged user node, and writes nowhere but /data (run it with a
# read-only root filesystem: compose.yaml does).
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-slim AS build
# better-sqlite3 compiles its native module from source.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run release -- /app
WORKDIR /app
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    LOG_FILE=- \
    SHUTDOWN_DELAY_MS=5000
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Alive and answering (the balancer asks /readyz; a container is not restarted because its database is down).
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "build/server/main.js"]
