import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";
import { directors } from "@/db/schema";
import { getYoti, YotiError, YotiNotFoundError } from "@/lib/integrations/yoti";
import { applyYotiSession } from "@/lib/server/identity-check/apply-yoti-session";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { defineJob } from "../define-job";
import { log } from "@/lib/log";

/** Sessions looked at per run; a backlog larger than this is worked through by the next runs. */
const batchSize = 200;

/**
 * Sessions whose link has run out while the director still waits for a result. Each is fetched
 * from Yoti: a result that arrived without a notification (lost, or the portal was down) is applied;
 * a session Yoti calls expired, or no longer has, or that stays unfinished well past its link's
 * expiry, makes the director IDVLinkExpired, and they are emailed to start again. The same effect
 * as the webhook's and the poll's, so a run racing either changes nothing twice. A Yoti failure is
 * audited (YotiError) and the session left for the next run.
 */
export const sweepYotiSessionsJob = defineJob({
  name: "identity-check.sweep-expired-sessions",
  schema: z.object({}).strict(),
  retry: { retries: 2, delaySeconds: 60, backoff: true },
  expireInSeconds: 15 * 60,
  async run(_payload, { db }) {
    const now = new Date();
    const due = await db
      .select({ id: directors.id, clientId: directors.clientId, sessionID: directors.sessionID })
      .from(directors)
      .where(and(eq(directors.status, "AwaitingIDInfo"), eq(directors.isDeleted, false), isNotNull(directors.sessionID), lt(directors.sessionExpiry, now)))
      .orderBy(asc(directors.sessionExpiry))
      .limit(batchSize);
    let applied = 0;
    for (const d of due) {
      const sessionId = d.sessionID!;
      try {
        const session = await getYoti()
          .getSession(sessionId)
          .catch((err: unknown) => {
            // Yoti deletes sessions some time after they end: gone means nothing more will come.
            if (err instanceof YotiNotFoundError) return { sessionId, state: "EXPIRED", checks: [], media: [], documents: [] };
            throw err;
          });
        if ((await applyYotiSession(db, session, "sweep", now)).applied) applied++;
      } catch (err) {
        if (!(err instanceof YotiError)) throw err;
        await writeAudit(db, {
          entityType: "Director",
          entityId: String(d.id),
          clientId: d.clientId,
          directorId: d.id,
          user: "system",
          action: "Expired identity check session could not be fetched from Yoti",
          auditType: "YotiError",
          newValue: { sessionId, error: err.message, status: err.status, code: err.code ?? null },
        });
      }
    }
    if (due.length) log.info({ due: due.length, applied }, `[jobs] identity-check sweep: ${due.length} sessions past expiry, ${applied} settled`);
  },
});
