import type { DbOrTx } from "@/db";
import { jobs } from "@/db/schema";
import type { JobPayloads, JobType } from "./types";

/**
 * Writes a job row (the outbox). Call it inside the transaction of the change that causes the
 * side effect: the job exists if and only if the change committed. With an idempotency key,
 * enqueueing the same work twice yields one job.
 */
export async function enqueueJob<T extends JobType>(
  db: DbOrTx,
  type: T,
  payload: JobPayloads[T],
  options: { idempotencyKey?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({ type, payload: payload as Record<string, unknown>, idempotencyKey: options.idempotencyKey, runAt: options.runAt, maxAttempts: options.maxAttempts })
    .onConflictDoNothing({ target: jobs.idempotencyKey });
}
