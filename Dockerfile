# One image for every service; docker-compose.yml picks a target per service.
# The node packages run from TypeScript sources through tsx (no build step), so dev dependencies
# (tsx, vite) are installed; the frontend is built into frontend/dist inside the image.
FROM node:20-slim AS app
WORKDIR /app

# Manifests first: the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY query-api/package.json query-api/
COPY command-api/package.json command-api/
COPY workers/package.json workers/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund

COPY . .
RUN npm run build -w @studio/frontend

ENV NODE_ENV=production
USER node

FROM app AS prepare
CMD ["node", "--import", "tsx", "scripts/prepare.ts"]

FROM app AS command-api
EXPOSE 3102
CMD ["node", "--import", "tsx", "command-api/src/main.ts"]

FROM app AS query-api
EXPOSE 3101
CMD ["node", "--import", "tsx", "query-api/src/main.ts"]

FROM app AS projections
CMD ["node", "--import", "tsx", "projections/src/main.ts"]

FROM app AS workers
CMD ["node", "--import", "tsx", "workers/src/main.ts"]

# Last, so a plain `docker build .` gives the image that serves the site.
FROM app AS gateway
EXPOSE 3000
CMD ["node", "--import", "tsx", "platform/src/gateway/main.ts"]
