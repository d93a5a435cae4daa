// Operator task: `npm run worker` delivers outbox jobs (emails and, later, invoices and
// reminders) from PostgreSQL. Any number can run side by side; SIGTERM finishes the job in hand.
// Not needed with the embedded database or while the portal runs its in-process worker.
import { openDatabase } from "../db/client";
import { startWorker } from "../lib/jobs/worker";
import { getEnv } from "../lib/env";

async function main() {
  const env = getEnv();
  if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: the embedded database is served by the portal's in-process worker");
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, poolMax: 4 });
  const worker = startWorker(async () => handle.db, { pollMs: env.WORKER_POLL_MS, name: "worker" });
  console.log(`[worker] polling every ${env.WORKER_POLL_MS} ms`);
  const stop = async () => {
    console.log("[worker] draining");
    await worker.stop();
    await handle.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((err) => {
  console.error(`[worker] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
