import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { EmailSender } from "./types";

export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://…; options in its query (`?requireTLS=true`) are kept. */
  url: string;
  /** The From header, e.g. `Director Verification <no-reply@example.com>`. */
  from: string;
  /** Connections the pool keeps open to the relay at most (SMTP_MAX_CONNECTIONS). */
  maxConnections: number;
}

/** Time-outs that keep a stalled relay from holding a job for minutes (the job is retried instead). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * The transport's options, in the connection URL nodemailer reads (its query parameters are
 * transport options): a pool of at most `maxConnections` connections, each reused for up to 100
 * messages (nodemailer's default, within what relays commonly allow a connection), and the
 * time-outs, unless the URL names its own. (An object with a `url` would lose every other option:
 * nodemailer then reads the URL alone.)
 */
export function smtpTransportUrl(config: Pick<SmtpConfig, "url" | "maxConnections">): string {
  const url = new URL(config.url);
  url.searchParams.set("pool", "true");
  url.searchParams.set("maxConnections", String(config.maxConnections));
  for (const [name, ms] of Object.entries(TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

/**
 * Real delivery over SMTP, through a pool of connections: a message reuses an open connection
 * instead of opening one (TCP, greeting, EHLO, STARTTLS, AUTH) of its own, and several go at once,
 * up to `maxConnections`; more wait in the pool's queue. The worker sends that many at a time
 * (WORKER_CONCURRENCY), so a request's thousands of invitations are not one connection each.
 */
/**
 * An address as nodemailer takes it already parsed ({ name, address }), so that it does not parse
 * the same From line, and each plain recipient address, once a message. Anything else (a display
 * name, a list) stays text for nodemailer to parse.
 */
export function parsedAddress(value: string): { name: string; address: string } | string {
  if (/^[^\s<>,;"]+@[^\s<>,;"]+$/.test(value.trim())) return { name: "", address: value.trim() };
  const list = addressparser(value, { flatten: true });
  return list.length === 1 && list[0]!.address ? { name: list[0]!.name, address: list[0]!.address } : value;
}

export function createSmtpSender(config: SmtpConfig): EmailSender {
  const transport = nodemailer.createTransport(smtpTransportUrl(config));
  const from = parsedAddress(config.from);
  // nodemailer normalises a parsed address in place: each message gets copies.
  const copy = (a: ReturnType<typeof parsedAddress>) => (typeof a === "string" ? a : { ...a });
  return {
    kind: "smtp",
    async send(message) {
      const info = await transport.sendMail({
        from: copy(from),
        to: copy(parsedAddress(message.to)),
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        // What nodemailer would choose for the portal's English and Welsh text anyway, said once
        // rather than found by scanning every body and header of every message for Latin letters.
        textEncoding: "quoted-printable",
      });
      return { messageId: info.messageId, captured: false };
    },
    close() {
      // Ends the pool's connections once their messages in flight are sent.
      transport.close();
    },
  };
}
