import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors, sessions } from "@/db/schema";
import type { Env } from "@/lib/env";
import type { Principal } from "./principal";
import { hashToken } from "./tokens";

/** lastSeenAt is written at most this often, so each request does not write. */
const touchEveryMs = 60_000;

/**
 * The principal of a session cookie, or null when the session is unknown, revoked, past its
 * absolute lifetime, idle for too long, or its company or director has been deleted.
 */
export async function resolveSession(
  db: Db,
  env: Pick<Env, "SESSION_IDLE_MINUTES">,
  cookieValue: string | undefined,
  now = new Date(),
): Promise<Principal | null> {
  if (!cookieValue || cookieValue.length > 200) return null;
  const id = hashToken(cookieValue);
  const idleSince = new Date(now.getTime() - env.SESSION_IDLE_MINUTES * 60_000);
  const [row] = await db
    .select({
      session: sessions,
      clientDeleted: clients.isDeleted,
      directorDeleted: directors.isDeleted,
      directorClientId: directors.clientId,
    })
    .from(sessions)
    .leftJoin(directors, eq(directors.id, sessions.directorId))
    .leftJoin(clients, eq(clients.id, sql`coalesce(${sessions.clientId}, ${directors.clientId})`))
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .limit(1);
  if (!row) return null;
  const s = row.session;
  if (s.userType !== "Admin" && row.clientDeleted !== false) return null;
  if (s.userType === "DV_Director" && row.directorDeleted !== false) return null;

  if (now.getTime() - s.lastSeenAt.getTime() > touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return {
    type: s.userType,
    email: s.email,
    userId: s.userId ?? undefined,
    clientId: s.userType === "DV_Director" ? (row.directorClientId ?? undefined) : (s.clientId ?? undefined),
    directorId: s.directorId ?? undefined,
    sessionId: id,
    via: "session",
  };
}
