import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { clients, directorChecks, directorMedia, directors, type Director, type NewDirector } from "@/db/schema";
import { directorStateOf, MAX_IDV_ATTEMPTS, type DirectorEvent } from "@/lib/domain/director-lifecycle";
import { identityCheckOutcome, type IdentityCheckOutcome } from "@/lib/domain/identity-check-outcome";
import { getEnv } from "@/lib/env";
import { withLocale } from "@/lib/i18n/current-locale";
import { recipientLocale } from "@/lib/i18n/recipient-locale";
import { translator } from "@/lib/i18n/translator";
import { renderEmail } from "@/lib/integrations/email/render";
import type { YotiSession } from "@/lib/integrations/yoti";
import { sendJob } from "@/lib/jobs/send-job";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { enqueueRegisterCheck } from "@/lib/server/companies-house/register-check-enqueue";
import { personalCodeRequestEmail } from "@/lib/server/directors/director-emails";
import { applyDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";

export type ApplyResult =
  /** This call moved the director (the outcome says where). */
  | { applied: true; outcome: Exclude<IdentityCheckOutcome, "pending">; directorId: number }
  /** Nothing to do: no result yet, or the result was already applied (or the session is no longer the director's). */
  | { applied: false; reason: "pending" | "not_current"; directorId?: number };

/** Who saw the result: recorded in the audit entry, so an admin can tell a lost notification. */
export type ApplySource = "webhook" | "poll" | "sweep";

/** Emails carry no sign-in link (those are single-use and short-lived): they point at the sign-in page. */
const portalUrl = () => new URL("/login", getEnv().APP_URL).toString();

/**
 * The one effect of a provider session's result, shared by the notification, the page's poll and
 * the expiry sweep, which may all see the same result at once. The director row is locked, and the
 * result applies only while the session is still the director's current one and the director is
 * still waiting for it (AwaitingIDInfo); every outcome then either leaves AwaitingIDInfo or clears
 * the session, so whichever caller comes second finds nothing to do: one transition, one audit
 * entry, one email.
 *
 * Checks and media are stored with their session (a director who retries has several), then:
 * - approved: Verified and, in the same step, AwaitingAuthCode; the director is asked for their code;
 * - manual (NOT_AVAILABLE, undecided): UnderReview, admins told;
 * - rejected: the session is cleared for a new attempt; the third rejection is Rejected, admins told;
 * - expired: IDVLinkExpired, the session cleared; starting again makes a new one.
 *
 * `session` must come from the provider (getYoti().getSession), never from a notification body,
 * fetched by the caller before this transaction: its audit entries hold the audit chain's head until
 * it commits (migration 0037), so nothing in it may wait on Yoti.
 */
export async function applyYotiSession(db: Db, session: YotiSession, source: ApplySource, now = new Date()): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const [director] = await tx
      .select()
      .from(directors)
      .where(and(eq(directors.sessionID, session.sessionId), eq(directors.isDeleted, false)))
      .for("update");
    // The provider's results act on the computed status, underneath any override (director-lifecycle.ts).
    if (!director || directorStateOf(director).computed !== "AwaitingIDInfo") return { applied: false, reason: "not_current", directorId: director?.id };
    if (session.userTrackingId !== undefined && session.userTrackingId !== String(director.id)) {
      // A session of someone else stored against this director cannot be: refuse to use it.
      await writeAudit(tx, {
        ...auditBase(director),
        action: "Identity check session belongs to someone else",
        auditType: "YotiError",
        newValue: { sessionId: session.sessionId, userTrackingId: session.userTrackingId, source },
      });
      return { applied: false, reason: "not_current", directorId: director.id };
    }

    const outcome = identityCheckOutcome(session, { now, linkExpiresAt: director.sessionExpiry });
    if (outcome === "pending") return { applied: false, reason: "pending", directorId: director.id };

    // An expired session holds nothing but the checks it was created with, none done.
    if (outcome !== "expired") await storeEvidence(tx, director.id, session, now);
    const [client] = await tx.select({ name: clients.name, locale: clients.locale }).from(clients).where(eq(clients.id, director.clientId));
    const company = client?.name ?? "";
    const theirCompany = { name: company, locale: client?.locale ?? null };
    const t = translator();
    const checks = session.checks.map((c) => ({ id: c.id, type: c.type, state: c.state, recommendation: c.recommendation ?? null, reason: c.reason ?? null }));
    const clearSession = { sessionID: null, sessionToken: null, sessionUrl: null, sessionExpiry: null };
    const audit = (action: string, newValue: Record<string, unknown>, auditType: "YotiCompleted" | "DirectorModified" = "YotiCompleted") =>
      writeAudit(tx, { ...auditBase(director), action, auditType, oldValue: { status: director.status }, newValue: { sessionId: session.sessionId, source, ...newValue } });

    const move = (event: DirectorEvent, set: Partial<NewDirector> = {}) => applyDirectorEvent(tx, { director, event, actor: "system", at: now, set, audit: false });

    switch (outcome) {
      case "approved": {
        await move({ type: "providerApproved" });
        // The register check runs as a job: Companies House never delays this answer.
        await enqueueRegisterCheck(tx, { directorId: director.id, passedAt: now });
        await audit("Identity check passed: Verified", { outcome, status: "Verified", checks });
        await audit("Waiting for the Companies House personal code", { status: "AwaitingAuthCode" }, "DirectorModified");
        await sendJob(
          tx,
          "email.send",
          { to: director.email, ...personalCodeRequestEmail(director, theirCompany), about: emailAbout(director, "personal code request") },
          { key: `yoti-verified:${session.sessionId}` },
        );
        break;
      }
      case "manual": {
        await move({ type: "providerNeedsReview" });
        await audit("Identity check needs a manual review", { outcome, status: "UnderReview", checks });
        await notifyAdmins({
          db: tx,
          message: t("notifications.identityCheckReview", { name: director.name, company }),
          clientId: director.clientId,
          directorId: director.id,
          dedupeKey: `yoti-review:${session.sessionId}`,
        });
        await emailDirector(tx, director, theirCompany, "review", session.sessionId);
        break;
      }
      case "rejected": {
        const moved = await move({ type: "providerRejected" }, clearSession);
        const attempts = director.idvFailedAttempts + 1;
        const rejected = moved.state.computed === "Rejected";
        await audit(rejected ? `Identity check failed ${attempts} times: Rejected` : `Identity check failed (attempt ${attempts} of ${MAX_IDV_ATTEMPTS})`, {
          outcome,
          attempts,
          status: moved.state.computed,
          checks,
        });
        if (rejected) {
          await notifyAdmins({
            db: tx,
            message: t("notifications.identityCheckRejected", { name: director.name, company, attempts }),
            clientId: director.clientId,
            directorId: director.id,
            dedupeKey: `yoti-rejected:${session.sessionId}`,
          });
        }
        await emailDirector(tx, director, theirCompany, rejected ? "rejected" : "failed", session.sessionId, MAX_IDV_ATTEMPTS - attempts);
        break;
      }
      case "expired": {
        await move({ type: "providerExpired" }, clearSession);
        await audit("Identity check link expired unfinished", { outcome, status: "IDVLinkExpired" });
        await emailDirector(tx, director, theirCompany, "expired", session.sessionId);
        break;
      }
    }
    return { applied: true, outcome, directorId: director.id };
  });
}

const auditBase = (d: Pick<Director, "id" | "clientId">) => ({ entityType: "Director", entityId: String(d.id), clientId: d.clientId, directorId: d.id, user: "system" });

/**
 * The checks and media of the session. Upserts, so storing a session a second time (a retry after a
 * failure) changes nothing. The document fields (name, date of birth, expiry) are kept as JSON on
 * their media row: the evidence pack needs them long after the provider has deleted the session.
 */
async function storeEvidence(tx: Tx, directorId: number, session: YotiSession, now: Date) {
  // What every check and media row of the session holds alike.
  const ofSession = { directorId, yotiSessionId: session.sessionId, created: now, lastUpdated: now };
  if (session.checks.length) {
    await tx
      .insert(directorChecks)
      .values(
        session.checks.map((c) => ({
          ...ofSession,
          yotiCheckId: c.id,
          type: c.type,
          state: c.state,
          recommendation: c.recommendation ?? null,
          reason: c.reason ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: [directorChecks.directorId, directorChecks.yotiCheckId],
        set: { state: sql`excluded.state`, recommendation: sql`excluded.recommendation`, reason: sql`excluded.reason`, lastUpdated: now },
      });
  }
  if (session.media.length) {
    const fields = session.documents.map(({ resourceId, ...rest }) => ({ resourceId, ...rest }));
    await tx
      .insert(directorMedia)
      .values(
        session.media.map((m) => ({
          ...ofSession,
          yotiMediaId: m.id,
          source: m.source,
          type: m.type,
          jsonContent: m.source === "id_document.fields" ? (fields.length === 1 ? fields[0] : fields) : null,
        })),
      )
      .onConflictDoNothing({ target: [directorMedia.directorId, directorMedia.yotiMediaId] });
  }
}

type EmailKind = "review" | "failed" | "rejected" | "expired";

const emailAbout = (d: Director, purpose: string) => ({ entityType: "Director", entityId: String(d.id), clientId: d.clientId, directorId: d.id, purpose });

/** The director is told of each result that asks something of them (or ends their journey). */
async function emailDirector(tx: Tx, director: Director, company: { name: string; locale: string | null }, kind: EmailKind, sessionId: string, attemptsLeft = 0) {
  const email = withLocale(recipientLocale(director, company), () => identityCheckEmail(director, company.name, kind, attemptsLeft));
  await sendJob(
    tx,
    "email.send",
    { to: director.email, ...email, about: emailAbout(director, `identity check ${kind}`) },
    { key: `yoti-${kind}:${sessionId}` },
  );
}

/** The email of one result, in the language around it. */
function identityCheckEmail(director: Director, company: string, kind: EmailKind, attemptsLeft: number) {
  const t = translator();
  const values = { name: director.firstName ?? director.name, company };
  const content = {
    review: { subject: t("email.identityCheck.reviewSubject"), paragraphs: [t("email.identityCheck.reviewIntro", values), t("email.identityCheck.reviewNext")] },
    failed: {
      subject: t("email.identityCheck.failedSubject"),
      paragraphs: [t("email.identityCheck.failedIntro", values), t("email.identityCheck.failedRetry", { left: attemptsLeft })],
    },
    rejected: { subject: t("email.identityCheck.failedSubject"), paragraphs: [t("email.identityCheck.failedIntro", values), t("email.identityCheck.rejectedNext")] },
    expired: { subject: t("email.identityCheck.expiredSubject"), paragraphs: [t("email.identityCheck.expiredIntro", values), t("email.identityCheck.expiredNext")] },
  }[kind];
  return renderEmail({
    ...content,
    details: [{ label: t("email.identityCheck.reference"), value: director.reference }],
    action: { label: t("email.identityCheck.action"), url: portalUrl() },
  });
}
