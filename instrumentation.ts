/**
 * Runs once when the server starts, on Node.js: traces first (when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set; lib/tracing/start-tracing.ts, loaded only then), so that Next.js's request spans and the
 * portal's own are recorded from the first request; then the job queue (and the in-process worker).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getEnv } = await import("@/lib/env");
    const env = getEnv();
    if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
      const { startTracing } = await import("@/lib/tracing/start-tracing");
      startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME });
    }
    const { startInProcessWorker } = await import("@/lib/jobs/start-in-process-worker");
    await startInProcessWorker();
  }
}
