import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { directors, sessions } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import type { RequestMeta } from "@/lib/http";
import { recomputeFullPrice } from "@/lib/server/clients/recompute-full-price";

/**
 * Soft-deletes a director (spec §4) with a reason, for staff: `isDeleted`, `deleteReason`,
 * `deletedAt`, `deletedBy`, one `DirectorDeleted` audit entry, the director's sessions ended and
 * the client's `fullPrice` recomputed, in one transaction.
 *
 * Deleting a director that is already deleted succeeds and changes nothing (idempotent).
 */
export async function deleteDirector({
  db,
  user,
  id,
  reason,
  meta,
}: {
  db: Db;
  user: Principal;
  id: number;
  reason: string;
  meta?: RequestMeta;
}): Promise<{ clientId: number; alreadyDeleted: boolean }> {
  if (!can(user.type, "admin.directors.delete")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const actor = actorOf(user);

  return db.transaction(async (tx) => {
    const [director] = await tx
      .select({ id: directors.id, clientId: directors.clientId, name: directors.name, isDeleted: directors.isDeleted })
      .from(directors)
      .where(eq(directors.id, id))
      .for("update");
    if (!director) throw new AppError("not_found");
    if (director.isDeleted) return { clientId: director.clientId, alreadyDeleted: true };

    const at = new Date();
    await tx
      .update(directors)
      .set({ isDeleted: true, deleteReason: reason, deletedAt: at, deletedBy: actor, updatedAt: at, updatedBy: actor })
      .where(eq(directors.id, id));
    await writeAudit(tx, {
      action: `Director ${director.name} deleted`,
      auditType: "DirectorDeleted",
      entityType: "Director",
      entityId: String(id),
      user: actor,
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
      updatedAt: at,
      oldValue: { isDeleted: false },
      newValue: { isDeleted: true, deleteReason: reason },
      clientId: director.clientId,
      directorId: id,
    });
    await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.directorId, id), isNull(sessions.revokedAt)));
    await recomputeFullPrice(tx, { clientId: director.clientId, actor, at, meta });
    return { clientId: director.clientId, alreadyDeleted: false };
  });
}
