# The web service: nginx serving the built web app and passing the API and the socket to the backend.
# In production the backend can also serve the app itself (one port); this service lets the static files
# be cached and scaled apart from the API.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npx tsc -b backend/libs/contracts && npm run build -w web

FROM nginx:1.28-alpine
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
EXPOSE 80
