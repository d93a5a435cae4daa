import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv, resetEnvCache } from "@/lib/env";
import { chooseEmailSender, getEmailSender } from "./index";
import { listMessages } from "./mailbox-store";

describe("email sender choice", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("uses SMTP when SMTP_URL is set, the capture mailbox otherwise", () => {
    expect(chooseEmailSender(parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" })).kind).toBe("smtp");
    expect(chooseEmailSender(parseEnv({})).kind).toBe("capture");
  });

  it("never captures in production", () => {
    const env = { ...parseEnv({}), APP_ENV: "production" as const };
    expect(() => chooseEmailSender(env)).toThrow(/SMTP_URL/);
  });

  it("chooses once per configuration and again after it changes", () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const first = getEmailSender();
    expect(getEmailSender()).toBe(first);
    expect(first.kind).toBe("capture");
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    resetEnvCache();
    expect(getEmailSender().kind).toBe("smtp");
  });

  it("captures a message where the development mailbox reads it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "capture-"));
    try {
      const sender = chooseEmailSender(parseEnv({ MAILBOX_DIR: dir, MAIL_FROM: "Portal <no-reply@portal.example>" }));
      const sent = await sender.send({ to: "a@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>", replyTo: "b@example.com", messageId: "<job-1@portal.example>" });
      expect(sent.captured).toBe(true);
      const [message] = listMessages(dir);
      expect(message).toMatchObject({ id: sent.messageId, from: "Portal <no-reply@portal.example>", to: ["a@example.com"], subject: "Hello", headers: { "reply-to": "b@example.com", "message-id": "<job-1@portal.example>" } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
