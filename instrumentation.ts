/**
 * Runs once when the server starts. Unless WORKER_IN_PROCESS=false, the portal delivers its own
 * outbox jobs (always the case with the embedded database, which one process owns). Deployments
 * that prefer a separate worker run `npm run worker` and set WORKER_IN_PROCESS=false.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("@/lib/env");
  const env = getEnv();
  if (!env.WORKER_IN_PROCESS && env.DATABASE_URL) return;
  const { getDb } = await import("@/db");
  const { startWorker, setInProcessWorker } = await import("@/lib/jobs/worker");
  const worker = startWorker(getDb, { pollMs: env.WORKER_POLL_MS, name: "portal" });
  setInProcessWorker(worker);
  process.once("SIGTERM", () => {
    void worker.stop();
  });
}
