import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { sessions } from "@/db/schema";
import type { Env } from "@/lib/env";
import type { UserType } from "./home-path";
import { hashToken, randomToken } from "./tokens";

export interface SessionSubject {
  userType: UserType;
  email: string;
  userId?: number;
  clientId?: number;
  directorId?: number;
}

/**
 * Starts a server-side session and returns the cookie value (only its hash is stored). Pass the
 * session the browser had, if any: it is ended, so every sign-in gets a new identifier.
 */
export async function createSession(
  db: DbOrTx,
  env: Pick<Env, "SESSION_ABSOLUTE_HOURS">,
  subject: SessionSubject,
  meta: { ip: string; userAgent: string; previousCookie?: string; now?: Date },
): Promise<{ cookieValue: string; expiresAt: Date }> {
  const now = meta.now ?? new Date();
  if (meta.previousCookie) {
    await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, hashToken(meta.previousCookie)));
  }
  const cookieValue = randomToken();
  const expiresAt = new Date(now.getTime() + env.SESSION_ABSOLUTE_HOURS * 3600_000);
  await db.insert(sessions).values({
    id: hashToken(cookieValue),
    ...subject,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  return { cookieValue, expiresAt };
}
