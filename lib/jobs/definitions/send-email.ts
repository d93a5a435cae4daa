import { z } from "zod";
import { emailDelivery } from "../define-job";
import { defineHandledJob } from "../handled-job";

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

/**
 * An email rendered when the change that causes it commits. The message id is the job's, so a
 * retry after an SMTP time-out that was in fact delivered can be recognised by the receiver
 * (send-email.handler.ts).
 */
export const sendEmailJob = defineHandledJob("email.send", sendEmailPayload, emailDelivery, () =>
  import("./send-email.handler"),
);
