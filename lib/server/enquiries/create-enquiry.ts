import "server-only";
import type { Db } from "@/db";
import { enquiries } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { sendJob } from "@/lib/jobs/send-job";
import type { EnquiryInput } from "@/lib/schemas/enquiry";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";

/**
 * Enquiries allowed per caller address in a window. Each one stores a row, notifies the admins and
 * emails support, so an anonymous form must not be able to repeat that without end. Counted in
 * PostgreSQL before anything is written, so concurrent requests cannot slip past the limit.
 */
export const enquiryLimits = { perIp: 5, windowSeconds: 15 * 60 };

/**
 * Stores a support enquiry from the /contact form and, in the same transaction, its audit entry,
 * an admin notification and the email to support (delivered by the worker). At most
 * `enquiryLimits.perIp` per caller address in a window; more is a `rate_limited` error.
 */
export async function createEnquiry({ db, input, ip, userAgent, now = new Date() }: { db: Db; input: EnquiryInput; ip: string; userAgent: string; now?: Date }) {
  const env = getEnv();
  const t = translator();
  const limit = await hitRateLimit(db, `enquiry:ip:${ip}`, enquiryLimits.perIp, enquiryLimits.windowSeconds, now);
  if (!limit.allowed) {
    await recordSecurityEvent(db, { event: "RateLimited", actor: input.email, ip, userAgent, detail: { limit: "ip", form: "enquiry" } });
    throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: limit.retryAfterSeconds });
  }
  return db.transaction(async (tx) => {
    const [enquiry] = await tx.insert(enquiries).values({ ...input, ip, userAgent }).returning({ id: enquiries.id, createdAt: enquiries.createdAt });
    const id = String(enquiry!.id);
    await writeAudit(tx, {
      action: "Enquiry received",
      auditType: "Notification",
      entityType: "Enquiry",
      entityId: id,
      user: input.email,
      ip,
      userAgent,
      newValue: { name: input.name, email: input.email },
    });
    await createNotification(tx, { message: t("notifications.newEnquiry", { name: input.name }), dedupeKey: `enquiry-${id}` });
    const email = renderEmail({
      subject: t("email.enquiry.subject", { reference: id, name: input.name }),
      paragraphs: [t("email.enquiry.intro")],
      details: [
        { label: t("contact.fields.name"), value: input.name },
        { label: t("contact.fields.email"), value: input.email },
        { label: t("contact.fields.description"), value: input.description },
        { label: t("email.enquiry.received"), value: enquiry!.createdAt.toISOString() },
      ],
    });
    await sendJob(tx, "email.send", { ...email, to: env.SUPPORT_EMAIL, replyTo: input.email, about: { entityType: "Enquiry", entityId: id, purpose: "support enquiry" } }, { key: `enquiry-${id}-support-email` });
    return { id: enquiry!.id };
  });
}
