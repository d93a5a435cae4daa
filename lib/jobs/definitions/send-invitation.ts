import { z } from "zod";
import { emailDelivery } from "../define-job";
import { defineHandledJob } from "../handled-job";

export const sendInvitationPayload = z.object({ directorId: z.number().int().positive() });
export type SendInvitationPayload = z.infer<typeof sendInvitationPayload>;

/**
 * The invitation of one individual to verify their identity (sent by releaseInvitations, once per
 * individual: its key is `invitation:<directorId>`; again, each time under a key of its own
 * `invitation:<directorId>:email-<time>`, when their email is corrected or their contact resends it,
 * lib/server/directors/resend-invitation.ts). Its button opens the sign-in page filled in with the
 * individual's email and reference (lib/server/requests/request-emails.ts).
 *
 * The payload names the director only: the email is written when it is sent, from the record as
 * it is then (as its batch began, when worked in a batch), so an individual deleted or corrected in
 * the meantime gets no email or the right one, and thousands of invitations cost thousands of ids,
 * not thousands of rendered emails, in the request's transaction (send-invitation.handler.ts).
 */
export const sendInvitationJob = defineHandledJob(
  "invitation.send",
  sendInvitationPayload,
  emailDelivery,
  () => import("./send-invitation.handler"),
);
