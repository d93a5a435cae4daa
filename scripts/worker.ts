// Operator task: `npm run worker` works the portal's jobs (emails now; invoices, reminders and
// clean-ups as they arrive) from PostgreSQL through pg-boss, and sends the scheduled ones. Any
// number can run side by side. SIGTERM (or Ctrl-C) stops fetching, finishes the jobs in hand and
// exits 0. Not needed with the embedded database, or while the portal works jobs itself
// (WORKER_IN_PROCESS, on by default). Run with the server-only hook, as package.json does.
// With WORKER_HTTP_PORT it answers /api/health/live, /api/health/ready and /api/metrics (as the
// portal does) on that port; with OTEL_EXPORTER_OTLP_ENDPOINT it exports its jobs' traces.
import { closeDb } from "../db";
import { startWorkerHttp } from "../lib/health/worker-http";
import { startJobQueue } from "../lib/jobs/queue";
import { getEnv } from "../lib/env";
import { flushOutsideCalls } from "../lib/server/operations/save-outside-call";
import type { Tracing } from "../lib/tracing/start-tracing";
import { log } from "../lib/log";

/** Longest a SIGTERM waits for the jobs in hand (docker-compose gives the worker 60 s). */
const drainMs = 45_000;

async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: the embedded database is worked by the portal itself (npm start)");
  let tracing: Tracing | undefined;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    const { startTracing } = await import("../lib/tracing/start-tracing");
    tracing = startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: `${env.OTEL_SERVICE_NAME}-worker` });
  }
  const queue = await startJobQueue({ work: true, name: "worker" });
  log.info(`[worker] working jobs (woken by NOTIFY, polling every ${env.WORKER_POLL_MS} ms)`);
  const httpServer = env.WORKER_HTTP_PORT ? await startWorkerHttp({ port: env.WORKER_HTTP_PORT, metricsToken: env.METRICS_TOKEN }) : undefined;
  if (httpServer) log.info(`[worker] health and metrics on port ${httpServer.port}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`[worker] ${signal}: finishing the jobs in hand`);
    await queue.stop(drainMs);
    await httpServer?.close();
    await flushOutsideCalls();
    await tracing?.stop();
    await closeDb();
    log.info("[worker] stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  log.error(`[worker] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
