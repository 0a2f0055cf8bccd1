# One image for the backend, the worker and the migrate step (same code, different command).
# Build from the repository root: docker build -f infra/docker/node.Dockerfile .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY backend/libs/contracts/package.json backend/libs/contracts/
COPY backend/libs/database/package.json backend/libs/database/
COPY backend/libs/research/package.json backend/libs/research/
COPY backend/libs/reports/package.json backend/libs/reports/
COPY backend/libs/platform/package.json backend/libs/platform/
COPY backend/libs/domain/package.json backend/libs/domain/
COPY worker/package.json worker/
COPY web/package.json web/
COPY infra/package.json infra/
# Optional dependencies stay: Vite's bundler ships its native binary that way. The pinned Node package comes
# along too but is unused: the image's own Node 24 runs everything.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx tsc -b && npm run build -w web && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
# DATA_DIR (exports, imports, the mail outbox without SMTP): the node user must write it. A named volume mounted here
# starts as a copy of this directory, its owner included; a bind mount must be chown'ed to uid 1000 by the operator.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3001
CMD ["node", "--max-semi-space-size=8", "backend/dist/main.js"]
