import { z } from "zod";
import { defineJob } from "../define-job";
import { lazy } from "../lazy";

/** An address the database already holds; its own schemas checked its form when it was stored. */
const recipient = z.string().trim().min(3).max(320);

export const sendEmailPayload = z.object({
  to: recipient,
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  replyTo: recipient.optional(),
  /** What the email is about, for the audit entry written when it is sent or fails. */
  about: z.object({
    entityType: z.string(),
    entityId: z.string(),
    clientId: z.number().int().optional(),
    directorId: z.number().int().optional(),
    purpose: z.string(),
  }),
});
export type SendEmailPayload = z.infer<typeof sendEmailPayload>;

const handler = () => import("./send-email.handler");

/**
 * An email rendered when the change that causes it commits. The message id is the job's, so a
 * retry after an SMTP time-out that was in fact delivered can be recognised by the receiver
 * (send-email.handler.ts).
 */
export const sendEmailJob = defineJob({
  name: "email.send",
  schema: sendEmailPayload,
  retry: { retries: 7, delaySeconds: 5, backoff: true, maxDelaySeconds: 3600 },
  expireInSeconds: 5 * 60,
  // Sent by the thousand (a request's invitations, a day's reminders): fetched WORKER_BATCH_SIZE at a
  // time, WORKER_CONCURRENCY in flight over the pooled SMTP connections (lib/jobs/queue.ts).
  batched: true,
  run: lazy(handler, "run"),
  onFailed: lazy(handler, "onFailed"),
});
