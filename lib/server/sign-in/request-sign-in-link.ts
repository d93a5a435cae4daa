import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { signInTokens } from "@/db/schema";
import type { Db } from "@/db";
import { findSignInSubject, normaliseReference } from "@/lib/auth/find-sign-in-subject";
import { maskReference, recordSecurityEvent } from "@/lib/auth/record-security-event";
import { hashToken, randomToken } from "@/lib/auth/tokens";
import { seal } from "@/lib/crypto/seal";
import type { Env } from "@/lib/env";
import { currentLocale } from "@/lib/i18n/current-locale";
import { signInLinkPurpose } from "@/lib/jobs/definitions/send-sign-in-link";
import { sendJob } from "@/lib/jobs/send-job";
import type { LoginInput } from "@/lib/schemas/sign-in";
import { AppError } from "@/lib/server/app-error";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";

/** Per browser address, and per email + reference pair: hits allowed in a 15-minute window. */
export const sendLinkLimits = { perIp: 20, perIdentity: 5, windowSeconds: 15 * 60 };

/**
 * Emails a one-time sign-in link when the email and reference belong to a company contact or a
 * director; does nothing visible otherwise. The caller answers the same either way. Only the
 * token's hash is stored, and the token itself waits sealed with AUTH_SECRET on the same row until
 * its email is sent.
 */
export async function requestSignInLink({
  db,
  env,
  input,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: Db;
  env: Pick<Env, "SIGN_IN_LINK_MINUTES" | "AUTH_SECRET">;
  input: LoginInput;
  ip: string;
  userAgent: string;
  now?: Date;
}): Promise<void> {
  const email = input.email.toLowerCase();
  const reference = normaliseReference(input.reference);
  const byIp = await hitRateLimit(db, `send-link:ip:${ip}`, sendLinkLimits.perIp, sendLinkLimits.windowSeconds, now);
  const byIdentity = await hitRateLimit(db, `send-link:id:${hashToken(`${email}|${reference}`)}`, sendLinkLimits.perIdentity, sendLinkLimits.windowSeconds, now);
  if (!byIp.allowed || !byIdentity.allowed) {
    await recordSecurityEvent(db, { event: "RateLimited", actor: email, ip, userAgent, detail: { reference: maskReference(reference), limit: byIp.allowed ? "identity" : "ip" } });
    throw new AppError("rate_limited", "rate_limited", { retryAfterSeconds: Math.max(byIp.allowed ? 0 : byIp.retryAfterSeconds, byIdentity.allowed ? 0 : byIdentity.retryAfterSeconds) });
  }

  await db.transaction(async (tx) => {
    const subject = await findSignInSubject(tx, email, reference);
    await recordSecurityEvent(tx, {
      event: "LinkRequested",
      actor: email,
      userType: subject?.userType,
      ip,
      userAgent,
      detail: { reference: maskReference(reference), matched: Boolean(subject) },
    });
    if (!subject) return;
    // A new link ends the person's older unused ones, so only the newest link in their inbox works
    // (and a link forwarded or left in an old email stops working when they ask again). Expiring
    // them also stops an older link's email that is still waiting to be sent.
    const samePerson =
      subject.userType === "DV_Director"
        ? and(eq(signInTokens.userType, "DV_Director"), eq(signInTokens.directorId, subject.directorId!))
        : and(eq(signInTokens.userType, "DV_CompanyContact"), eq(signInTokens.clientId, subject.clientId!));
    await tx
      .update(signInTokens)
      .set({ expiresAt: now, sealedToken: null })
      .where(and(samePerson, isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)));
    const token = randomToken();
    const [row] = await tx
      .insert(signInTokens)
      .values({
        tokenHash: hashToken(token),
        userType: subject.userType,
        clientId: subject.userType === "DV_CompanyContact" ? subject.clientId : null,
        directorId: subject.directorId ?? null,
        email: subject.email,
        expiresAt: new Date(now.getTime() + env.SIGN_IN_LINK_MINUTES * 60_000),
        requestIp: ip,
        userAgent,
        sealedToken: seal(token, env.AUTH_SECRET, signInLinkPurpose),
      })
      .returning({ id: signInTokens.id });
    await sendJob(tx, "sign-in-link.send", { tokenId: row!.id, to: subject.email, clientId: subject.clientId, directorId: subject.directorId, locale: currentLocale() }, { key: `sign-in-link-${row!.id}` });
  });
}
