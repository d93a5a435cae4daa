import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { invitationResendRefusal } from "@/lib/domain/director-lifecycle";
import type { RequestMeta } from "@/lib/http";
import { getJobQueue } from "@/lib/jobs/queue";
import { sendJob } from "@/lib/jobs/send-job";
import { AppError } from "@/lib/server/app-error";
import { auditedBy, writeAudit } from "@/lib/server/audit/write-audit";
import { hitRateLimit } from "@/lib/server/rate-limit/hit-rate-limit";
import { invitationJobKey } from "@/lib/server/requests/release-invitations";
import { ownClientId } from "@/lib/server/own-record";

/** How often a contact may resend: once per individual per 10 minutes, 20 a contact an hour. */
export const resendInvitationLimits = {
  perIndividual: { limit: 1, windowSeconds: 10 * 60 },
  perContact: { limit: 20, windowSeconds: 60 * 60 },
} as const;

const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * A company contact sends an individual of their own company their invitation again (POST
 * /api/director-verification/directors/{id}/resend-invitation), to the individual's address on
 * record: the same email as the first (invitation.send), under a job key of its own so it is not
 * taken for the first.
 *
 * - Only the caller's own company's live individuals: any other id is a 404, indistinguishable
 *   from one that does not exist.
 * - Only someone already invited: an individual of an unpaid request or batch (`invitedAt` empty)
 *   is refused (409 `invitationNotInvitedYet`), as is one whose verification has ended, Complete or
 *   Rejected (409 `invitationNotNeeded`).
 * - At most once per individual per 10 minutes and 20 times per contact per hour (429 saying in
 *   how many minutes; only a resend that would otherwise go counts against them).
 * - Audited ("Invitation resent", who, to which address) in the transaction that enqueues it.
 */
export async function resendInvitation({ db, user, directorId, meta, now = new Date() }: { db: Db; user: Principal; directorId: number; meta?: RequestMeta; now?: Date }): Promise<{ success: true }> {
  const clientId = ownClientId(user, "company.update");
  const [director] = await db
    .select({ id: directors.id, name: directors.name, email: directors.email, status: directors.status, invitedAt: directors.invitedAt, clientId: directors.clientId })
    .from(directors)
    .innerJoin(clients, eq(clients.id, directors.clientId))
    .where(and(eq(directors.id, directorId), eq(directors.clientId, clientId), eq(directors.isDeleted, false), eq(clients.isDeleted, false)));
  if (!director) throw new AppError("not_found");
  const refusal = invitationResendRefusal(director);
  if (refusal) throw new AppError("conflict", refusal);

  const actor = actorOf(user);
  const { perIndividual, perContact } = resendInvitationLimits;
  const individual = await hitRateLimit(db, `invitation-resend:director:${director.id}`, perIndividual.limit, perIndividual.windowSeconds, now);
  if (!individual.allowed) {
    throw new AppError("rate_limited", "invitationResentRecently", { retryAfterSeconds: individual.retryAfterSeconds, minutes: minutesOf(individual.retryAfterSeconds) });
  }
  const contact = await hitRateLimit(db, `invitation-resend:contact:${actor.toLowerCase()}`, perContact.limit, perContact.windowSeconds, now);
  if (!contact.allowed) {
    throw new AppError("rate_limited", "invitationResendLimit", { retryAfterSeconds: contact.retryAfterSeconds, minutes: minutesOf(contact.retryAfterSeconds) });
  }

  // Opened before the transaction: on the embedded database, starting the queue needs the one
  // connection that the transaction would hold.
  await getJobQueue();
  await db.transaction(async (tx) => {
    await sendJob(tx, "invitation.send", { directorId: director.id }, { key: `${invitationJobKey(director.id)}:email-${now.getTime()}` });
    await writeAudit(tx, {
      action: "Invitation resent",
      auditType: "Email",
      entityType: "Director",
      entityId: String(director.id),
      clientId: director.clientId,
      directorId: director.id,
      ...auditedBy(actor, meta),
      newValue: { to: director.email, purpose: "invitation", resentBy: actor },
    });
  });
  return { success: true };
}
