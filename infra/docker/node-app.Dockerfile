# One image recipe for every Node app (each domain service and the gateway); the frontend keeps
# its nginx image. Build context: the repo root. The build arguments name the app:
#   docker build -f infra/docker/node-app.Dockerfile \
#     --build-arg APP_PACKAGE=@dinebuds/identity --build-arg APP_DIR=services/identity \
#     --build-arg APP_PORT=4101 --build-arg HEALTH_PATH=/health -t dinebuds/identity .
# docker-compose.yml passes them for every app (generated from services.catalogue.json).
# Only classic Dockerfile features (no BuildKit mounts), so docker-compose 1.29 builds it too.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- manifests: the lockfile and every workspace package.json, nothing else ----
# The install layers below depend only on this stage's output, so they stay cached until a
# dependency changes, however often the sources do.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package-lock.json /manifests/ \
 && find . -name node_modules -prune -o -name package.json -print \
    | xargs -I{} cp --parents {} /manifests/

# ---- base: Node plus a compiler for native addons (argon2 normally uses its prebuilt binary;
# the toolchain is the fallback on platforms without one). Never shipped. ----
FROM ${NODE_IMAGE} AS base
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    SCARF_ANALYTICS=false \
    npm_config_update_notifier=false
WORKDIR /repo
COPY --from=manifests /manifests/ ./

# ---- build: root dev tools + this app's dependencies, then swc builds the app and the libs it
# imports (Nx runs them in dependency order). `npm ci` fails on this lockfile (see STACK-NOTES);
# `npm install` with it works and installs the same versions. Only the libs and this app's folder
# are copied, so another app's change does not rebuild this image. ----
FROM base AS build
ARG APP_PACKAGE
ARG APP_DIR
RUN test -n "$APP_PACKAGE" && test -n "$APP_DIR" \
 && npm install --no-audit --no-fund --workspace="$APP_PACKAGE" --include-workspace-root
COPY .swcrc tsconfig.base.json nx.json ./
COPY libs/ libs/
COPY ${APP_DIR}/ ${APP_DIR}/
RUN npx nx run "$APP_PACKAGE:build" --output-style=stream \
 && mkdir /out \
 && for d in libs/* "$APP_DIR"; do \
      if [ -d "$d/dist" ]; then cp -r --parents "$d/dist" /out/; fi; \
    done

# ---- prod: production dependencies of this app only, plus the built code ----
# Workspace libraries are symlinks in node_modules/@dinebuds and resolve to libs/*/dist.
FROM base AS prod
ARG APP_PACKAGE
RUN npm install --omit=dev --no-audit --no-fund --workspace="$APP_PACKAGE"
COPY --from=build /out/ ./

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG APP_DIR
ARG APP_PORT=3000
ARG HEALTH_PATH=/health
ENV NODE_ENV=production \
    PORT=${APP_PORT} \
    APP_MAIN=${APP_DIR}/dist/main.js \
    HEALTH_PATH=${HEALTH_PATH}
WORKDIR /app
# Owned by root and read-only for the app user: the process never writes its own code.
COPY --from=prod /repo/ ./
USER node
EXPOSE ${APP_PORT}
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH,{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# A shell so the path comes from the build argument; exec keeps node as the signalled process.
CMD ["sh", "-c", "exec node --enable-source-maps \"$APP_MAIN\""]
