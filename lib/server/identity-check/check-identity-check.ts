import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { directors, type DirectorStatus } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { getYoti, YotiError } from "@/lib/integrations/yoti";
import { AppError } from "@/lib/server/app-error";
import { applyYotiSession } from "./apply-yoti-session";
import { log } from "@/lib/log";
import { ownDirectorId } from "@/lib/server/own-record";

export interface IdentityCheckProgress {
  /** True once the check has a result (this call applied it, or something before it did). */
  success: boolean;
  status: DirectorStatus;
}

/**
 * The page's poll while the director is at the provider: fetches the session from Yoti and applies
 * its result if it has one, so a lost or late notification never leaves the director waiting. The
 * same effect as the webhook's (applyYotiSession), so the two racing give one transition. A failure
 * to reach Yoti is only logged and answered `success: false`: the page asks again shortly, and the
 * webhook and the sweep record lasting trouble.
 */
export async function checkIdentityCheck({ db, user }: { db: Db; user: Principal }): Promise<IdentityCheckProgress> {
  const directorId = ownDirectorId(user, "director.self.update");
  const read = async () => {
    const [d] = await db
      .select({ status: directors.status, sessionID: directors.sessionID })
      .from(directors)
      .where(and(eq(directors.id, directorId!), eq(directors.isDeleted, false)));
    if (!d) throw new AppError("not_found");
    return d;
  };
  const before = await read();
  // Without an open session there is nothing to wait for: any result is already on the record.
  if (before.status !== "AwaitingIDInfo" || !before.sessionID) return { success: true, status: before.status };
  try {
    const session = await getYoti().getSession(before.sessionID);
    await applyYotiSession(db, session, "poll");
  } catch (err) {
    if (!(err instanceof YotiError)) throw err;
    log.warn({ directorId: directorId, err }, `[identity-check] poll for director ${directorId}: ${err.message}`);
    return { success: false, status: before.status };
  }
  const after = await read();
  return { success: after.status !== "AwaitingIDInfo" || after.sessionID !== before.sessionID, status: after.status };
}
