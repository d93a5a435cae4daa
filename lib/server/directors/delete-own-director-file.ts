import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles, directors } from "@/db/schema";
import { can } from "@/lib/auth/permissions";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { RequestMeta } from "@/lib/http";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";

/**
 * Deletes one of the signed-in director's own uploads, e.g. the wrong document sent by mistake.
 * Another director's file (or a provider document) is not found (404). Once the check is
 * `Complete` the evidence is kept for the retention period and can no longer be withdrawn (409).
 *
 * The row is marked deleted (its name and hash stay, with an audit entry) and the bytes are
 * removed from storage after the row's change has committed.
 */
export async function deleteOwnDirectorFile({ db, user, storage, fileId, meta }: { db: Db; user: Principal; storage: FileStorage; fileId: number; meta: RequestMeta }): Promise<void> {
  if (!can(user.type, "director.self.update")) throw new AppError("forbidden");
  if (!user.directorId) throw new AppError("not_found");
  const directorId = user.directorId;
  const actor = actorOf(user);
  const storageKey = await db.transaction(async (tx) => {
    const [director] = await tx
      .select({ status: directors.status, clientId: directors.clientId })
      .from(directors)
      .where(and(eq(directors.id, directorId), eq(directors.isDeleted, false)))
      .for("update");
    if (!director) throw new AppError("not_found");
    const [file] = await tx
      .select()
      .from(directorFiles)
      .where(and(eq(directorFiles.id, fileId), eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false), inArray(directorFiles.fileType, ["Name", "Address"])))
      .for("update");
    if (!file) throw new AppError("not_found");
    if (director.status === "Complete") throw new AppError("conflict", "evidence_closed");
    const now = new Date();
    await tx.update(directorFiles).set({ isDeleted: true, deleteReason: "Withdrawn by the director", deletedAt: now, deletedBy: actor }).where(eq(directorFiles.id, file.id));
    await writeAudit(tx, {
      action: "EvidenceDeleted",
      auditType: "DirectorModified",
      entityType: "Director",
      entityId: String(directorId),
      user: actor,
      ip: meta.ip,
      userAgent: meta.userAgent,
      clientId: director.clientId,
      directorId,
      oldValue: { fileId: file.id, fileName: file.fileName, fileType: file.fileType, sha256: file.sha256 },
    });
    return file.storageKey;
  });
  await storage.delete(storageKey).catch((err: unknown) => console.error(`[evidence] could not delete the bytes of file ${fileId}:`, (err as Error).message));
}
