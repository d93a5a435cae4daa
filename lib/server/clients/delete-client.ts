import "server-only";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Db } from "@/db";
import { clients, directors, sessions } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import type { RequestMeta } from "@/lib/http";

/**
 * Soft-deletes a client (spec §4) with a reason, for staff: `isDeleted`, `deleteReason`,
 * `deletedAt`, `deletedBy`, one `ClientDeleted` audit entry, and every session of its company
 * contact and of its directors ended, all in one transaction. Its directors are left as they are
 * (a deleted client's directors cannot sign in either; resolve-session checks the client).
 *
 * Deleting a client that is already deleted succeeds and changes nothing (idempotent: a retried
 * request must not fail, and the first reason and audit entry stand).
 */
export async function deleteClient({
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
}): Promise<{ alreadyDeleted: boolean }> {
  if (!can(user.type, "admin.clients.delete")) throw new AppError("forbidden");
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError("not_found");
  const actor = actorOf(user);

  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name, isDeleted: clients.isDeleted })
      .from(clients)
      .where(eq(clients.id, id))
      .for("update");
    if (!client) throw new AppError("not_found");
    if (client.isDeleted) return { alreadyDeleted: true };

    const at = new Date();
    await tx
      .update(clients)
      .set({ isDeleted: true, deleteReason: reason, deletedAt: at, deletedBy: actor, updatedAt: at, updatedBy: actor })
      .where(eq(clients.id, id));
    await writeAudit(tx, {
      action: `Client ${client.name} deleted`,
      auditType: "ClientDeleted",
      entityType: "Client",
      entityId: String(id),
      user: actor,
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ?? null,
      updatedAt: at,
      oldValue: { isDeleted: false },
      newValue: { isDeleted: true, deleteReason: reason },
      clientId: id,
    });
    const directorIds = tx.select({ id: directors.id }).from(directors).where(eq(directors.clientId, id));
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(isNull(sessions.revokedAt), or(eq(sessions.clientId, id), inArray(sessions.directorId, directorIds))));
    return { alreadyDeleted: false };
  });
}
