// The portal's own HTTP server: Next.js behind a few lines that decide who is calling.
// `npm start` and `npm run dev` run it (through scripts/start.ts), as do `npm run serve`, the end-to-end
// tests and the Docker image. Usage: `tsx scripts/serve.ts [--dev]`; PORT (default 3000), and
// NEXT_DIST_DIR for a build kept somewhere other than .next.
//
// Why not a bare `next start`: a route handler cannot see the TCP connection, and Next.js leaves a
// client's own X-Forwarded-For untouched, so a client could name any address it liked and walk
// past every per-address limit. Here, before Next.js sees a request, the client address is decided
// from the socket (plus exactly TRUSTED_PROXY_COUNT proxy hops when proxies are configured) and
// written to a header that only this server writes, replacing any copy the client sent
// (lib/client-address.ts). The application reads nothing else (lib/http.ts clientIp).
//
// It also gives each request its id (X-Request-Id: a trusted proxy's, else a new one, returned in
// the response) and logs one line per request: method, route, status, duration, the caller's id and
// role (lib/log/request-logging.ts; docs/operations.md, "Logs").
import http from "node:http";
import path from "node:path";
import { CLIENT_ADDRESS_STAMPED_ENV } from "../lib/client-address";
import { log } from "../lib/log";
import { loadPageMatcher, observePages } from "../lib/metrics/page-requests";
import { listenFailure } from "./lib/ports";
import { portalRequestListener } from "./lib/request-listener";

const dev = process.argv.includes("--dev");

async function main() {
  // As `next start` / `next dev` would; before Next.js is loaded, which reads it.
  (process.env as Record<string, string>).NODE_ENV ??= dev ? "development" : "production";
  // Tells the application that requests carry the client address header (see lib/client-address.ts).
  process.env[CLIENT_ADDRESS_STAMPED_ENV] = "1";

  const { getEnv } = await import("../lib/env");
  const env = getEnv(); // a configuration mistake stops the server here, naming the variable
  const port = env.PORT;
  const trustedProxies = env.TRUSTED_PROXY_COUNT;

  const { default: next } = await import("next");
  const server = http.createServer();
  // An idle keep-alive connection is closed after 65 s, not Node's 5 s: a client (a reverse proxy,
  // typically idle for up to 60 s, or a test's request context) that sends on a connection just as
  // the server closes it gets a reset (ECONNRESET, or a 502 from the proxy). headersTimeout must
  // exceed keepAliveTimeout.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const app = next({ dev, dir: process.cwd(), port, httpServer: server });
  await app.prepare();
  // Page requests are timed by page pattern for the metrics (lib/metrics/page-requests.ts; API
  // routes are timed by lib/route.ts).
  const handle = observePages(app.getRequestHandler(), loadPageMatcher(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next")));

  // The client address, the request id and the request's log line (scripts/lib/request-listener.ts).
  server.on("request", portalRequestListener({ handle, trustedProxyCount: trustedProxies }));
  // Dev mode's hot reload runs over WebSocket upgrades, which Next.js attaches to `httpServer` itself.

  await new Promise<void>((resolve, reject) => {
    // A taken port names itself and PORT, and exits 1 (main's catch), which stops `npm start` too.
    server.once("error", (err) => reject(new Error(listenFailure(err, { port, what: "the portal", variable: "PORT" }))));
    server.listen(port, () => resolve());
  });
  const proxies = trustedProxies === 0 ? "no proxy trusted: the client address is the connection's" : `${trustedProxies} trusted prox${trustedProxies === 1 ? "y" : "ies"} in X-Forwarded-For`;
  log.info({ port, trustedProxies }, `[serve] ${dev ? "development" : "production"} server on port ${port} (${proxies})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Stop accepting connections and finish the requests in flight, then let Next.js clean up, as
    // `next start` does; exit with the signal's conventional code.
    // In between, the in-process worker finishes the job in hand (lib/jobs/start-in-process-worker.ts).
    const drain = (globalThis as { __portalDrain?: () => Promise<void> }).__portalDrain;
    server.close(() => {
      void Promise.resolve(drain?.())
        .catch((err: unknown) => log.error({ err }, "[serve] job queue did not stop cleanly"))
        .then(() => app.close())
        .finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  log.error(`[serve] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
