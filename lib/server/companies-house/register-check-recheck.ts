import "server-only";
import { sendJob } from "@/lib/jobs/send-job";
import { AppError } from "@/lib/server/app-error";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";
import { lockDirectorForStaff } from "@/lib/server/directors/lock-director";
import { staffActor, type StaffRecordInput } from "@/lib/server/staff-record";

/**
 * Staff ask for an individual's register check again (the register was unavailable, or the client's
 * company number or the register has been corrected since): a new `register.check` job, sent in the
 * transaction of its audit entry. Only for an individual whose identity check has passed (else 409
 * `registerCheckNotYet`); a deleted one: 409. Two clicks at once send one job (the key names the
 * second).
 */
export async function recheckRegister({ db, user, id, meta }: StaffRecordInput): Promise<{ clientId: number }> {
  const actor = staffActor(user, "admin.directors.review", id);
  return db.transaction(async (tx) => {
    const director = await lockDirectorForStaff(tx, id);
    if (director.checkPassedAt === null) throw new AppError("conflict", "registerCheckNotYet");
    const at = new Date();
    await sendJob(tx, "register.check", { directorId: id, requestedBy: actor }, { key: `register-check:${id}:again:${Math.floor(at.getTime() / 1000)}` });
    await writeAudit(tx, { ...onDirector(director), ...auditedBy(actor, meta, at), action: "Register check asked for again", auditType: "DirectorModified", newValue: { registerCheck: "requested" } });
    return { clientId: director.clientId };
  });
}
