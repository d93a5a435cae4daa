// The tests' SMTP server (support/smtp.ts) outlives a sender that dies in the middle of a message:
// reminders.test.ts SIGKILLs a worker mid-run, and when the kill lands while it is sending, the
// kernel resets the connection. That reset must be recorded, not thrown as an unhandled error that
// fails the whole file.
import net from "node:net";
import nodemailer from "nodemailer";
import { startSmtpServer } from "./support/smtp";

/** Opens a raw SMTP connection, starts a message (MAIL FROM) and resets the connection (RST). */
async function resetMidMessage(port: number): Promise<void> {
  const socket = net.connect(port, "127.0.0.1");
  const replies: string[] = [];
  socket.on("data", (chunk: Buffer) => replies.push(...chunk.toString().split("\r\n").filter(Boolean)));
  const replyCount = async (n: number) => {
    for (let i = 0; i < 200 && replies.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(replies.length).toBeGreaterThanOrEqual(n);
  };
  await replyCount(1); // greeting
  socket.write("HELO sender.example\r\n");
  await replyCount(2);
  socket.write("MAIL FROM:<worker@sender.example>\r\n");
  await replyCount(3);
  expect(replies[2]).toMatch(/^250 /);
  socket.resetAndDestroy();
}

it("records a connection reset in the middle of a message, and goes on receiving", async () => {
  const smtp = await startSmtpServer();
  try {
    await resetMidMessage(Number(new URL(smtp.url).port));
    for (let i = 0; i < 100 && smtp.errors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(smtp.errors.map((e) => (e as NodeJS.ErrnoException).code)).toEqual(["ECONNRESET"]);

    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({ from: "a@sender.example", to: "b@receiver.example", subject: "After the reset", text: "Still here." });
    transport.close();
    expect(smtp.received.map((m) => m.subject)).toEqual(["After the reset"]);
  } finally {
    await smtp.close();
  }
});
