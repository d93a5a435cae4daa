import { storeMessage } from "../mailbox-store";
import type { EmailSender } from "../types";

export interface CaptureConfig {
  /** Folder of the capture mailbox (read by /dev/mailbox and by tests). */
  dir: string;
  from: string;
}

/**
 * The stand-in for a mail server in development and tests: each message becomes a file in the
 * capture mailbox. Production refuses to start without SMTP_URL, so this never replaces delivery
 * there. (`npm run mailbox` is the same mailbox behind a real SMTP listener, for exercising the SMTP
 * adapter end to end.)
 */
export function createCaptureSender(config: CaptureConfig): EmailSender {
  return {
    kind: "capture",
    async send(message) {
      const stored = storeMessage(config.dir, {
        from: config.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: {
          ...(message.replyTo ? { "reply-to": message.replyTo } : {}),
          ...(message.messageId ? { "message-id": message.messageId } : {}),
        },
      });
      return { messageId: stored.id, captured: true };
    },
  };
}
