import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "@/db/client";
import { handlers } from "./handlers";
import type { JobType } from "./types";

interface ClaimedJob {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/** A running job whose worker has not finished it within this time is assumed dead and retried. */
export const staleLockMs = 5 * 60_000;

export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60 * 60_000);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Claims up to `batchSize` due jobs (pending and due, or running with a stale lock) with
 * `FOR UPDATE SKIP LOCKED`, so any number of workers can run side by side, and runs them.
 * A failure is retried with exponential backoff; after `max_attempts` the job is marked failed
 * and its handler's `onFailed` records the error where admins see it.
 */
export async function runDueJobs(db: Db, options: { workerId: string; batchSize?: number; now?: Date }): Promise<number> {
  const now = options.now ?? new Date();
  const staleBefore = new Date(now.getTime() - staleLockMs);
  const claimed = rowsOf<ClaimedJob>(
    await db.execute(sql`
      update jobs set status = 'running', locked_at = ${now}, locked_by = ${options.workerId}, attempts = attempts + 1
      where id in (
        select id from jobs
        where (status = 'pending' and run_at <= ${now}) or (status = 'running' and locked_at < ${staleBefore})
        order by run_at, id
        limit ${options.batchSize ?? 10}
        for update skip locked
      )
      returning id, type, payload, attempts, max_attempts`),
  );

  for (const job of claimed) {
    const handler = handlers[job.type as JobType];
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler.run(job.payload as never, { db, jobId: Number(job.id), attempt: job.attempts });
      await db.execute(sql`update jobs set status = 'done', completed_at = now(), locked_at = null, last_error = null where id = ${job.id}`);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      if (job.attempts >= job.max_attempts || !handler) {
        await db.execute(sql`update jobs set status = 'failed', completed_at = now(), locked_at = null, last_error = ${message} where id = ${job.id}`);
        await handler?.onFailed?.(job.payload as never, { db, jobId: Number(job.id), attempt: job.attempts, error: message }).catch((e: unknown) =>
          console.error(`[jobs] onFailed of job ${job.id} failed: ${(e as Error).message}`),
        );
        console.error(`[jobs] job ${job.id} (${job.type}) failed for good after ${job.attempts} attempts: ${message}`);
      } else {
        const runAt = new Date(Date.now() + backoffMs(job.attempts));
        await db.execute(sql`update jobs set status = 'pending', run_at = ${runAt}, locked_at = null, last_error = ${message} where id = ${job.id}`);
        console.warn(`[jobs] job ${job.id} (${job.type}) attempt ${job.attempts} failed, retrying at ${runAt.toISOString()}: ${message}`);
      }
    }
  }
  return claimed.length;
}
