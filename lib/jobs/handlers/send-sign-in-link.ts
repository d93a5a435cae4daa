import { eq, sql } from "drizzle-orm";
import { jobs, signInTokens } from "@/db/schema";
import type { Db } from "@/db/client";
import { unseal } from "@/lib/crypto/seal";
import { getEnv } from "@/lib/env";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import { sendEmail } from "@/lib/integrations/email/send-email";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { createNotification } from "@/lib/server/notifications/create-notification";
import type { JobPayloads } from "../types";
import type { JobHandler } from "./index";

type Payload = JobPayloads["sign-in-link.send"];

const purpose = "sign-in-link";

/** Removes the sealed token from the job row once it is no longer needed. */
async function scrub(db: Db, jobId: number) {
  await db.update(jobs).set({ payload: sql`${jobs.payload} - 'sealedToken'` }).where(eq(jobs.id, jobId));
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

export const sendSignInLinkHandler: JobHandler<Payload> = {
  async run(p, { db, jobId }) {
    const env = getEnv();
    const [token] = await db.select().from(signInTokens).where(eq(signInTokens.id, p.tokenId));
    // Nothing to send when the link was already used or expired while waiting.
    if (!token || token.usedAt || token.expiresAt <= new Date() || !p.sealedToken) {
      await scrub(db, jobId);
      return;
    }
    const link = new URL(`/api/enter/${unseal(p.sealedToken, env.AUTH_SECRET, purpose)}`, env.APP_URL).toString();
    const email = signInEmail(link, env.SIGN_IN_LINK_MINUTES);
    await sendEmail({ ...email, to: p.to, messageId: `<job-${jobId}@${new URL(env.APP_URL).hostname}>` });
    await scrub(db, jobId);
    await writeAudit(db, { ...audit(p), action: "Email sent: sign-in link", auditType: "Email", newValue: { to: p.to, subject: email.subject, purpose: "sign-in link" } });
  },
  async onFailed(p, { db, jobId, error }) {
    await scrub(db, jobId);
    await writeAudit(db, { ...audit(p), action: "Email failed: sign-in link", auditType: "EmailError", newValue: { to: p.to, purpose: "sign-in link", error } });
    await createNotification(db, {
      message: translator()("notifications.emailFailed", { to: p.to, purpose: "sign-in link" }),
      clientId: p.clientId,
      directorId: p.directorId,
      dedupeKey: `job-${jobId}-failed`,
    });
  },
};

