import { eq } from "drizzle-orm";
import { z } from "zod";
import { clients, directors } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { invitationEmail } from "@/lib/server/requests/request-emails";
import { auditJob, defineJob } from "../define-job";

const PURPOSE = "invitation";

/**
 * The invitation of one individual to verify their identity (sent by releaseInvitations, once per
 * individual: its key is `invitation:<directorId>`; again, each time under a key of its own
 * `invitation:<directorId>:email-<time>`, when their email is corrected or their contact resends it,
 * lib/server/directors/resend-invitation.ts). Its button opens the sign-in page filled in with the
 * individual's email and reference (lib/server/requests/request-emails.ts).
 *
 * The payload names the director only: the email is written when it is sent, from the record as
 * it is then, so an individual deleted or corrected in the meantime gets no email or the right one,
 * and thousands of invitations cost thousands of ids, not thousands of rendered emails, in the
 * request's transaction.
 */
export const sendInvitationJob = defineJob({
  name: "invitation.send",
  schema: z.object({ directorId: z.number().int().positive() }),
  retry: { retries: 7, delaySeconds: 5, backoff: true, maxDelaySeconds: 3600 },
  expireInSeconds: 5 * 60,
  // Sent by the thousand (a request's invitations, a day's reminders): fetched WORKER_BATCH_SIZE at a
  // time, WORKER_CONCURRENCY in flight over the pooled SMTP connections (lib/jobs/queue.ts).
  batched: true,
  async run({ directorId }, ctx) {
    const { db, jobId } = ctx;
    // The columns the email and its audit entry need, not the whole record: this runs per invitation.
    const [row] = await db
      .select({
        director: { id: directors.id, clientId: directors.clientId, email: directors.email, reference: directors.reference, locale: directors.locale, isDeleted: directors.isDeleted },
        client: { name: clients.name, locale: clients.locale, verifyBy: clients.verifyBy },
        clientDeleted: clients.isDeleted,
      })
      .from(directors)
      .innerJoin(clients, eq(clients.id, directors.clientId))
      .where(eq(directors.id, directorId));
    if (!row || row.director.isDeleted || row.clientDeleted) return;
    const { director } = row;
    const email = invitationEmail(director, row.client);
    await sendEmail({ ...email, to: director.email, messageId: `<job-${jobId}@${new URL(getEnv().APP_URL).hostname}>` });
    await auditJob(ctx, {
      action: `Email sent: ${PURPOSE}`,
      auditType: "Email",
      entityType: "Director",
      entityId: String(director.id),
      clientId: director.clientId,
      directorId: director.id,
      user: "system",
      newValue: { to: director.email, subject: email.subject, purpose: PURPOSE },
    });
  },
  async onFailed({ directorId }, { db, jobId, error }) {
    const [director] = await db.select({ email: directors.email, clientId: directors.clientId }).from(directors).where(eq(directors.id, directorId));
    await writeAudit(db, {
      action: `Email failed: ${PURPOSE}`,
      auditType: "EmailError",
      entityType: "Director",
      entityId: String(directorId),
      clientId: director?.clientId,
      directorId,
      user: "system",
      newValue: { to: director?.email, purpose: PURPOSE, error },
    });
    await createNotification(db, {
      message: translator()("notifications.emailFailed", { to: director?.email ?? String(directorId), purpose: PURPOSE }),
      clientId: director?.clientId,
      directorId,
      dedupeKey: `job-${jobId}-failed`,
    });
  },
});
