import "server-only";
import { eq } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { DirectorStatus } from "@/lib/domain/values";
import { translator } from "@/lib/i18n/translator";
import { sendJob } from "@/lib/jobs/send-job";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";
import { applyDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { lockDirectorForStaff } from "./lock-director";
import { reopenedEmail } from "./director-emails";

/**
 * Staff re-open a `Rejected` director with a reason (lib/domain/director-lifecycle.ts `reopened`),
 * in one transaction with the director's row locked: the failed attempts go back to 0, and the
 * director returns to AwaitingAuthCode if a check of theirs passed, else AwaitingIDInfo (a new
 * identity check). Any other status: 400 naming the allowed moves (`reopenNotRejected`); a deleted
 * director: 409. Audited (the status change with the reason, and one "Director re-opened" entry with
 * the attempts reset); the director is emailed that they can continue; admins are notified.
 * Answers the director's client and their new status.
 */
export async function reopenDirector({ db, user, id, reason, meta }: StaffRecordInput & { reason: string }): Promise<{ clientId: number; status: DirectorStatus }> {
  const actor = staffActor(user, "admin.directors.review", id);

  return db.transaction(async (tx) => {
    const director = await lockDirectorForStaff(tx, id);

    const at = new Date();
    const moved = await applyDirectorEvent(tx, { director, event: { type: "reopened" }, actor, at, meta, reason, refusal: "bad_request", refusalKey: "reopenNotRejected" });

    await writeAudit(tx, {
      ...onDirector(director),
      ...auditedBy(actor, meta, at),
      action: "Director re-opened",
      auditType: "DirectorModified",
      oldValue: { status: moved.from, idvFailedAttempts: director.idvFailedAttempts },
      newValue: { reason, status: moved.to, idvFailedAttempts: 0 },
    });

    const [client] = await tx.select({ name: clients.name, locale: clients.locale }).from(clients).where(eq(clients.id, director.clientId));
    const company = { name: client?.name ?? "", locale: client?.locale ?? null };
    const key = `director-reopened:${id}:${at.toISOString()}`;
    await sendJob(
      tx,
      "email.send",
      {
        to: director.email,
        ...reopenedEmail(director, company, moved.to),
        about: { entityType: "Director", entityId: String(id), clientId: director.clientId, directorId: id, purpose: "re-opened" },
      },
      { key },
    );
    const t = translator();
    await notifyAdmins({
      db: tx,
      message: t("notifications.directorReopened", { name: director.name, company: company.name, actor, status: t(`statuses.director.${moved.to}`) }),
      clientId: director.clientId,
      directorId: id,
      dedupeKey: key,
    });
    return { clientId: director.clientId, status: moved.to };
  });
}
