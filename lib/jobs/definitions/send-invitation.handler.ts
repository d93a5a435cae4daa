import { eq, inArray } from "drizzle-orm";
import { clients, directors } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { invitationEmail } from "@/lib/server/requests/request-emails";
import { auditJob } from "../audit-job";
import type { JobContext } from "../define-job";
import type { FailedJobContext } from "../lazy";
import type { SendInvitationPayload } from "./send-invitation";

const PURPOSE = "invitation";

/** The invitees' columns the email and its audit entry need (not the whole record), by director id. */
async function invitees(db: JobContext["db"], directorIds: readonly number[]) {
  const rows = await db
    .select({
      director: { id: directors.id, clientId: directors.clientId, email: directors.email, reference: directors.reference, locale: directors.locale, isDeleted: directors.isDeleted },
      client: { name: clients.name, locale: clients.locale, verifyBy: clients.verifyBy },
      clientDeleted: clients.isDeleted,
    })
    .from(directors)
    .innerJoin(clients, eq(clients.id, directors.clientId))
    .where(directorIds.length === 1 ? eq(directors.id, directorIds[0]!) : inArray(directors.id, [...directorIds]));
  return new Map(rows.map((r) => [r.director.id, r]));
}

export async function run({ directorId }: SendInvitationPayload, ctx: JobContext) {
  const { db, jobId, batch } = ctx;
  // In a batch, the first job reads every invitee of the batch in one query (JobContext.batch), so
  // each email is written from the record as it was when its batch began rather than when it goes.
  const ids = batch ? (batch.payloads as SendInvitationPayload[]).map((p) => p.directorId) : [];
  const rows = batch && ids.includes(directorId) ? await batch.once("invitees", () => invitees(db, ids)) : await invitees(db, [directorId]);
  const row = rows.get(directorId);
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
}

export async function onFailed({ directorId }: SendInvitationPayload, { db, jobId, error }: FailedJobContext) {
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
}
