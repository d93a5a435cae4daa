import "server-only";
import { eq } from "drizzle-orm";
import { directors } from "@/db/schema";
import { sendJob } from "@/lib/jobs/send-job";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
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
    const [director] = await tx.select().from(directors).where(eq(directors.id, id)).for("update");
    if (!director) throw new AppError("not_found");
    if (director.isDeleted) throw new AppError("conflict", "conflict", { deleted: true });
    if (director.checkPassedAt === null) throw new AppError("conflict", "registerCheckNotYet");
    const at = new Date();
    await sendJob(tx, "register.check", { directorId: id, requestedBy: actor }, { key: `register-check:${id}:again:${Math.floor(at.getTime() / 1000)}` });
    await writeAudit(tx, {
      action: "Register check asked for again",
      auditType: "DirectorModified",
      entityType: "Director",
      entityId: String(id),
      user: actor,
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
      updatedAt: at,
      newValue: { registerCheck: "requested" },
      clientId: director.clientId,
      directorId: id,
    });
    return { clientId: director.clientId };
  });
}
