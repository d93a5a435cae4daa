import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import { setInProcessWorker, startWorker } from "./worker";

/**
 * Unless WORKER_IN_PROCESS=false, the portal delivers its own outbox jobs (always the case with the
 * embedded database, which one process owns). Deployments that prefer a separate worker run
 * `npm run worker` and set WORKER_IN_PROCESS=false.
 */
export function startInProcessWorker() {
  const env = getEnv();
  if (!env.WORKER_IN_PROCESS && env.DATABASE_URL) return;
  const worker = startWorker(getDb, { pollMs: env.WORKER_POLL_MS, name: "portal" });
  setInProcessWorker(worker);
  process.once("SIGTERM", () => void worker.stop());
}
