import "server-only";
import { eq } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { DirectorEvent } from "@/lib/domain/director-lifecycle";
import type { DirectorStatus, EvidenceKind } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { sendJob } from "@/lib/jobs/send-job";
import type { ReviewDecisionRequest } from "@/lib/schemas/director-review";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";
import { enqueueRegisterCheck } from "@/lib/server/companies-house/register-check-enqueue";
import { applyDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { lockDirectorForStaff } from "./lock-director";
import { evidenceRequestEmail, personalCodeRequestEmail, reviewRejectedEmail } from "./director-emails";

const EVENTS = {
  approve: "reviewApproved",
  "request-evidence": "evidenceRequested",
  reject: "reviewRejected",
} as const;

/** The notification's message key of each decision (notifications.reviewDecided.*). */
const NOTICES = { approve: "approved", "request-evidence": "evidenceRequested", reject: "rejected" } as const;

/**
 * Staff decide the manual review of a director who is `UnderReview` or `OutstandingIDInfo`
 * (lib/domain/director-lifecycle.ts), in one transaction with the director's row locked:
 * - `approve`: Verified, then AwaitingAuthCode; the director is asked for their personal code;
 * - `request-evidence`: OutstandingIDInfo with the kinds named; the director is told which documents
 *   to upload, and moves back to UnderReview only once every named kind is uploaded;
 * - `reject`: Rejected; the director is told that verification failed and to contact support.
 * Any other status: 400 naming the allowed moves (`reviewNotOpen`); a deleted director: 409.
 * The status change is audited by the machine's writer, with the reason; one more entry, "Review
 * decided", records the decision, the reason and the kinds. Admins are notified; the email is sent
 * by the job queue, in the same transaction. Answers the director's client and their new status.
 */
export async function decideReview({
  db,
  user,
  id,
  decision,
  reason,
  evidenceNeeded,
  meta,
}: StaffRecordInput & ReviewDecisionRequest): Promise<{ clientId: number; status: DirectorStatus }> {
  const actor = staffActor(user, "admin.directors.review", id);

  return db.transaction(async (tx) => {
    const director = await lockDirectorForStaff(tx, id);

    const at = new Date();
    const kinds: EvidenceKind[] = decision === "request-evidence" ? [...(evidenceNeeded ?? [])] : [];
    const event: DirectorEvent = decision === "request-evidence" ? { type: "evidenceRequested", kinds } : { type: EVENTS[decision] };
    const moved = await applyDirectorEvent(tx, { director, event, actor, at, meta, reason, refusal: "bad_request", refusalKey: "reviewNotOpen" });
    if (decision === "approve") await enqueueRegisterCheck(tx, { directorId: id, passedAt: at });

    await writeAudit(tx, {
      ...onDirector(director),
      ...auditedBy(actor, meta, at),
      action: "Review decided",
      auditType: "DirectorModified",
      oldValue: { status: moved.from },
      newValue: { decision, reason, ...(kinds.length ? { evidenceNeeded: kinds } : {}), status: moved.to, ...(moved.via ? { via: moved.via } : {}) },
    });

    const [client] = await tx.select({ name: clients.name, locale: clients.locale }).from(clients).where(eq(clients.id, director.clientId));
    const company = { name: client?.name ?? "", locale: client?.locale ?? null };
    const email =
      decision === "approve"
        ? personalCodeRequestEmail(director, company)
        : decision === "request-evidence"
          ? evidenceRequestEmail(director, company, kinds)
          : reviewRejectedEmail(director, company);
    // One email per decision: a retry of the same transaction finds the same key.
    const key = `review-decided:${id}:${decision}:${at.toISOString()}`;
    await sendJob(
      tx,
      "email.send",
      { to: director.email, ...email, about: { entityType: "Director", entityId: String(id), clientId: director.clientId, directorId: id, purpose: `review ${decision}` } },
      { key },
    );

    const t = translator();
    await notifyAdmins({
      db: tx,
      message: t(`notifications.reviewDecided.${NOTICES[decision]}`, {
        name: director.name,
        company: company.name,
        actor,
        documents: kinds.map((k) => t(`evidence.kinds.${k}`)).join(", "),
      }),
      clientId: director.clientId,
      directorId: id,
      dedupeKey: key,
    });
    return { clientId: director.clientId, status: moved.to };
  });
}
