import type { PgBoss } from "pg-boss";
import { jobDefinition, type JobName, type JobPayload } from "./definitions";

/** Recurring work: pg-boss sends `job` with `payload` at each time `cron` names, in `tz`. */
export type JobSchedule = {
  [N in JobName]: {
    job: N;
    /** Five-field cron: minute hour day-of-month month day-of-week. */
    cron: string;
    payload: JobPayload<N>;
    tz?: string;
  };
}[JobName];

/**
 * Every schedule. Times are UK local time, off the hour so they do not meet other systems' jobs.
 * A schedule missed while no worker ran is sent once when one returns (`missed: "once"`).
 */
export const jobSchedules: readonly JobSchedule[] = [
  { job: "maintenance.prune-security-data", cron: "17 3 * * *", payload: {}, tz: "Europe/London" },
  // Reminders in the working morning, when people can act on them.
  { job: "reminders.send", cron: "43 9 * * *", payload: {}, tz: "Europe/London" },
  { job: "evidence.delete-expired", cron: "41 2 * * *", payload: {}, tz: "Europe/London" },
  // Identity-check links run out at any hour; a director should not wait long to be told.
  { job: "identity-check.sweep-expired-sessions", cron: "7,22,37,52 * * * *", payload: {}, tz: "Europe/London" },
  // The audit trail's hash chains, after the night's clean-up (03:17) has left its markers.
  { job: "audit.verify", cron: "53 4 * * *", payload: {}, tz: "Europe/London" },
  // Clients' register data from Companies House, overnight, within the API key's rate budget.
  { job: "companies-house.refresh-register", cron: "26 1 * * *", payload: {}, tz: "Europe/London" },
  // Clients whose verify-by date passed yesterday lead the admin list from the start of the day.
  { job: "clients.mark-overdue", cron: "4 0 * * *", payload: {}, tz: "Europe/London" },
  // The admin search's count deltas folded, so that a search sums few rows and never writes.
  { job: "search.fold-counts", cron: "*/5 * * * *", payload: {}, tz: "Europe/London" },
  // The admin search's kept copies and counts against the records they follow, in the quiet hours.
  { job: "search.check", cron: "36 5 * * *", payload: {}, tz: "Europe/London" },
];

/**
 * Makes pg-boss's schedules match `jobSchedules`: each one created or updated, and any schedule
 * no longer listed removed. Run by every worker at start; pg-boss keeps one schedule per queue,
 * so several workers agree, and sends each occurrence once however many run.
 */
export async function applySchedules(boss: PgBoss, schedules: readonly JobSchedule[] = jobSchedules) {
  for (const s of schedules) {
    const payload = jobDefinition(s.job).schema.parse(s.payload) as object;
    await boss.schedule(s.job, s.cron, payload, { tz: s.tz ?? "UTC", missed: "once" });
  }
  const wanted = new Set(schedules.map((s) => s.job as string));
  for (const existing of await boss.getSchedules()) {
    if (!wanted.has(existing.name)) await boss.unschedule(existing.name, existing.key);
  }
}
