import { and, asc, eq, isNotNull, lt } from "drizzle-orm";
import { directors } from "@/db/schema";
import { getYoti, YotiError, YotiNotFoundError } from "@/lib/integrations/yoti";
import { log } from "@/lib/log";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { applyYotiSession } from "@/lib/server/identity-check/apply-yoti-session";
import type { JobContext, NoPayload } from "../define-job";

/** Sessions looked at per run; a backlog larger than this is worked through by the next runs. */
const batchSize = 200;

export async function run(_payload: NoPayload, { db }: JobContext) {
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
}
