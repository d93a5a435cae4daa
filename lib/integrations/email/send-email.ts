import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/lib/env";
import { storeMessage } from "./mailbox-store";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Stable id of this message, so a retried delivery can be recognised downstream. */
  messageId?: string;
}

let transporter: { url: string; transport: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transporter?.url !== url) {
    transporter = {
      url,
      transport: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return transporter.transport;
}

/**
 * Sends one email over SMTP_URL. Without SMTP_URL (development and tests only; production refuses
 * to start without it) the message is stored in the local capture mailbox instead.
 */
export async function sendEmail(email: OutgoingEmail): Promise<{ messageId: string; captured: boolean }> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    const stored = storeMessage(env.MAILBOX_DIR, {
      from: env.MAIL_FROM,
      to: [email.to],
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: email.replyTo ? { "reply-to": email.replyTo } : undefined,
    });
    return { messageId: stored.id, captured: true };
  }
  const info = await smtp(env.SMTP_URL).sendMail({
    from: env.MAIL_FROM,
    to: email.to,
    replyTo: email.replyTo,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
  });
  return { messageId: info.messageId, captured: false };
}
