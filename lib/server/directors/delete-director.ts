import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { directors, sessions } from "@/db/schema";
import { lockRowById } from "@/lib/server/lock-row";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { softDeleteAudit, softDeleteValues, staffActor, type StaffRecordInput } from "@/lib/server/staff-record";
import { recomputeFullPrice } from "@/lib/server/clients/recompute-full-price";
import { refreshClientStatus } from "@/lib/server/lifecycle/refresh-client-status";

/**
 * Soft-deletes a director (docs/domain.md) with a reason, for staff: `isDeleted`, `deleteReason`,
 * `deletedAt`, `deletedBy`, one `DirectorDeleted` audit entry, the director's sessions ended and
 * the client's `fullPrice` and status recomputed, in one transaction.
 *
 * Deleting a director that is already deleted succeeds and changes nothing (idempotent).
 */
export async function deleteDirector({ db, user, id, reason, meta }: StaffRecordInput & { reason: string }): Promise<{ clientId: number; alreadyDeleted: boolean }> {
  const actor = staffActor(user, "admin.directors.delete", id);

  return db.transaction(async (tx) => {
    const director = await lockRowById(tx, directors, id, ["clientId", "name", "isDeleted"]);
    if (director.isDeleted) return { clientId: director.clientId, alreadyDeleted: true };

    const at = new Date();
    await tx.update(directors).set(softDeleteValues(reason, actor, at)).where(eq(directors.id, id));
    await writeAudit(tx, softDeleteAudit({ type: "Director", id, name: director.name, clientId: director.clientId, directorId: id }, reason, actor, at, meta));
    await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.directorId, id), isNull(sessions.revokedAt)));
    await recomputeFullPrice(tx, { clientId: director.clientId, actor, at, meta });
    // The client's status follows its live directors: deleting the last open one completes it.
    await refreshClientStatus(tx, { clientId: director.clientId, actor, at, meta });
    return { clientId: director.clientId, alreadyDeleted: false };
  });
}
