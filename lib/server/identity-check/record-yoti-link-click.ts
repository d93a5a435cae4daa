import "server-only";
import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "@/db";
import { directors } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { ownDirectorId } from "@/lib/server/own-record";

/**
 * The director went to the provider's page: `yotiLinkClicked` is set and YotiLinkClicked audited,
 * once per session (a reload of the frame is not a second click). Answers the page's address, or
 * null when the director has no open session (never started, finished, or expired).
 */
export async function recordYotiLinkClick({ db, user, now = new Date() }: { db: Db; user: Principal; now?: Date }): Promise<string | null> {
  const directorId = ownDirectorId(user, "director.self.update");
  return db.transaction(async (tx) => {
    const [director] = await tx
      .select({ id: directors.id, clientId: directors.clientId, sessionID: directors.sessionID, sessionUrl: directors.sessionUrl, yotiLinkClicked: directors.yotiLinkClicked })
      .from(directors)
      .where(
        and(
          eq(directors.id, directorId),
          eq(directors.isDeleted, false),
          eq(directors.status, "AwaitingIDInfo"),
          isNotNull(directors.sessionUrl),
          gt(directors.sessionExpiry, now),
        ),
      )
      .for("update");
    if (!director?.sessionUrl) return null;
    if (!director.yotiLinkClicked) {
      await tx.update(directors).set({ yotiLinkClicked: true }).where(eq(directors.id, director.id));
      await writeAudit(tx, {
        entityType: "Director",
        entityId: String(director.id),
        clientId: director.clientId,
        directorId: director.id,
        user: actorOf(user),
        action: "Went to the identity check at Yoti",
        auditType: "YotiLinkClicked",
        newValue: { yotiLinkClicked: true, sessionId: director.sessionID },
      });
    }
    return director.sessionUrl;
  });
}
