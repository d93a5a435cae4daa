import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { translator } from "@/lib/i18n/translator";
import { getYoti, YotiError, YotiNotFoundError } from "@/lib/integrations/yoti";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { applyYotiSession, type ApplyResult } from "./apply-yoti-session";

/**
 * The one thing read from a notification's body: which session to look at. Everything else in it
 * (topic, check ids) is ignored; the session is fetched from Yoti and decides.
 */
const notificationBody = z.object({ session_id: z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9_-]+$/) }).loose();

export type NotificationResult = ApplyResult | { applied: false; reason: "unknown_session" };

/**
 * A verified notification from Yoti (the route checked its Authorization first): a trigger to fetch
 * the session again and apply its result. A session that is not any director's current one is
 * answered without asking Yoti (an old session, someone else's portal, a replay). When Yoti cannot
 * be reached the failure is audited (YotiError) and answered 503, so Yoti delivers it again; when
 * Yoti no longer has the session, admins are told, since the director cannot finish that check.
 */
export async function handleYotiNotification({ db, body }: { db: Db; body: string }): Promise<NotificationResult> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new AppError("bad_request", "invalid_json");
  }
  const parsed = notificationBody.safeParse(json);
  if (!parsed.success) throw new AppError("bad_request", "validation");
  const sessionId = parsed.data.session_id;

  const [director] = await db
    .select({ id: directors.id, clientId: directors.clientId, name: directors.name, status: directors.status })
    .from(directors)
    .where(and(eq(directors.sessionID, sessionId), eq(directors.isDeleted, false)));
  if (!director) return { applied: false, reason: "unknown_session" };
  if (director.status !== "AwaitingIDInfo") return { applied: false, reason: "not_current", directorId: director.id };

  try {
    const session = await getYoti().getSession(sessionId);
    return await applyYotiSession(db, session, "webhook");
  } catch (err) {
    if (!(err instanceof YotiError)) throw err;
    await recordYotiFailure(db, director, sessionId, err);
    if (err instanceof YotiNotFoundError) return { applied: false, reason: "not_current", directorId: director.id };
    throw new AppError("unavailable", "identity_check_unavailable");
  }
}

async function recordYotiFailure(db: Db, director: { id: number; clientId: number; name: string }, sessionId: string, err: YotiError) {
  await db.transaction(async (tx) => {
    await writeAudit(tx, {
      entityType: "Director",
      entityId: String(director.id),
      clientId: director.clientId,
      directorId: director.id,
      user: "system",
      action: "Identity check session could not be fetched from Yoti",
      auditType: "YotiError",
      newValue: { sessionId, error: err.message, status: err.status, code: err.code ?? null },
    });
    if (err instanceof YotiNotFoundError) {
      const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, director.clientId));
      await notifyAdmins({
        db: tx,
        message: translator()("notifications.identityCheckError", { name: director.name, company: client?.name ?? "", error: err.code ?? String(err.status) }),
        clientId: director.clientId,
        directorId: director.id,
        dedupeKey: `yoti-missing:${sessionId}`,
      });
    }
  });
}
