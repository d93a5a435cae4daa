import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { errorText } from "@/lib/jobs/queue";
import { AppError } from "@/lib/server/app-error";
import { nameSubjects, subjectIdsOf, type JobSubject } from "./job-subject";

export interface FailedJob {
  id: string;
  /** The queue (job kind), e.g. invoice.raise; the page says it in words. */
  name: string;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
  /** The last attempt's error, one line. */
  error: string;
  subject: JobSubject;
}

/**
 * Jobs whose last attempt failed and that pg-boss still keeps (7 days), newest first, at most
 * `limit`: what they were about (client, individual) and why they failed. Never the payload itself
 * (an email's body, a link). Admins only.
 */
export async function listFailedJobs({ db, user, limit = 50 }: { db: DbOrTx; user: Principal; limit?: number }): Promise<FailedJob[]> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  const rows = rowsOf<{ id: string; name: string; data: unknown; output: unknown; retry_count: number; created_on: Date | string; completed_on: Date | string | null }>(
    await db.execute(sql`
      select id, name, data, output, retry_count, created_on, completed_on
      from pgboss.job
      where state = 'failed' and name not like '\_\_pgboss%'
      order by completed_on desc nulls last, id
      limit ${Math.max(1, Math.min(limit, 500))}`),
  );
  const ids = rows.map((r) => subjectIdsOf(r.data));
  const name = await nameSubjects(db, ids);
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    attempts: Number(r.retry_count) + 1,
    createdAt: new Date(r.created_on),
    failedAt: r.completed_on === null ? null : new Date(r.completed_on),
    error: errorText(r.output).replace(/\s+/g, " ").trim().slice(0, 500),
    subject: name(ids[i]!),
  }));
}
