import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { directorFiles } from "@/db/schema";
import { displayFileName, evidenceFileKind } from "@/lib/domain/evidence-file-type";
import { getEnv } from "@/lib/env";
import { actorOf, type Principal } from "@/lib/auth/principal";
import type { RequestMeta } from "@/lib/http";
import { translator } from "@/lib/i18n/translator";
import type { FileStorage } from "@/lib/integrations/storage";
import { AppError } from "@/lib/server/app-error";
import { writeAudit } from "@/lib/server/audit/write-audit";
import { applyDirectorEvent, planDirectorEvent } from "@/lib/server/lifecycle/apply-director-event";
import { notifyAdmins } from "@/lib/server/notifications/notify-admins";
import { ownDirectorId } from "@/lib/server/own-record";
import { lockOwnDirector } from "./lock-director";
import { toDirectorFileView, type DirectorFileView } from "./director-file-view";

/** A size limit as a person reads it: "100 MB", "1.5 MB", "200 KB". */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Stores an evidence file the signed-in director uploaded (proof of a change of name, or of
 * address), for themselves only.
 *
 * The type comes from the content (PDF, JPEG or PNG), never from the name or the browser's
 * Content-Type; the bytes are stored under a random server-chosen key with the upload's SHA-256,
 * and the uploader's name is kept as display text only. The size limit is enforced by the route
 * before the body is read.
 *
 * The upload is the status machine's `evidenceGiven` (lib/domain/director-lifecycle.ts): refused once
 * the check is over (Complete, Rejected); when the director was asked for more evidence
 * (`OutstandingIDInfo`), the kind is crossed off what the review asked for, and the last kind asked
 * moves them back to `UnderReview` and admins are notified, in the same transaction as the file's row. If that transaction fails, the stored bytes are removed
 * again, so nothing is left behind.
 *
 * Quota: a director's uploads that are not deleted (hidden ones count: they are kept) may number at
 * most EVIDENCE_MAX_FILES and weigh at most EVIDENCE_MAX_BYTES; an upload past either is refused (409,
 * the message names the limit) before anything is stored. The director's row is locked, so two
 * uploads at once are counted one after the other.
 */
export async function uploadOwnDirectorFile({
  db,
  user,
  storage,
  fileType,
  upload,
  meta,
}: {
  db: Db;
  user: Principal;
  storage: FileStorage;
  fileType: "Name" | "Address";
  upload: { name: string | null; bytes: Uint8Array };
  meta: RequestMeta;
}): Promise<DirectorFileView> {
  const directorId = ownDirectorId(user, "director.self.update");
  if (upload.bytes.byteLength === 0) throw new AppError("bad_request", "validation", { fields: { file: ["fileEmpty"] } });
  const kind = evidenceFileKind(upload.bytes);
  if (!kind) throw new AppError("bad_request", "validation", { fields: { file: ["fileType"] } });

  const storageKey = `${randomUUID()}.${kind.extension}`;
  const sha256 = createHash("sha256").update(upload.bytes).digest("hex");
  const fileName = displayFileName(upload.name);
  const actor = actorOf(user);
  let stored = false;

  try {
    return await db.transaction(async (tx) => {
      const director = await lockOwnDirector(tx, directorId);
      if (director.evidenceDeletedAt) throw new AppError("conflict", "evidence_closed");
      const at = new Date();
      const event = { type: "evidenceGiven", kind: fileType } as const;
      const planned = await planDirectorEvent(tx, { director, event, at, refusalKey: "evidence_closed" });

      const env = getEnv();
      const [usage] = await tx
        .select({ files: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${directorFiles.sizeBytes}), 0)::bigint`.mapWith(Number) })
        .from(directorFiles)
        .where(and(eq(directorFiles.directorId, directorId), eq(directorFiles.isDeleted, false), inArray(directorFiles.fileType, ["Name", "Address"])));
      if ((usage?.files ?? 0) + 1 > env.EVIDENCE_MAX_FILES) throw new AppError("conflict", "evidence_too_many_files", { maxFiles: env.EVIDENCE_MAX_FILES });
      if ((usage?.bytes ?? 0) + upload.bytes.byteLength > env.EVIDENCE_MAX_BYTES) {
        throw new AppError("conflict", "evidence_too_many_bytes", { limit: sizeText(env.EVIDENCE_MAX_BYTES), maxBytes: env.EVIDENCE_MAX_BYTES });
      }

      await storage.put(storageKey, upload.bytes, kind.contentType);
      stored = true;

      const [row] = await tx
        .insert(directorFiles)
        .values({ directorId, fileName, fileType, storageKey, contentType: kind.contentType, sizeBytes: upload.bytes.byteLength, sha256, createdBy: actor })
        .returning();
      const file = row!;
      const audit = { entityType: "Director", entityId: String(directorId), user: actor, ip: meta.ip, userAgent: meta.userAgent, clientId: director.clientId, directorId } as const;
      await writeAudit(tx, {
        ...audit,
        action: "EvidenceUploaded",
        auditType: "DirectorModified",
        newValue: { fileId: file.id, fileName, fileType, contentType: kind.contentType, sizeBytes: file.sizeBytes, sha256 },
      });

      const moved = await applyDirectorEvent(tx, { director, event, actor, at, meta, planned });
      if (moved.from === "OutstandingIDInfo" && moved.to === "UnderReview") {
        const t = translator();
        await notifyAdmins({
          db: tx,
          message: t("evidence.notifications.uploaded", { name: director.name, kind: t(`evidence.kinds.${fileType}`) }),
          clientId: director.clientId,
          directorId,
        });
      }
      return toDirectorFileView(file);
    });
  } catch (err) {
    if (stored) await storage.delete(storageKey).catch(() => undefined);
    throw err;
  }
}
