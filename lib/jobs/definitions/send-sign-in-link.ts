import { eq } from "drizzle-orm";
import { z } from "zod";
import { signInTokens } from "@/db/schema";
import type { Db } from "@/db/client";
import { unseal } from "@/lib/crypto/seal";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { locales } from "@/lib/i18n/locales";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { metrics } from "@/lib/metrics/registry";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import { defineJob } from "../define-job";

/** Purpose under which a waiting sign-in token is sealed (lib/crypto/seal.ts). */
export const signInLinkPurpose = "sign-in-link";

/** An address the database already holds; its own schemas checked its form when it was stored. */
const recipient = z.string().trim().min(3).max(320);

/**
 * Names the link, never carries it. The token waits sealed on its own sign_in_tokens row and is
 * cleared there once sent or given up: pg-boss copies payloads (into retries and the failed-jobs
 * queue) and keeps finished jobs for days, so a secret in the payload would outlive the link.
 */
const payload = z.object({
  tokenId: z.uuid(),
  to: recipient,
  clientId: z.number().int().optional(),
  directorId: z.number().int().optional(),
  /** The language of the page that asked for the link (its `lang` cookie); English without one. */
  locale: z.enum(locales).optional(),
});
type Payload = z.infer<typeof payload>;

async function clearSealedToken(db: Db, tokenId: string) {
  await db.update(signInTokens).set({ sealedToken: null }).where(eq(signInTokens.id, tokenId));
}

function audit(p: Payload) {
  return {
    entityType: p.directorId ? "Director" : "Client",
    entityId: String(p.directorId ?? p.clientId ?? ""),
    clientId: p.clientId,
    directorId: p.directorId,
    user: "system",
  };
}

/** Renders the sign-in email for a token (exported for tests of its wording). */
export function signInEmail(link: string, minutes: number) {
  const t = translator();
  return renderEmail({
    subject: t("email.signIn.subject"),
    paragraphs: [t("email.signIn.intro"), t("email.signIn.expiry", { minutes }), t("email.signIn.ignore")],
    action: { label: t("email.signIn.action"), url: link },
  });
}

/** Few, quick retries: the link is useless once it expires (SIGN_IN_LINK_MINUTES). */
export const sendSignInLinkJob = defineJob({
  name: "sign-in-link.send",
  schema: payload,
  retry: { retries: 3, delaySeconds: 5, backoff: true, maxDelaySeconds: 120 },
  expireInSeconds: 2 * 60,
  async run(p, { db, jobId }) {
    const env = getEnv();
    const [token] = await db.select().from(signInTokens).where(eq(signInTokens.id, p.tokenId));
    // Nothing to send when the link was already used, ended or expired while waiting, or was sent
    // by an earlier attempt (which cleared the sealed token).
    if (!token || token.usedAt || token.expiresAt <= new Date() || !token.sealedToken) {
      if (token?.sealedToken) await clearSealedToken(db, p.tokenId);
      return;
    }
    const link = new URL(`/api/enter/${unseal(token.sealedToken, env.AUTH_SECRET, signInLinkPurpose)}`, env.APP_URL).toString();
    const email = withLocale(p.locale, () => signInEmail(link, env.SIGN_IN_LINK_MINUTES));
    await sendEmail({ ...email, to: p.to, messageId: `<job-${jobId}@${new URL(env.APP_URL).hostname}>` });
    metrics().signInLinks.inc({ event: "sent" });
    await clearSealedToken(db, p.tokenId);
    await writeAudit(db, { ...audit(p), action: "Email sent: sign-in link", auditType: "Email", newValue: { to: p.to, subject: email.subject, purpose: "sign-in link" } });
  },
  async onFailed(p, { db, jobId, error }) {
    await clearSealedToken(db, p.tokenId);
    await writeAudit(db, { ...audit(p), action: "Email failed: sign-in link", auditType: "EmailError", newValue: { to: p.to, purpose: "sign-in link", error } });
    await createNotification(db, {
      message: translator()("notifications.emailFailed", { to: p.to, purpose: "sign-in link" }),
      clientId: p.clientId,
      directorId: p.directorId,
      dedupeKey: `job-${jobId}-failed`,
    });
  },
});
