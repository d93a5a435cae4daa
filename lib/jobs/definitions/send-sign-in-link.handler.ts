import { eq } from "drizzle-orm";
import { signInTokens } from "@/db/schema";
import type { Db } from "@/db/client";
import { unseal } from "@/lib/crypto/seal";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { metrics } from "@/lib/metrics/registry";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import type { JobContext } from "../define-job";
import type { FailedJobContext } from "../lazy";
import { signInLinkPurpose, type SendSignInLinkPayload } from "./send-sign-in-link";

async function clearSealedToken(db: Db, tokenId: string) {
  await db.update(signInTokens).set({ sealedToken: null }).where(eq(signInTokens.id, tokenId));
}

function audit(p: SendSignInLinkPayload) {
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

export async function run(p: SendSignInLinkPayload, { db, jobId }: JobContext) {
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
}

export async function onFailed(p: SendSignInLinkPayload, { db, jobId, error }: FailedJobContext) {
  await clearSealedToken(db, p.tokenId);
  await writeAudit(db, { ...audit(p), action: "Email failed: sign-in link", auditType: "EmailError", newValue: { to: p.to, purpose: "sign-in link", error } });
  await createNotification(db, {
    message: translator()("notifications.emailFailed", { to: p.to, purpose: "sign-in link" }),
    clientId: p.clientId,
    directorId: p.directorId,
    dedupeKey: `job-${jobId}-failed`,
  });
}
