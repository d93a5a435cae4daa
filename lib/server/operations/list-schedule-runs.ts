import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import type { Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";

export interface ScheduleRun {
  /** The scheduled job, e.g. reminders.send. */
  name: string;
  /** Five-field cron, in `timezone`. */
  cron: string;
  timezone: string;
  /** The last job the schedule sent, if pg-boss still keeps it. */
  lastRun: null | {
    state: "waiting" | "running" | "completed" | "failed" | "cancelled";
    createdAt: Date;
    startedAt: Date | null;
    finishedAt: Date | null;
  };
}

const states: Record<string, NonNullable<ScheduleRun["lastRun"]>["state"]> = { created: "waiting", retry: "waiting", active: "running", completed: "completed", failed: "failed", cancelled: "cancelled" };

/**
 * Each schedule pg-boss holds and the last job it sent (pg-boss keeps the schedule's last job id),
 * with that job's state and times. Admins only.
 */
export async function listScheduleRuns({ db, user }: { db: DbOrTx; user: Principal }): Promise<ScheduleRun[]> {
  if (!can(user.type, "admin.operations")) throw new AppError("forbidden");
  const rows = rowsOf<{ name: string; cron: string; timezone: string | null; state: string | null; created_on: Date | string | null; started_on: Date | string | null; completed_on: Date | string | null }>(
    await db.execute(sql`
      select s.name, s.cron, s.timezone, j.state::text as state, j.created_on, j.started_on, j.completed_on
      from pgboss.schedule s
      left join pgboss.job j on j.name = s.name and j.id = s.last_job_id
      order by s.name`),
  );
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    name: r.name,
    cron: r.cron,
    timezone: r.timezone ?? "UTC",
    lastRun: r.state && r.created_on ? { state: states[r.state] ?? "waiting", createdAt: new Date(r.created_on), startedAt: date(r.started_on), finishedAt: date(r.completed_on) } : null,
  }));
}
