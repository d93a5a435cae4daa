import { getEnv, type Env } from "@/lib/env";
import { instrumentAdapter } from "@/lib/metrics/outside-call";
import { createSmtpSender } from "./email-adapter";
import { createCaptureSender } from "./simulator/capture-mailbox";
import type { EmailSender } from "./types";

export type { EmailSender, OutgoingEmail, SentEmail } from "./types";

/** Which sender a configuration means: SMTP when SMTP_URL is set, else the capture mailbox. */
export function chooseEmailSender(env: Env): EmailSender {
  // parseEnv already refuses a production configuration without SMTP_URL; this is the second lock.
  if (env.SMTP_URL) return createSmtpSender({ url: env.SMTP_URL, from: env.MAIL_FROM, maxConnections: env.SMTP_MAX_CONNECTIONS });
  if (env.APP_ENV === "production") throw new Error("SMTP_URL: required in production");
  return createCaptureSender({ dir: env.MAILBOX_DIR, from: env.MAIL_FROM });
}

let chosen: { env: Env; sender: EmailSender } | undefined;

/**
 * The process's email sender, chosen once from the configuration. Keyed on the configuration
 * object, so a test that changes the environment and calls resetEnvCache() gets a fresh choice.
 * Each message sent is recorded as an outside call (lib/metrics/outside-call.ts).
 */
export function getEmailSender(): EmailSender {
  const env = getEnv();
  if (chosen?.env !== env) {
    // The previous choice's pooled connections are not reused by the new one: let them go.
    chosen?.sender.close?.();
    chosen = { env, sender: instrumentAdapter("email", chooseEmailSender(env), ["send"]) };
  }
  return chosen.sender;
}
