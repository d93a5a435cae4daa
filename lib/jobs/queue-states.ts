import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "@/db/client";

/** One queue as it stands: jobs waiting to run now, waiting for a later time, running, failed for good. */
export interface QueueState {
  name: string;
  waiting: number;
  deferred: number;
  active: number;
  failed: number;
  /** When the job waiting longest to run was created; null when none waits. */
  oldestWaitingSince: Date | null;
}

/**
 * Every pg-boss queue's jobs by state, counted now from pg-boss's own tables (its cached counts are
 * only as fresh as the last maintenance pass of a working process, and a web process runs none).
 * Queues without jobs are listed with zeros. Failed jobs are those pg-boss still keeps (7 days
 * after they failed). Shared by the metrics scrape and the operator's page.
 */
export async function readQueueStates(db: DbOrTx): Promise<QueueState[]> {
  const rows = rowsOf<{ name: string; waiting: number; deferred: number; active: number; failed: number; oldest: Date | string | null }>(
    await db.execute(sql`
      select q.name,
        count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as waiting,
        count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now())::int as deferred,
        count(j.id) filter (where j.state = 'active')::int as active,
        count(j.id) filter (where j.state = 'failed')::int as failed,
        min(j.created_on) filter (where j.state in ('created', 'retry') and j.start_after <= now()) as oldest
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
      group by q.name
      order by q.name`),
  );
  return rows.map((r) => ({
    name: r.name,
    waiting: Number(r.waiting),
    deferred: Number(r.deferred),
    active: Number(r.active),
    failed: Number(r.failed),
    oldestWaitingSince: r.oldest === null ? null : new Date(r.oldest),
  }));
}
