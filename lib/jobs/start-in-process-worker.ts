import { getEnv } from "@/lib/env";
import { startJobQueue, stopJobQueue } from "./queue";

/**
 * Starts the portal's job queue when the server starts. Unless WORKER_IN_PROCESS=false, the portal
 * works jobs itself; with the embedded database it always does, since one process owns that
 * database. Otherwise it only sends them, for `npm run worker` processes to work. Awaited before
 * the server answers, so the embedded database's queue is ready before any request sends a job.
 */
export async function startInProcessWorker() {
  const env = getEnv();
  const work = env.WORKER_IN_PROCESS || !env.DATABASE_URL;
  await startJobQueue({ work, name: "portal" });
  // The portal's server (scripts/serve.ts) calls this on SIGTERM/SIGINT, after the last request and
  // before it exits, so the job in hand is finished rather than left to expire and run again.
  let drained: Promise<void> | undefined;
  (globalThis as { __portalDrain?: () => Promise<void> }).__portalDrain = () => (drained ??= stopJobQueue(10_000));
}
