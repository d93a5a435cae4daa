import { log } from "@/lib/log";
import { sendDueReminders } from "@/lib/server/reminders/send-due-reminders";
import type { JobContext } from "../define-job";
import type { SendRemindersPayload } from "./send-reminders";

export async function run({ now, batchSize }: SendRemindersPayload, { db }: JobContext) {
  const run = await sendDueReminders({ db, now: now ? new Date(now) : undefined, batchSize });
  log.info({ ...run }, `[reminders] run done: ${run.director} reminders, ${run.idv} identity-check reminders, ${run.contact} contact summaries`);
}
