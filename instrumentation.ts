/** Runs once when the server starts: on Node.js, the in-process outbox worker. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startInProcessWorker } = await import("@/lib/jobs/start-in-process-worker");
    startInProcessWorker();
  }
}
