import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { auditJob } from "../audit-job";
import type { JobContext } from "../define-job";
import type { FailedJobContext } from "../lazy";
import type { SendEmailPayload } from "./send-email";

/** Audit records who was written to and why, never the body (it may carry personal details). */
function auditOf(p: SendEmailPayload) {
  return {
    entityType: p.about.entityType,
    entityId: p.about.entityId,
    clientId: p.about.clientId,
    directorId: p.about.directorId,
    user: "system",
  };
}

export async function run(p: SendEmailPayload, ctx: JobContext) {
  const { jobId } = ctx;
  const host = new URL(getEnv().APP_URL).hostname;
  await sendEmail({ to: p.to, subject: p.subject, text: p.text, html: p.html, replyTo: p.replyTo, messageId: `<job-${jobId}@${host}>` });
  await auditJob(ctx, { ...auditOf(p), action: `Email sent: ${p.about.purpose}`, auditType: "Email", newValue: { to: p.to, subject: p.subject, purpose: p.about.purpose } });
}

export async function onFailed(p: SendEmailPayload, { db, jobId, error }: FailedJobContext) {
  await writeAudit(db, { ...auditOf(p), action: `Email failed: ${p.about.purpose}`, auditType: "EmailError", newValue: { to: p.to, subject: p.subject, purpose: p.about.purpose, error } });
  await createNotification(db, {
    message: translator()("notifications.emailFailed", { to: p.to, purpose: p.about.purpose }),
    clientId: p.about.clientId,
    directorId: p.about.directorId,
    dedupeKey: `job-${jobId}-failed`,
  });
}
