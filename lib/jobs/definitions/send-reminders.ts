import { z } from "zod";
import { defineJob } from "../define-job";
import { lazy } from "../lazy";

export const sendRemindersPayload = z
  .object({
    now: z.iso.datetime({ offset: true }).optional(),
    /** Reminders claimed per transaction (default 200). */
    batchSize: z.number().int().min(1).max(5000).optional(),
  })
  .strict();
export type SendRemindersPayload = z.infer<typeof sendRemindersPayload>;

/**
 * The daily reminder run (lib/server/reminders/send-due-reminders.ts), sent by its schedule.
 * The emails themselves are `email.send` jobs, each keyed by person and day and audited as Email
 * or EmailError; this job only decides who is due and claims them.
 *
 * `now` moves the run's clock (an operator's by-hand run, tests): what a run on that day would
 * send. A retry after a worker died keeps the payload, so it finishes the same day's run, and
 * whoever the dead run had already claimed is not reminded again.
 */
export const sendRemindersJob = defineJob({
  name: "reminders.send",
  schema: sendRemindersPayload,
  retry: { retries: 3, delaySeconds: 60, backoff: true, maxDelaySeconds: 1800 },
  expireInSeconds: 30 * 60,
  run: lazy(() => import("./send-reminders.handler"), "run"),
});
