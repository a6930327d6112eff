# Production image for the shop's processes (api, projector, worker share it; the command picks the role).
FROM node:20-bookworm-slim

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

# All dependencies, not --omit=dev: the processes run through tsx, a devDependency.
RUN npm ci && npm cache clean --force

COPY . .

# The web shop and the back-office are built once into web-shop/dist and admin/dist, which the API serves at / and /admin.
RUN npm run build

# The sources stay root-owned; only the data folder (used by the embedded database when DATABASE_URL is unset) is writable.
RUN mkdir -p /app/.data && chown node:node /app/.data

# Set after npm ci: with NODE_ENV=production npm ci would leave the devDependencies (tsx) out.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000

USER node

EXPOSE 3000

CMD ["npm", "run", "start:api"]
