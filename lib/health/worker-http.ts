import http from "node:http";
import type { AddressInfo } from "node:net";
import { getDatabase } from "@/db";
import { jobQueueStarted } from "@/lib/jobs/queue";
import { METRICS_UNAUTHORIZED_HEADERS, metricsAccess } from "@/lib/metrics/metrics-access";
import { metricsContentType, scrapeMetrics } from "@/lib/metrics/scrape";
import { checkReadiness } from "./readiness";

/**
 * The worker's own small HTTP server (WORKER_HTTP_PORT; scripts/worker.ts): the same three paths as
 * the portal, so that probes and the Prometheus scrape are configured alike for both.
 * - GET /api/health/live: 200 {"status":"ok"}.
 * - GET /api/health/ready: as the portal's (database, migrations, the queue working), 200 or 503.
 * - GET /api/metrics: this worker's metrics (its jobs' counts and durations, its outside calls),
 *   under METRICS_TOKEN as the portal's.
 * Anything else is a 404. It listens on every interface, like the portal.
 */
export async function startWorkerHttp({ port, metricsToken, host }: { port: number; metricsToken: string | undefined; host?: string }): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void answer(req, metricsToken).then(
      ({ status, headers, body }) => {
        res.writeHead(status, { "Cache-Control": "no-store", ...headers });
        res.end(body);
      },
      () => {
        res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end("error\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const JSON_TYPE = { "Content-Type": "application/json" };

async function answer(req: http.IncomingMessage, metricsToken: string | undefined): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const path = new URL(req.url ?? "/", "http://worker").pathname;
  if (req.method !== "GET" && req.method !== "HEAD") return { status: 405, headers: { Allow: "GET, HEAD" }, body: "" };
  if (path === "/api/health/live") return { status: 200, headers: JSON_TYPE, body: JSON.stringify({ status: "ok" }) };
  if (path === "/api/health/ready") {
    const r = await checkReadiness({ database: getDatabase, queueStarted: jobQueueStarted });
    const body = r.ready ? { status: "ok", checks: r.checks } : { status: "unavailable", failed: r.failed, checks: r.checks };
    return { status: r.ready ? 200 : 503, headers: JSON_TYPE, body: JSON.stringify(body) };
  }
  if (path === "/api/metrics") {
    const access = metricsAccess(req.headers.authorization, metricsToken);
    if (access === "ok") return { status: 200, headers: { "Content-Type": metricsContentType() }, body: await scrapeMetrics(await getDatabase().catch(() => undefined)) };
    if (access === "unauthorized") return { status: 401, headers: { ...METRICS_UNAUTHORIZED_HEADERS }, body: "unauthorized\n" };
  }
  return { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" }, body: "not found\n" };
}
