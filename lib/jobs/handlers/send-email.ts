import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { translator } from "@/lib/i18n/translator";
import { getEnv } from "@/lib/env";
import type { JobPayloads } from "../types";
import type { JobHandler } from "./index";

type Payload = JobPayloads["email.send"];

/** Audit records who was written to and why, never the body (it may carry a sign-in link). */
function auditOf(p: Payload) {
  return {
    entityType: p.about.entityType,
    entityId: p.about.entityId,
    clientId: p.about.clientId,
    directorId: p.about.directorId,
    user: "system",
  };
}

export const sendEmailHandler: JobHandler<Payload> = {
  async run(p, { db, jobId }) {
    const host = new URL(getEnv().APP_URL).hostname;
    await sendEmail({ to: p.to, subject: p.subject, text: p.text, html: p.html, replyTo: p.replyTo, messageId: `<job-${jobId}@${host}>` });
    await writeAudit(db, { ...auditOf(p), action: `Email sent: ${p.about.purpose}`, auditType: "Email", newValue: { to: p.to, subject: p.subject, purpose: p.about.purpose } });
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
};
