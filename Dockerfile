# One image recipe for every service; pick the service with --build-arg SERVICE=auth|gateway.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production

# The whole workspace (.dockerignore keeps node_modules, build output and .env out).
COPY . .
# Dev dependencies are needed to build, then pruned to keep the image small.
RUN npm ci --include=dev && npx turbo run build && npm prune --omit=dev && npm cache clean --force

# Declared after the build, so the auth and gateway images share all layers above.
ARG SERVICE
RUN test -n "$SERVICE" && test -f "services/$SERVICE/package.json"
ENV SERVICE=$SERVICE
# The certificates worker and the payment service (receipts) print with Debian's Chromium and CJK fonts (the same
# fonts as in development).
RUN if [ "$SERVICE" = certificates ] || [ "$SERVICE" = payment ]; then \
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
