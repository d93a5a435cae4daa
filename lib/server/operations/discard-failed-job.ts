import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { auditFailedJobDecision } from "./failed-job-audit";
import { lockFailedJob } from "./failed-job-row";

/**
 * An admin discards a failed job (the operator's page, "Discard"): it leaves pg-boss and the page,
 * and nothing tries it again. What it recorded when it failed (audit entries, notifications) stays.
 * Audited in the same transaction (JobDiscarded), with the job's kind and error. Refused (409) when
 * the job is not failed any more. Admins only.
 */
export async function discardFailedJob({ db, user, name, id, meta }: { db: Db; user: Principal; name: string; id: string; meta?: { ip?: string; userAgent?: string } }): Promise<{ discarded: true }> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  return db.transaction(async (tx) => {
    const job = await lockFailedJob(tx, name, id);
    await tx.execute(sql`delete from pgboss.job where name = ${name} and id = ${id}::uuid and state = 'failed'`);
    await auditFailedJobDecision(tx, { user, meta, action: "JobDiscarded", job });
    return { discarded: true as const };
  });
}
