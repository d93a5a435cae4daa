import os from "node:os";
import type { Db } from "@/db/client";
import { runDueJobs } from "./run-due-jobs";

export interface Worker {
  /** Look for due jobs now rather than at the next poll. */
  wake(): void;
  /** Stops claiming new jobs and resolves when the batch in hand is finished (SIGTERM drain). */
  stop(): Promise<void>;
}

export function startWorker(getDb: () => Promise<Db>, options: { pollMs: number; batchSize?: number; name?: string }): Worker {
  const workerId = `${options.name ?? "worker"}:${os.hostname()}:${process.pid}`;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let wakeAgain = false;

  async function drainDue() {
    const db = await getDb();
    const batchSize = options.batchSize ?? 10;
    // Keep going while full batches come back: there may be more due work.
    while (!stopping && (await runDueJobs(db, { workerId, batchSize })) === batchSize);
  }

  function tick() {
    timer = undefined;
    if (stopping) return;
    if (current) {
      wakeAgain = true;
      return;
    }
    current = drainDue()
      .catch((err: Error) => console.error(`[worker] ${err.message}`))
      .finally(() => {
        current = undefined;
        if (stopping) return;
        if (wakeAgain) {
          wakeAgain = false;
          setImmediate(tick);
        } else schedule();
      });
  }

  function schedule() {
    timer = setTimeout(tick, options.pollMs);
    timer.unref();
  }

  schedule();
  return {
    wake() {
      if (stopping) return;
      if (timer) clearTimeout(timer);
      tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

const globalForWorker = globalThis as unknown as { __inProcessWorker?: Worker };

export function setInProcessWorker(worker: Worker | undefined) {
  globalForWorker.__inProcessWorker = worker;
}

/** Asks this process's worker, if it runs one, to deliver newly committed jobs straight away. */
export function wakeWorker() {
  globalForWorker.__inProcessWorker?.wake();
}
