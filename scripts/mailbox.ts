// A capture SMTP server for development and tests (`npm run mailbox`): accepts every message on
// MAILBOX_SMTP_PORT (default 1025) and stores it in MAILBOX_DIR (default .data/mailbox), where the
// development mailbox page and the tests read it. Point the portal at it with
// SMTP_URL=smtp://127.0.0.1:1025 to exercise real SMTP delivery.
import { SMTPServer } from "smtp-server";
import { simpleParser, type AddressObject } from "mailparser";
import { storeMessage } from "../lib/integrations/email/mailbox-store";
import { listenFailure } from "./lib/ports";
import { log } from "../lib/log";

const port = Number(process.env.MAILBOX_SMTP_PORT ?? 1025);
const dir = process.env.MAILBOX_DIR ?? `${process.env.DATA_DIR ?? ".data"}/mailbox`;

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  if (!a) return [];
  return (Array.isArray(a) ? a : [a]).flatMap((o) => o.value.map((v) => v.address ?? "")).filter(Boolean);
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  size: 10 * 1024 * 1024,
  logger: false,
  // On SIGTERM, connections a sender keeps open in its pool are closed after a second, not 30.
  closeTimeout: 1000,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        storeMessage(dir, {
          from: mail.from?.text ?? "",
          to: addresses(mail.to),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          headers: { "message-id": mail.messageId ?? "", "reply-to": mail.replyTo?.text ?? "" },
        });
        callback();
      })
      .catch((err: Error) => callback(err));
  },
});

// A taken port stops the mailbox with a message naming it and MAILBOX_SMTP_PORT (exit 1), rather
// than an unhandled error event; a sender pointed at the port would reach whatever holds it.
server.on("error", (err) => {
  log.error(`[mailbox] ${listenFailure(err, { port, what: "the capture mailbox", variable: "MAILBOX_SMTP_PORT" })}`);
  process.exit(1);
});
server.listen(port, "127.0.0.1", () => log.info(`[mailbox] SMTP capture on 127.0.0.1:${port}, storing in ${dir}`));
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
