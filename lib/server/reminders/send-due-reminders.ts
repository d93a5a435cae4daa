import "server-only";
import type { Db } from "@/db";
import { getEnv } from "@/lib/env";
import { getJobQueue, type JobQueue } from "@/lib/jobs/queue";
import { claimReminders, type ReminderKind } from "./claim-reminders";
import { log } from "@/lib/log";

export interface ReminderRun {
  deadline: number;
  director: number;
  idv: number;
  contact: number;
}

/**
 * The daily reminder run: every individual whose next reminder step has come (not started: the
 * reminder; opened the identity check but not finished: the identity-check reminder) and every
 * company contact whose company is unpaid or has individuals outstanding past the last step (the
 * summary); and, first, every individual a step of VERIFY_BY_REMINDER_DAYS before their verify-by
 * date (the deadline reminder: on a day both are due, it goes and the other waits, since nobody
 * gets two a day). Claimed in transactions of `batchSize`, each with its emails (claim-reminders.ts), so
 * the run may be stopped at any point and run again, by any number of workers at once, without
 * anyone being reminded twice in a day.
 *
 * `now` is the run's clock: the schedule passes nothing (the time it runs), an operator or a test
 * may pass another day to see what that day's run sends.
 */
export async function sendDueReminders({ db, now = new Date(), batchSize = 200, queue }: { db: Db; now?: Date; batchSize?: number; queue?: JobQueue }): Promise<ReminderRun> {
  const env = getEnv();
  const days = env.REMINDER_DAYS;
  const deadlineDays = env.VERIFY_BY_REMINDER_DAYS;
  // Opened before any transaction: on the embedded database, starting the queue needs the one
  // connection a transaction would hold.
  if (!queue) await getJobQueue();
  const run: ReminderRun = { deadline: 0, director: 0, idv: 0, contact: 0 };
  for (const kind of ["deadline", "director", "idv", "contact"] as ReminderKind[]) {
    for (;;) {
      const claimed = await db.transaction((tx) => claimReminders(tx, kind, { now, days, deadlineDays, mode: "schedule", limit: batchSize, queue }));
      if (claimed === 0) break;
      run[kind] += claimed;
      log.info({ kind, claimed }, `[reminders] ${kind}: ${claimed} claimed and queued (${run[kind]} so far)`);
    }
  }
  return run;
}
