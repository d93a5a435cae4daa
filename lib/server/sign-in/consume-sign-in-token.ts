import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { signInTokens } from "@/db/schema";
import { createSession } from "@/lib/auth/create-session";
import { findSignInSubjectById } from "@/lib/auth/find-sign-in-subject";
import { homePathFor } from "@/lib/auth/home-path";
import { recordSecurityEvent } from "@/lib/auth/record-security-event";
import { hashToken } from "@/lib/auth/tokens";
import type { Env } from "@/lib/env";
import { metrics } from "@/lib/metrics/registry";

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

type Meta = { ip: string; userAgent: string; now?: Date };

/** Why a link cannot be used: for the security log only; the person sees one Login Error screen. */
async function failureReason(db: Db, token: string, now: Date): Promise<"unknown" | "used" | "expired" | "malformed"> {
  if (!tokenShape.test(token)) return "malformed";
  const [row] = await db.select().from(signInTokens).where(eq(signInTokens.tokenHash, hashToken(token)));
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  return row.expiresAt <= now ? "expired" : "unknown";
}

async function recordFailure(db: Db, token: string, meta: Meta, now: Date) {
  const reason = await failureReason(db, token, now);
  await recordSecurityEvent(db, { event: "SignInFailed", actor: "anonymous", ip: meta.ip, userAgent: meta.userAgent, detail: { reason, method: "link" } });
}

/**
 * GET of a link: is it usable? Never consumes it (mail scanners open links). A usable link gives
 * true; anything else is recorded as a failed sign-in.
 */
export async function peekSignInToken({ db, token, ...meta }: { db: Db; token: string } & Meta): Promise<boolean> {
  const now = meta.now ?? new Date();
  if (tokenShape.test(token)) {
    const [row] = await db
      .select({ id: signInTokens.id })
      .from(signInTokens)
      .where(and(eq(signInTokens.tokenHash, hashToken(token)), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)));
    if (row) return true;
  }
  await recordFailure(db, token, meta, now);
  return false;
}

/**
 * POST of a link: uses it up (atomically, so two clicks cannot both sign in), checks its company
 * or director still exists, and starts a new session (ending the browser's previous one).
 */
export async function consumeSignInToken({
  db,
  env,
  token,
  previousCookie,
  ...meta
}: { db: Db; env: Pick<Env, "SESSION_ABSOLUTE_HOURS">; token: string; previousCookie?: string } & Meta): Promise<{ cookieValue: string; expiresAt: Date; homePath: string } | null> {
  const now = meta.now ?? new Date();
  if (!tokenShape.test(token)) {
    await recordFailure(db, token, meta, now);
    return null;
  }
  const result = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(signInTokens)
      .set({ usedAt: now })
      .where(and(eq(signInTokens.tokenHash, hashToken(token)), isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, now)))
      .returning();
    if (!used) return null;
    const subject = await findSignInSubjectById(tx, used);
    if (!subject) return null;
    const session = await createSession(tx, env, subject, { ip: meta.ip, userAgent: meta.userAgent, previousCookie, now });
    await recordSecurityEvent(tx, { event: "SignInSucceeded", actor: subject.email, userType: subject.userType, ip: meta.ip, userAgent: meta.userAgent, detail: { method: "link" } });
    return { ...session, homePath: homePathFor(subject.userType) };
  });
  if (!result) await recordFailure(db, token, meta, now);
  else metrics().signInLinks.inc({ event: "used" });
  return result;
}
