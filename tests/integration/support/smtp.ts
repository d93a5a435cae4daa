import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import type { AddressInfo } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  messageId: string;
}

/** A real SMTP server on a free loopback port, recording what it receives. */
export async function startSmtpServer(options: { rejectWith?: string; acceptAfter?: Promise<void> } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  /** Connections opened in all, open now, and open at most at once (to see a sender's pooling). */
  const connections = { opened: 0, open: 0, maxOpen: 0 };
  /** Connection errors, such as a sender that died in the middle of a message (ECONNRESET). */
  const errors: Error[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The portal's SMTP adapter keeps its connections open in a pool: close() ends them after this
    // rather than waiting 30 s for the client to hang up.
    closeTimeout: 200,
    onConnect(_session, callback) {
      connections.opened += 1;
      connections.open += 1;
      connections.maxOpen = Math.max(connections.maxOpen, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onRcptTo(_address, _session, callback) {
      if (options.rejectWith) return callback(Object.assign(new Error(options.rejectWith), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push({
          from: mail.from?.text ?? "",
          to: [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? "") ?? []),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          replyTo: mail.replyTo?.text ?? "",
          messageId: mail.messageId ?? "",
        });
        for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
        // With acceptAfter, the message is recorded but the sender waits for its "250 OK" until then.
        (options.acceptAfter ?? Promise.resolve()).then(() => callback());
      }, callback);
    },
  });
  // A sender whose socket is reset in the middle of a message (a worker SIGKILL-ed while sending:
  // its unread replies make the kernel send RST) is reported as an 'error' event; without a listener
  // it was an unhandled error that failed the whole test file (reminders.test.ts, once, under load).
  // A relay outlives its clients: recorded, never thrown.
  server.on("error", (err) => errors.push(err));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections,
    errors,
    /** Resolves once `count` messages in all have arrived (for mail sent by another process). */
    waitForMessages: (count: number) =>
      received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
