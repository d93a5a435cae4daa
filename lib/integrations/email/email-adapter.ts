import nodemailer from "nodemailer";
import type { EmailSender } from "./types";

export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://… */
  url: string;
  /** The From header, e.g. `Director Verification <no-reply@example.com>`. */
  from: string;
}

/**
 * Real delivery over SMTP. One pooled-by-nodemailer transport per adapter; the time-outs keep a
 * stalled relay from holding a job for minutes (the job is retried instead).
 */
export function createSmtpSender(config: SmtpConfig): EmailSender {
  const transport = nodemailer.createTransport(config.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail({
        from: config.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
      });
      return { messageId: info.messageId, captured: false };
    },
  };
}
