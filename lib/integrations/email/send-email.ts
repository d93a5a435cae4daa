import "server-only";
import { getEmailSender } from "./index";
import type { OutgoingEmail, SentEmail } from "./types";

export type { OutgoingEmail, SentEmail } from "./types";

/**
 * Sends one email through the configured sender: SMTP_URL, or the local capture mailbox outside
 * production. The jobs that deliver email call this; code that wants the sender itself uses
 * getEmailSender().
 */
export async function sendEmail(email: OutgoingEmail): Promise<SentEmail> {
  return getEmailSender().send(email);
}
