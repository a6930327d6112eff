# Production image for the shop's processes (api, projector, worker share it; the command picks the role).
# Two stages (docs/adr/0032-compiled-build.md): the build stage has every dependency and compiles the
# server, the web shop and the back-office; the runtime stage has the production dependencies and
# what the build produced, and no sources, compiler or test tool.

FROM node:20-bookworm-slim AS build

WORKDIR /app

# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json .npmrc ./
COPY services/domain/package.json services/domain/
COPY services/event-store/package.json services/event-store/
COPY services/contracts/package.json services/contracts/
COPY services/app/package.json services/app/
COPY services/testing/package.json services/testing/
COPY projections/package.json projections/
COPY web-shop/package.json web-shop/
COPY admin/package.json admin/

# All dependencies: esbuild, TypeScript's sources and vite are needed to build.
RUN npm ci

COPY . .

# services/app/dist (the processes and shopctl, compiled), web-shop/dist and admin/dist.
RUN npm run build


FROM node:20-bookworm-slim

WORKDIR /app

# Before npm ci: with NODE_ENV=production npm leaves the devDependencies out, as --omit=dev says.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000

# npm ci needs every workspace's manifest; it installs only what @shop/app needs at run time.
COPY package.json package-lock.json .npmrc ./
COPY services/domain/package.json services/domain/
COPY services/event-store/package.json services/event-store/
COPY services/contracts/package.json services/contracts/
COPY services/app/package.json services/app/
COPY services/testing/package.json services/testing/
COPY projections/package.json projections/
COPY web-shop/package.json web-shop/
COPY admin/package.json admin/
# shopctl's launcher before npm ci, which links it as `npx shopctl` only when it is there.
COPY --from=build /app/services/app/bin services/app/bin
COPY --from=build /app/services/app/build.mjs services/app/

RUN npm ci --omit=dev --workspace @shop/app && npm cache clean --force

# What the processes run: the compiled server (with its mail templates and API reference page)
# and the two built web apps the API serves at / and /admin.
COPY --from=build /app/services/app/dist services/app/dist
COPY --from=build /app/web-shop/dist web-shop/dist
COPY --from=build /app/admin/dist admin/dist

# Everything stays root-owned; only the data folder (used by the embedded database when DATABASE_URL is unset) is writable.
RUN mkdir -p /app/.data && chown node:node /app/.data

USER node

EXPOSE 3000

# No HEALTHCHECK here: the projector and the worker, run from this image too, answer no HTTP.
# docker-compose.yml checks the api's /healthz.
CMD ["npm", "run", "start:api"]
