import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { users } from "@/db/schema";
import type { Env } from "@/lib/env";
import { createSession } from "../create-session";
import { recordSecurityEvent } from "../record-security-event";

export interface SsoIdentity {
  /** The ID token's `iss` (already checked against the configured issuer by openid-client). */
  issuer: string;
  /** The ID token's `sub`. */
  subject: string;
  /** Lower-cased `email` claim. */
  email: string;
  displayName?: string | null;
  /** How the admin decision was made, for the audit trail. */
  via: "email" | "group";
  /** How the ID token showed a second factor (lib/auth/sso/second-factor.ts), or null when it did not. */
  secondFactor?: "amr" | "acr" | null;
}

export type AdminSignInResult =
  | { ok: true; userId: number; cookieValue: string; expiresAt: Date }
  | { ok: false; reason: "email_in_use" };

/**
 * Signs in an admin the identity provider has vouched for: finds their `users` row by issuer +
 * subject (or, on a first sign-in, claims the admin row provisioned for their email, which has no
 * issuer yet, or creates one), records the sign-in, and starts our own server-side session,
 * ending the session the browser had (identifier rotation). All in one transaction.
 *
 * An email that already belongs to another SSO identity (a different issuer or subject), or to a
 * row that is not an admin, is refused: an email claim alone never takes over an account.
 */
export async function completeAdminSignIn(
  db: Db,
  env: Pick<Env, "SESSION_ABSOLUTE_HOURS">,
  identity: SsoIdentity,
  meta: { ip: string; userAgent: string; previousCookie?: string; now?: Date },
): Promise<AdminSignInResult> {
  const now = meta.now ?? new Date();
  const displayName = identity.displayName?.trim().slice(0, 200) || null;
  const result = await db.transaction(async (tx): Promise<AdminSignInResult> => {
    let userId: number | undefined;
    const [known] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.issuer, identity.issuer), eq(users.subject, identity.subject)))
      .limit(1);
    if (known) {
      await tx
        .update(users)
        .set({ email: identity.email, type: "Admin", lastSignInAt: now, ...(displayName ? { displayName } : {}) })
        .where(eq(users.id, known.id));
      userId = known.id;
    } else {
      const [sameEmail] = await tx
        .select({ id: users.id, issuer: users.issuer, type: users.type })
        .from(users)
        .where(eq(sql`lower(${users.email})`, identity.email))
        .limit(1);
      if (sameEmail) {
        if (sameEmail.issuer !== null || sameEmail.type !== "Admin") return { ok: false, reason: "email_in_use" };
        const [claimed] = await tx
          .update(users)
          .set({ issuer: identity.issuer, subject: identity.subject, email: identity.email, lastSignInAt: now, ...(displayName ? { displayName } : {}) })
          .where(and(eq(users.id, sameEmail.id), sql`${users.issuer} is null`))
          .returning({ id: users.id });
        if (!claimed) return { ok: false, reason: "email_in_use" };
        userId = claimed.id;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ email: identity.email, type: "Admin", issuer: identity.issuer, subject: identity.subject, displayName, createdAt: now, lastSignInAt: now })
          .returning({ id: users.id });
        userId = created!.id;
      }
    }

    const session = await createSession(
      tx,
      env,
      { userType: "Admin", email: identity.email, userId },
      { ip: meta.ip, userAgent: meta.userAgent, previousCookie: meta.previousCookie, now },
    );
    await recordSecurityEvent(tx, {
      event: "SignInSucceeded",
      actor: identity.email,
      userType: "Admin",
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { method: "sso", issuer: identity.issuer, via: identity.via, userId, secondFactor: identity.secondFactor ?? null },
    });
    return { ok: true, userId, ...session };
  });

  if (!result.ok) {
    await recordSecurityEvent(db, {
      event: "SignInFailed",
      actor: identity.email,
      userType: "Admin",
      ip: meta.ip,
      userAgent: meta.userAgent,
      detail: { method: "sso", issuer: identity.issuer, reason: result.reason },
    });
  }
  return result;
}
