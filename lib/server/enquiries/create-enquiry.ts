import "server-only";
import type { Db } from "@/db";
import { enquiries } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { EnquiryInput } from "@/lib/schemas/enquiry";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";

/**
 * Stores a support enquiry from the /contact form and, in the same transaction, its audit entry,
 * an admin notification and the email to support (delivered by the worker).
 */
export async function createEnquiry({ db, input, ip, userAgent }: { db: Db; input: EnquiryInput; ip: string; userAgent: string }) {
  const env = getEnv();
  const t = translator();
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
    await enqueueJob(tx, "email.send", { ...email, to: env.SUPPORT_EMAIL, replyTo: input.email, about: { entityType: "Enquiry", entityId: id, purpose: "support enquiry" } }, { idempotencyKey: `enquiry-${id}-support-email` });
    return { id: enquiry!.id };
  });
}
