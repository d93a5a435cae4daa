# Production image: the portal's own server (scripts/serve.ts: Next.js behind the code that takes the
# client address from the connection) plus the operator scripts (migrate, worker, seed).
# Node 22: pg-boss 12 declares node >= 22.12. The worker runs as docker-compose.yml's `worker`
# service says (tsx with scripts/lib/server-only-hook.mjs, as `npm run worker`).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build && npm prune --omit=dev && rm -rf .next/cache

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production APP_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
RUN groupadd --system app && useradd --system --gid app --home /app app
# The build, its configuration, and the migrations it checks at /api/admin/health. (Not Next.js's
# standalone output: its generated server.js is a bare `next start`, which cannot see the client's
# address; the operator scripts need the production node_modules anyway.)
COPY --from=build --chown=app:app /app/.next ./.next
COPY --from=build --chown=app:app /app/public ./public
COPY --from=build --chown=app:app /app/next.config.ts ./
# Operator tasks (npm run db:migrate, npm run worker, npm run db:seed) run from the same image.
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/db ./db
COPY --from=build --chown=app:app /app/lib ./lib
COPY --from=build --chown=app:app /app/scripts ./scripts
COPY --from=build --chown=app:app /app/messages ./messages
COPY --from=build --chown=app:app /app/package.json /app/tsconfig.json ./
# DATA_DIR: evidence files (uploads, kept provider media) unless S3_BUCKET is set. Created here, owned
# by the app user, so a volume mounted on it starts with that owner.
RUN mkdir -p /app/data && chown app:app /app/data
ENV DATA_DIR=/app/data
USER app
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/admin/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Listens on every interface on PORT. Behind a reverse proxy or load balancer, set TRUSTED_PROXY_COUNT.
CMD ["node", "node_modules/tsx/dist/cli.mjs", "scripts/serve.ts"]
