/** Runs once when the server starts: on Node.js, the job queue (and the in-process worker). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startInProcessWorker } = await import("@/lib/jobs/start-in-process-worker");
    await startInProcessWorker();
  }
}
