import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles, directors } from "@/db/schema";
import { actorOf, type Principal } from "@/lib/auth/principal";
import { canWithdrawEvidence } from "@/lib/domain/evidence-withdrawal";
import type { RequestMeta } from "@/lib/http";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { evidenceReviewEndedAt } from "./evidence-review-ended-at";
import { log } from "@/lib/log";
import { ownDirectorId } from "@/lib/server/own-record";

/** What a director's "delete" did: withdrew the upload (row marked deleted, bytes removed) or hid it (kept). */
export type OwnFileDeletion = "withdrawn" | "hidden";

/**
 * Deletes one of the signed-in director's own uploads, e.g. the wrong document sent by mistake.
 * Another director's file, a provider document or one already deleted or hidden is not found (404).
 * Once the check is `Complete` the uploads can no longer be changed (409).
 *
 * Before review (lib/domain/evidence-withdrawal.ts: the director is AwaitingIDInfo, IDVLinkExpired
 * or OutstandingIDInfo and the file came after the last review ended) the upload is withdrawn: the
 * row is marked deleted (its name and hash stay, with an `EvidenceDeleted` audit entry) and the
 * bytes are removed from storage after the row's change has committed. After that the upload may
 * have been reviewed and is evidence the retention period keeps: it is only hidden from the
 * director (`hiddenAt`, an `EvidenceHiddenByDirector` audit entry), row and bytes kept; staff still
 * see it, marked as withdrawn by the director, and the retention job deletes it with the rest.
 */
export async function deleteOwnDirectorFile({ db, user, storage, fileId, meta }: { db: Db; user: Principal; storage: FileStorage; fileId: number; meta: RequestMeta }): Promise<OwnFileDeletion> {
  const directorId = ownDirectorId(user, "director.self.update");
  const actor = actorOf(user);
  const outcome = await db.transaction(async (tx) => {
    const [director] = await tx
      .select({ status: directors.status, clientId: directors.clientId })
      .from(directors)
      .where(and(eq(directors.id, directorId), eq(directors.isDeleted, false)))
      .for("update");
    if (!director) throw new AppError("not_found");
    const [file] = await tx
      .select()
      .from(directorFiles)
      .where(
        and(
          eq(directorFiles.id, fileId),
          eq(directorFiles.directorId, directorId),
          eq(directorFiles.isDeleted, false),
          isNull(directorFiles.hiddenAt),
          inArray(directorFiles.fileType, ["Name", "Address"]),
        ),
      )
      .for("update");
    if (!file) throw new AppError("not_found");
    if (director.status === "Complete") throw new AppError("conflict", "evidence_closed");
    const now = new Date();
    const audit = { auditType: "DirectorModified", entityType: "Director", entityId: String(directorId), user: actor, ip: meta.ip, userAgent: meta.userAgent, clientId: director.clientId, directorId } as const;
    const described = { fileId: file.id, fileName: file.fileName, fileType: file.fileType, sha256: file.sha256 };

    if (!canWithdrawEvidence(director.status, file.createdAt, await evidenceReviewEndedAt(tx, directorId))) {
      await tx.update(directorFiles).set({ hiddenAt: now }).where(eq(directorFiles.id, file.id));
      await writeAudit(tx, { ...audit, action: "EvidenceHiddenByDirector", updatedAt: now, oldValue: described, newValue: { hiddenAt: now.toISOString(), status: director.status, kept: true } });
      return { kind: "hidden" as const };
    }
    await tx.update(directorFiles).set({ isDeleted: true, deleteReason: "Withdrawn by the director", deletedAt: now, deletedBy: actor }).where(eq(directorFiles.id, file.id));
    await writeAudit(tx, { ...audit, action: "EvidenceDeleted", oldValue: described });
    return { kind: "withdrawn" as const, storageKey: file.storageKey };
  });
  if (outcome.kind === "withdrawn") {
    await storage.delete(outcome.storageKey).catch((err: unknown) => log.error({ fileId, err }, `[evidence] could not delete the bytes of file ${fileId}: ${(err as Error).message}`));
  }
  return outcome.kind;
}
