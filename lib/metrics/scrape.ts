import type { DatabaseHandle } from "@/db/client";
import { readQueueStates } from "@/lib/jobs/queue-states";
import { metrics } from "./registry";

/**
 * The Prometheus text of this process's metrics, with what is read at scrape time brought up to
 * date first: the database pool's connections, and each job queue's depth from pg-boss (one query,
 * shared by every instance, so the same figures come from each). When the database does not answer,
 * `portal_database_up` is 0 and the queue gauges are left out rather than shown stale.
 */
export async function scrapeMetrics(handle: DatabaseHandle | undefined, now = new Date()): Promise<string> {
  const m = metrics();
  if (handle?.pool) {
    m.poolTotal.set(handle.pool.totalCount);
    m.poolIdle.set(handle.pool.idleCount);
    m.poolWaiting.set(handle.pool.waitingCount);
  }
  m.queueDepth.reset();
  m.queueOldestWaiting.reset();
  let up = 0;
  if (handle) {
    try {
      for (const q of await readQueueStates(handle.db)) {
        for (const state of ["waiting", "deferred", "active", "failed"] as const) m.queueDepth.set({ job: q.name, state }, q[state]);
        m.queueOldestWaiting.set({ job: q.name }, q.oldestWaitingSince ? Math.max(0, (now.getTime() - q.oldestWaitingSince.getTime()) / 1000) : 0);
      }
      up = 1;
    } catch {
      up = 0;
    }
  }
  m.databaseUp.set(up);
  return m.registry.metrics();
}

export function metricsContentType(): string {
  return metrics().registry.contentType;
}
