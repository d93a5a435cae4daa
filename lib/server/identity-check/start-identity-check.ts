import "server-only";
import type { Db } from "@/db";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { secondsUntilNextUkDay } from "@/lib/domain/uk-day";
import { getEnv } from "@/lib/env";
import { getYoti, YotiError } from "@/lib/integrations/yoti";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { lockOwnDirector } from "@/lib/server/directors/lock-director";
import { applyDirectorEvent, planDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { ownDirectorId } from "@/lib/server/own-record";
import { countSessionsStartedToday, SESSION_STARTED_ACTIONS } from "./count-sessions-started-today";

export interface StartedIdentityCheck {
  sessionUrl: string;
  /** ISO 8601: when the provider's link stops working. */
  sessionExpiry: string;
}

/**
 * An open session is handed out again rather than replaced (a second click, a second tab) while it
 * has at least this long to run; closer to its end a new one is made, so nobody starts a check on a
 * link about to die.
 */
const REUSE_IF_LEFT_MS = 10 * 60_000;

/**
 * Starts the signed-in director's identity check at Yoti, or hands back the one already open.
 * Allowed when the status machine allows `checkStarted` (lib/domain/director-lifecycle.ts): while the
 * check is still to do (AwaitingIDInfo, or IDVLinkExpired, which returns to AwaitingIDInfo with the
 * new session), the director is invited (their request is paid for) and their details and 12 months
 * of address history are saved; otherwise a 409 saying why, before Yoti is asked for anything. The session asks for
 * document authenticity, liveness and face match with manual fallback, tracks the director's id,
 * and sends its notification to the portal's webhook with the configured token (the adapter builds
 * it). The director row is locked while Yoti is asked, so two clicks at once make one session.
 *
 * At most IDENTITY_CHECK_MAX_SESSIONS_PER_DAY new sessions per director per UK day (counted from the
 * audit entry of each start; handing back the open session does not count): past it, 429 saying to
 * try again tomorrow (Retry-After: until UK midnight), and Yoti is not asked.
 *
 * The client moves on to InProgress (refreshClientStatus): one of its directors has started.
 */
export async function startIdentityCheck({ db, user, now = () => new Date() }: { db: Db; user: Principal; now?: () => Date }): Promise<StartedIdentityCheck> {
  const directorId = ownDirectorId(user, "director.self.update");
  let failure: YotiError | undefined;

  const started = await db.transaction(async (tx) => {
    const director = await lockOwnDirector(tx, directorId);
    // The machine decides (409 before a session is asked for): invited, details and history saved.
    const planned = await planDirectorEvent(tx, { director, event: { type: "checkStarted" }, at: now() });

    // The open session is handed back only to a director waiting for its result as they are shown
    // (no override). Shown AwaitingIDInfo by an override, the session kept may be one whose result
    // is in (a manual review), and the machine's move must end the override: a new session then.
    if (
      director.status === "AwaitingIDInfo" &&
      director.statusOverride === null &&
      director.sessionUrl &&
      director.sessionExpiry &&
      director.sessionExpiry.getTime() - now().getTime() > REUSE_IF_LEFT_MS
    ) {
      return { sessionUrl: director.sessionUrl, sessionExpiry: director.sessionExpiry.toISOString() };
    }

    // A cap on new provider sessions, counted under the row lock (two clicks at once count one by one).
    const maxSessions = getEnv().IDENTITY_CHECK_MAX_SESSIONS_PER_DAY;
    if ((await countSessionsStartedToday(tx, director.id, now())) >= maxSessions) {
      throw new AppError("rate_limited", "identity_check_daily_limit", { maxSessions, retryAfterSeconds: secondsUntilNextUkDay(now()) });
    }

    let session;
    try {
      session = await getYoti().createSession({ directorId: String(director.id) });
    } catch (err) {
      if (!(err instanceof YotiError)) throw err;
      failure = err;
      return null;
    }
    const at = now();
    await applyDirectorEvent(tx, {
      director,
      event: { type: "checkStarted" },
      planned,
      actor: actorOf(user),
      at,
      audit: false,
      set: {
        sessionID: session.sessionId,
        sessionToken: session.clientSessionToken,
        sessionUrl: session.sessionUrl,
        sessionExpiry: session.expiresAt,
        yotiLinkClicked: false,
      },
    });
    // After Yoti has answered: from its first audit entry on, this transaction holds the audit
    // chain's head (migration 0037), and no other audit writer may wait on a call to Yoti.
    const audit = { entityType: "Director", entityId: String(director.id), clientId: director.clientId, directorId: director.id, user: actorOf(user) };
    await writeAudit(tx, {
      ...audit,
      action: director.status === "IDVLinkExpired" ? SESSION_STARTED_ACTIONS[1] : SESSION_STARTED_ACTIONS[0],
      auditType: "DirectorModified",
      updatedAt: at,
      oldValue: { status: director.status, sessionId: director.sessionID },
      newValue: { status: "AwaitingIDInfo", sessionId: session.sessionId, sessionExpiry: session.expiresAt.toISOString() },
    });
    return { sessionUrl: session.sessionUrl, sessionExpiry: session.expiresAt.toISOString() };
  });

  if (started) return started;
  const error = failure!;
  await writeAudit(db, {
    entityType: "Director",
    entityId: String(directorId),
    clientId: user.clientId,
    directorId,
    user: actorOf(user),
    action: "Identity check could not be started",
    auditType: "YotiError",
    newValue: { error: error.message, status: error.status, code: error.code ?? null },
  });
  throw new AppError("unavailable", "identity_check_unavailable");
}
