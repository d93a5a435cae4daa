import { z } from "zod";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { auditJob, defineJob } from "../define-job";

/** An address the database already holds; its own schemas checked its form when it was stored. */
const recipient = z.string().trim().min(3).max(320);

const payload = z.object({
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
type Payload = z.infer<typeof payload>;

/** Audit records who was written to and why, never the body (it may carry personal details). */
function auditOf(p: Payload) {
  return {
    entityType: p.about.entityType,
    entityId: p.about.entityId,
    clientId: p.about.clientId,
    directorId: p.about.directorId,
    user: "system",
  };
}

/**
 * An email rendered when the change that causes it commits. The message id is the job's, so a
 * retry after an SMTP time-out that was in fact delivered can be recognised by the receiver.
 */
export const sendEmailJob = defineJob({
  name: "email.send",
  schema: payload,
  retry: { retries: 7, delaySeconds: 5, backoff: true, maxDelaySeconds: 3600 },
  expireInSeconds: 5 * 60,
  // Sent by the thousand (a request's invitations, a day's reminders): fetched WORKER_BATCH_SIZE at a
  // time, WORKER_CONCURRENCY in flight over the pooled SMTP connections (lib/jobs/queue.ts).
  batched: true,
  async run(p, ctx) {
    const { jobId } = ctx;
    const host = new URL(getEnv().APP_URL).hostname;
    await sendEmail({ to: p.to, subject: p.subject, text: p.text, html: p.html, replyTo: p.replyTo, messageId: `<job-${jobId}@${host}>` });
    await auditJob(ctx, { ...auditOf(p), action: `Email sent: ${p.about.purpose}`, auditType: "Email", newValue: { to: p.to, subject: p.subject, purpose: p.about.purpose } });
  },
  async onFailed(p, { db, jobId, error }) {
    await writeAudit(db, { ...auditOf(p), action: `Email failed: ${p.about.purpose}`, auditType: "EmailError", newValue: { to: p.to, subject: p.subject, purpose: p.about.purpose, error } });
    await createNotification(db, {
      message: translator()("notifications.emailFailed", { to: p.to, purpose: p.about.purpose }),
      clientId: p.about.clientId,
      directorId: p.about.directorId,
      dedupeKey: `job-${jobId}-failed`,
    });
  },
});
