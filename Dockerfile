# One image recipe for every service; pick the service with --build-arg SERVICE=auth|gateway. The stage "web"
# (--target web) is nginx serving the built web app and kiosk instead.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NODE_ENV=production

# The whole workspace (.dockerignore keeps node_modules, build output and .env out).
COPY . .
# Dev dependencies are needed to build, then pruned to keep the image small. The web apps' files are compressed
# once here (brotli, gzip) and their nginx configuration made by the same generator as `npm start`'s.
# GATEWAY_UPSTREAM: the gateway as the web pods reach it. WEB_TRUST_PROXY: the proxy in front of nginx (Kubernetes:
# the ingress controller's pod network, as the gateway's TRUST_PROXY), whose X-Forwarded-For nginx believes; empty
# (compose, nginx facing visitors) believes nobody.
ARG GATEWAY_UPSTREAM=gateway:8080
ARG WEB_TRUST_PROXY=
RUN npm ci --include=dev && npx turbo run build \
    && node infra/web-server.js --precompress \
    && node infra/web-server.js --config --upstream "$GATEWAY_UPSTREAM" $(for a in $WEB_TRUST_PROXY; do echo --trust-proxy "$a"; done) > /app/nginx.conf \
    && npm prune --omit=dev && npm cache clean --force

# The web apps: Debian's nginx with its brotli module, unprivileged (ports 8080 for the web app, 8081 for the
# kiosk; pid and temp files under /tmp/nginx), /prod-api proxied to the gateway service.
FROM debian:bookworm-slim AS web
RUN apt-get update && apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /tmp/nginx && chown www-data:www-data /tmp/nginx
COPY --from=build /app/web/dist /srv/web
COPY --from=build /app/kiosk/dist /srv/kiosk
COPY --from=build /app/nginx.conf /etc/nginx/platform.conf
USER www-data
EXPOSE 8080 8081
CMD ["nginx", "-p", "/tmp/nginx", "-c", "/etc/nginx/platform.conf", "-e", "stderr"]

# A service (the default, last stage).
FROM build AS service

# Declared after the build, so the auth and gateway images share all layers above.
ARG SERVICE
RUN test -n "$SERVICE" && test -f "services/$SERVICE/package.json"
ENV SERVICE=$SERVICE
# The certificates worker, the payment service (receipts) and the statistics worker (reports) print with Debian's
# Chromium and CJK fonts (the same fonts as in development).
RUN if [ "$SERVICE" = certificates ] || [ "$SERVICE" = payment ] || [ "$SERVICE" = statistics ]; then \
      apt-get update && apt-get install -y --no-install-recommends chromium fonts-noto-cjk fonts-wqy-zenhei \
      && rm -rf /var/lib/apt/lists/*; \
    fi

# The gateway speaks the venue screens' calls with espeak-ng (Mandarin and English, offline).
RUN if [ "$SERVICE" = gateway ]; then \
      apt-get update && apt-get install -y --no-install-recommends espeak-ng \
      && rm -rf /var/lib/apt/lists/*; \
    fi

# Where the gateway keeps uploaded files (a volume in compose and Kubernetes), writable by "node".
RUN mkdir -p /data/storage && chown node:node /data/storage
USER node
# Exec-form CMD does not expand variables, so a shell does, then exec hands PID 1 to node.
CMD ["sh", "-c", "exec node services/$SERVICE/dist/main.js"]
