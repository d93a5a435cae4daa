// Operator task: `npm run worker` works the portal's jobs (emails now; invoices, reminders and
// clean-ups as they arrive) from PostgreSQL through pg-boss, and sends the scheduled ones. Any
// number can run side by side. SIGTERM (or Ctrl-C) stops fetching, finishes the jobs in hand and
// exits 0. Not needed with the embedded database, or while the portal works jobs itself
// (WORKER_IN_PROCESS, on by default). Run with the server-only hook, as package.json does.
import { closeDb } from "../db";
import { startJobQueue } from "../lib/jobs/queue";
import { getEnv } from "../lib/env";

/** Longest a SIGTERM waits for the jobs in hand (docker-compose gives the worker 60 s). */
const drainMs = 45_000;

async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: the embedded database is worked by the portal itself (npm start)");
  const queue = await startJobQueue({ work: true, name: "worker" });
  console.log(`[worker] working jobs (woken by NOTIFY, polling every ${env.WORKER_POLL_MS} ms)`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: finishing the jobs in hand`);
    await queue.stop(drainMs);
    await closeDb();
    console.log("[worker] stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(`[worker] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
