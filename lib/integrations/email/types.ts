/**
 * What the portal needs from outgoing email: send one message. The SMTP adapter delivers it; the
 * capture mailbox (development and tests) stores it for the /dev/mailbox page instead.
 */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Stable id of this message, so a retried delivery can be recognised downstream. */
  messageId?: string;
}

export interface SentEmail {
  messageId: string;
  /** True when the message went to the capture mailbox rather than to a mail server. */
  captured: boolean;
}

export interface EmailSender {
  /** "smtp" for real delivery, "capture" for the local mailbox. */
  readonly kind: "smtp" | "capture";
  /** Resolves once the message is accepted; rejects (to be retried by the caller) otherwise. */
  send(message: OutgoingEmail): Promise<SentEmail>;
  /** Lets go of open connections (the SMTP pool), when the configuration changes or the process ends. */
  close?(): void;
}
