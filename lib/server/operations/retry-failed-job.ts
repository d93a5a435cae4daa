import "server-only";
import { sql } from "drizzle-orm";
import { fromDrizzle } from "pg-boss";
import type { Db } from "@/db";
import { rowsOf } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { splitJobTrace } from "@/lib/jobs/observe-job";
import { getJobQueue } from "@/lib/jobs/queue";
import { AppError } from "@/lib/server/app-error";
import { auditFailedJobDecision } from "./failed-job-audit";
import { lockFailedJob } from "./failed-job-row";

/**
 * An admin has a failed job tried once more (the operator's page, "Retry"): pg-boss puts it back in
 * its queue with one more attempt allowed, and the workers take it as soon as they poll. Audited in
 * the same transaction (JobRetried).
 *
 * Refused (409) when the job is not failed any more (retried or discarded by someone else), or when
 * a job of the same kind for the same thing is already waiting or running (an admin's retry from the
 * client's page, say): two attempts side by side could both do the work (Sage has no idempotency
 * keys). Admins only.
 */
export async function retryFailedJob({ db, user, name, id, meta }: { db: Db; user: Principal; name: string; id: string; meta?: { ip?: string; userAgent?: string } }): Promise<{ retried: true }> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  // Opened before the transaction: on the embedded database, starting the queue needs the one
  // connection that the transaction would hold.
  const { boss } = await getJobQueue();
  return db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, name, id);
    const data = splitJobTrace(job.data).data;
    const [busy] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from pgboss.job
        where name = ${name} and id <> ${id}::uuid and state in ('created', 'retry', 'active') and data @> ${JSON.stringify(data ?? {})}::jsonb
        limit 1`),
    );
    if (busy) throw new AppError("conflict", "job_in_progress");
    const result = (await boss.retry(name, id, { db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql) })) as { affected?: number };
    if (result.affected !== 1) throw new AppError("conflict", "job_not_failed");
    await auditFailedJobDecision(tx, { user, meta, action: "JobRetried", job });
    return { retried: true as const };
  });
}
