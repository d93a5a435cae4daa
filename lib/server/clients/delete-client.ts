import "server-only";
import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { clients, directors, sessions } from "@/db/schema";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { lockRowById } from "@/lib/server/lock-row";
import { softDeleteAudit, softDeleteValues, staffActor, type StaffRecordInput } from "@/lib/server/staff-record";

/**
 * Soft-deletes a client (docs/domain.md) with a reason, for staff: `isDeleted`, `deleteReason`,
 * `deletedAt`, `deletedBy`, one `ClientDeleted` audit entry, and every session of its company
 * contact and of its directors ended, all in one transaction. Its directors are left as they are
 * (a deleted client's directors cannot sign in either; resolve-session checks the client).
 *
 * Deleting a client that is already deleted succeeds and changes nothing (idempotent: a retried
 * request must not fail, and the first reason and audit entry stand).
 */
export async function deleteClient({ db, user, id, reason, meta }: StaffRecordInput & { reason: string }): Promise<{ alreadyDeleted: boolean }> {
  const actor = staffActor(user, "admin.clients.delete", id);

  return db.transaction(async (tx) => {
    const client = await lockRowById(tx, clients, id, ["name", "isDeleted"]);
    if (client.isDeleted) return { alreadyDeleted: true };

    const at = new Date();
    await tx.update(clients).set(softDeleteValues(reason, actor, at)).where(eq(clients.id, id));
    await writeAudit(tx, softDeleteAudit({ type: "Client", id, name: client.name, clientId: id }, reason, actor, at, meta));
    const directorIds = tx.select({ id: directors.id }).from(directors).where(eq(directors.clientId, id));
    await tx
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(isNull(sessions.revokedAt), or(eq(sessions.clientId, id), inArray(sessions.directorId, directorIds))));
    return { alreadyDeleted: false };
  });
}
