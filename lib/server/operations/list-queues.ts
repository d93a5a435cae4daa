import "server-only";
import type { DbOrTx } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { readQueueStates, type QueueState } from "@/lib/jobs/queue-states";
import { AppError } from "@/lib/server/app-error";

/**
 * The job queues as they stand (waiting, waiting for a later time, running, failed, the oldest
 * waiting), counted now from pg-boss's tables. pg-boss's internal queues are left out. Admins only.
 */
export async function listQueues({ db, user }: { db: DbOrTx; user: Principal }): Promise<QueueState[]> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  return (await readQueueStates(db)).filter((q) => !q.name.startsWith("__pgboss"));
}
