import "server-only";
import { and, eq } from "drizzle-orm";
import { directors, registerChecks } from "@/db/schema";
import { AppError } from "@/lib/server/app-error";
import { auditedBy, onDirector, writeAudit } from "@/lib/server/audit/write-audit";
import { staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { OPEN_OUTCOMES } from "./register-check-findings";

/**
 * Staff record how a register check's finding was resolved (issue 20 item 4): a mismatch between
 * the identity check and the register, an individual not on the register, or a register that could
 * not be asked. In one transaction with the check's row locked: the reason (more than 10
 * characters), who and when are kept on the check and audited ("Register check resolved", with the
 * outcome and both values). A check of another individual: 404; a match, or one already resolved:
 * 409 (`registerCheckNotOpen`); a deleted individual: 409.
 */
export async function resolveRegisterCheck({ db, user, id, checkId, reason, meta }: StaffRecordInput & { checkId: number; reason: string }): Promise<{ clientId: number }> {
  const actor = staffActor(user, "admin.directors.review", id);
  if (!Number.isSafeInteger(checkId) || checkId < 1) throw new AppError("not_found");

  return db.transaction(async (tx) => {
    const [director] = await tx.select({ id: directors.id, clientId: directors.clientId, isDeleted: directors.isDeleted }).from(directors).where(eq(directors.id, id));
    if (!director) throw new AppError("not_found");
    const [check] = await tx
      .select()
      .from(registerChecks)
      .where(and(eq(registerChecks.id, checkId), eq(registerChecks.directorId, id)))
      .for("update");
    if (!check) throw new AppError("not_found");
    if (director.isDeleted) throw new AppError("conflict", "conflict", { deleted: true });
    if (!OPEN_OUTCOMES.includes(check.outcome) || check.resolvedAt !== null) throw new AppError("conflict", "registerCheckNotOpen");

    const at = new Date();
    await tx.update(registerChecks).set({ resolvedAt: at, resolvedBy: actor, resolutionReason: reason }).where(eq(registerChecks.id, checkId));
    await writeAudit(tx, {
      ...onDirector(director),
      ...auditedBy(actor, meta, at),
      action: "Register check resolved",
      auditType: "DirectorModified",
      oldValue: { registerCheckId: checkId, outcome: check.outcome, resolved: false },
      newValue: {
        registerCheckId: checkId,
        outcome: check.outcome,
        resolved: true,
        reason,
        verified: { name: check.verifiedName, birthMonth: check.verifiedBirthMonth, birthYear: check.verifiedBirthYear },
        register: { name: check.registerName, birthMonth: check.registerBirthMonth, birthYear: check.registerBirthYear },
      },
    });
    return { clientId: director.clientId };
  });
}
